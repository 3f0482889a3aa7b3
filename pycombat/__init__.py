"""pycombat: a declarative rules solver for tabletop and card-game combat.

Layers (imports only go downward; see docs/architecture.md):

1. front ends: ``pycombat.cli`` (the ``pycombat`` command): arguments and printing, no rules.
2. ``pycombat.games.<game>``: each game's model, scenario schema, verbs (report objects), printing
   and data, registered once with :mod:`pycombat.registry`.
3. the engine, which never imports a game: ``solver`` (the only module importing clingo),
   ``dice``, ``tree``, ``verdicts``, ``report``, ``registry``, ``scenario``, ``rulebook``, ``names``.

The Python API (docs/api.md): ``pycombat.load(path_or_mapping)`` gives a :class:`Scenario` whose
methods (``enumerate()``, ``count()``, ``odds()``, ``optimize()``, ``verify()``, ``tree()``,
``replay()``) return report objects with ``to_json()``.
"""

from .api import Scenario, card, example, load, read_scenario, save_ruling, schema
from .errors import PycombatError, ScenarioError, SolverError, TooLargeError, UnknownNameError, UnknownOptionError
from .registry import names as game_names

__version__ = "0.1.0"

__all__ = ["load", "Scenario", "example", "read_scenario", "save_ruling", "schema", "card", "game_names", "PycombatError",
           "ScenarioError", "TooLargeError", "UnknownNameError", "UnknownOptionError", "SolverError", "__version__"]
