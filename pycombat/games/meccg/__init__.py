"""Middle-earth CCG: company vs. company combat (``game: meccg``).

Registers the game with :mod:`pycombat.registry`; the verbs live in :mod:`.verbs` (reports) and
:mod:`.present` (printing), imported when a verb runs.
"""
from __future__ import annotations

from importlib.resources import files as _files
from pathlib import Path

from ...registry import Game, key_without, Option, Verb, register, positive_int

#: ``--rolls``: the same option as WotR's (one option of the generic CLI), so one help text for both
ROLLS_HELP = ("the dice instead of the file's rolls: MECCG: every 2d6 total in the order rolled (per strike: "
              "attacker, defender, body check), e.g. 8,8,6; WotR: the `rolls:` list as YAML or JSON text, e.g. "
              "\"[{attacker: {combat: [6, 5, 1]}, defender: {combat: [4, 2]}}]\"")

_V = "pycombat.games.meccg.verbs:"
_P = "pycombat.games.meccg.present:"

LIMIT = Option(("--limit",), dict(type=positive_int, metavar="N", help="list at most N options"))
COUNT = Option(("--count",), dict(action="store_true", help="print only the number (not listing them)"))
MAX_LIST = Option(("--max-list",), dict(type=positive_int, default=None, metavar="N",
                                        help="refuse to list more than N options without --limit (default 100000)"))
PLOT = Option(("--plot",), dict(metavar="FILE.png", help="draw the distributions to a PNG file"))
OBJECTIVE = Option(("--objective",), dict(
    default=None, metavar="NAME",
    help="MECCG: kill_mp (default): defending player's MPs minus attacking player's; survive: the probability that "
         "--character survives (stays in play: not eliminated, discarded, returned to hand or put off to the side); "
         "eliminations: attacking members eliminated minus defending members eliminated. "
         "Other games: see their section in the README"))
CHARACTER = Option(("--character",), dict(metavar="NAME", help="the character of --objective survive"))
MAX_NODES = Option(("--max-nodes",), dict(type=positive_int, default=2_000_000, metavar="N",
                                          help="refuse trees with more than N nodes (default 2,000,000)"))
OUTPUT = Option(("-o", "--output"), dict(required=True, metavar="OUT.{graphml,dot,png}",
                                         help="where to write the tree"))
TOP = Option(("--top",), dict(type=positive_int, default=10, metavar="N",
                             help="show the N best options of each decision (default 10; --json lists all)"))
DEPTH = Option(("--depth",), dict(type=positive_int, metavar="N", help="only the first N plies (not solved then)"))


def affinity(data: dict) -> str:
    """The batch grouping key (``Game.affinity``): the companies, site and rules: the attack and
    assignment programs are grounded per company, whatever the hands, the dice or the claims."""
    return key_without(data, ("title", "description", "claims", "combat"),
                       {"attacker": ("hand",), "defender": ("hand",)})


register(Game(
    affinity=affinity,
    name="meccg",
    title="Middle-earth CCG: company vs. company combat",
    read="pycombat.games.meccg.schema:scenario_from_dict",
    claims="pycombat.games.meccg.claims.verify:book",
    json_schema="pycombat.games.meccg.spec:json_schema",
    card="pycombat.games.meccg.verbs:card",
    card_present="pycombat.games.meccg.present:card",
    card_coverage="pycombat.games.meccg.cards.listing:coverage",
    card_coverage_present="pycombat.games.meccg.cards.listing:present",
    digest_extensions=(Path(__file__).resolve().parent / "card_flags.md",),
    examples=Path(str(_files("pycombat.examples").joinpath("meccg"))),
    names="pycombat.games.meccg.completion:names",
    prefetch=_V + "prefetch",
    default_example="wind_throne.yaml",
    help="MECCG (game: meccg): enumerate lists the legal complete strike assignments (or --traces); odds and replay "
         "resolve the file's `combat:` block; optimize solves phases I-III, the strike order and each strike's "
         "choices exactly.",
    verbs={
        "enumerate": Verb("enumerate", _V + "enumerate", _P + "enumerate", options=(
            LIMIT, COUNT, MAX_LIST,
            Option(("--traces",), dict(action="store_true", help="phase-by-phase traces (who made which pair in "
                                                                 "which phase) instead of complete assignments")))),
        "odds": Verb("odds", _V + "odds", _P + "odds", options=(PLOT,)),
        "replay": Verb("replay", _V + "replay", _P + "replay", options=(
            Option(("--rolls",), dict(metavar="ROLLS", help=ROLLS_HELP)),)),
        "verify": Verb("verify", _V + "verify", _P + "verify", needs_file=True),
        "optimize": Verb("optimize", _V + "optimize", _P + "optimize", progress=True,
                         options=(OBJECTIVE, CHARACTER, MAX_NODES, TOP)),
        "tree": Verb("tree", _V + "tree", _P + "tree", progress=True,
                     options=(OUTPUT, DEPTH, OBJECTIVE, CHARACTER, MAX_NODES)),
    },
))
