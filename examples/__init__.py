"""Example scenarios, shipped in the wheel as ``pycombat.examples`` (data only)."""
