"""Answer-set programs (clingo), one folder per game, shipped as ``pycombat.asp_rules``."""
