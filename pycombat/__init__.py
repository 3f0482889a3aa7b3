"""pycombat: a declarative rules solver for tabletop and card-game combat.

Layers (imports only go downward):

1. ``pycombat.cli``: argument parsing and printing, no rules.
2. ``pycombat.games.<game>``: each game's model, scenario schema, data and rules glue.
3. the engine, which never imports a game: ``solver`` (the only module importing clingo),
   ``dice``, ``tree``, plus the game-neutral helpers ``errors``, ``scenario``, ``rulebook``
   and ``names``.
"""

__version__ = "0.1.0"
