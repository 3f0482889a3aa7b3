"""War of the Ring 2nd edition: battles, rearguards, action dice, movement and cards.

This module only declares the game (its verbs and their options); the scenario reader, the verbs
and the printers are named as ``"module:function"`` and imported when a verb runs (nothing heavy,
no solver, is imported here).

>>> from pycombat.registry import get
>>> sorted(get("wotr").verbs)
['enumerate', 'odds', 'optimize', 'replay', 'tree', 'verify']
>>> get("wotr").verbs["tree"].defaults()["max_nodes"]
2000000
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from ...registry import Game, key_without, Option, Verb, nonneg_int, positive_int, register


def _examples() -> Path:
    """The shipped examples (``examples/wotr`` in the repository, ``pycombat.examples`` installed)."""
    return Path(str(files("pycombat.examples").joinpath("wotr")))


_M = "pycombat.games.wotr"
_OBJECTIVE = Option(("--objective",), dict(
    default=None, metavar="NAME",
    help="WotR: win (default): the probability that the attacker wins the region; destroy: that the defending "
         "Army is eliminated; losses: the expected hit points the defender loses minus those the attacker loses"))
_MAX_NODES = Option(("--max-nodes",), dict(type=positive_int, default=2_000_000, metavar="N",
                                           help="refuse trees with more than N nodes (default 2,000,000)"))


def chance(text: str):
    """An option's probability, 0 to 1, as a fraction or a decimal (argparse ``type=``).

    >>> chance("1/100"), chance("0.5")
    (Fraction(1, 100), Fraction(1, 2))
    """
    import argparse
    from fractions import Fraction

    try:
        p = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a probability (a fraction such as 1/1000, or 0.001)") from None
    if not 0 <= p <= 1:
        raise argparse.ArgumentTypeError(f"a probability is 0 to 1, not {text}")
    return p


def tolerance(text: str):
    """A positive width, as a fraction or a decimal (argparse ``type=``).

    >>> tolerance("1e-6"), tolerance("1/100")
    (Fraction(1, 1000000), Fraction(1, 100))
    """
    import argparse
    from fractions import Fraction

    try:
        t = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a tolerance (a fraction such as 1/10**9 written out, "
                                         "or a decimal such as 1e-9)") from None
    if not 0 < t < 1:
        raise argparse.ArgumentTypeError(f"a tolerance is above 0 and below 1, not {text}")
    return t


def _tolerance():
    from fractions import Fraction

    return Fraction(1, 10 ** 9)  # .cards.round_game.TOLERANCE (not imported here: nothing heavy at registration)


def _min_chance():
    from fractions import Fraction

    return Fraction(1, 1000)  # .battle.decisions.MIN_CHANCE (not imported here: nothing heavy at registration)


#: ``--rolls``: the same option as MECCG's (one option of the generic CLI), so one help text for both
ROLLS_HELP = ("the dice instead of the file's rolls: MECCG: every 2d6 total in the order rolled (per strike: "
              "attacker, defender, body check), e.g. 8,8,6; WotR: the `rolls:` list as YAML or JSON text, e.g. "
              "\"[{attacker: {combat: [6, 5, 1]}, defender: {combat: [4, 2]}}]\"")


def _verb(name: str, *options: Option, **kw) -> Verb:
    return Verb(name, run=f"{_M}.verbs:{name}", present=f"{_M}.present:{name}", options=options, **kw)



def affinity(data: dict) -> str:
    """The batch grouping key (``Game.affinity``): the battle without its title: equal battles share their solved odds."""
    return key_without(data, ("title", "description", "claims"), None)


register(Game(
    affinity=affinity,
    prefetch=f"{_M}.verbs:prefetch",
    answers=f"{_M}.verbs:answers",
    name="wotr",
    title="War of the Ring (2nd edition)",
    read=f"{_M}.schema:scenario_from_dict",
    verbs={
        "enumerate": _verb(
            "enumerate",
            Option(("--limit",), dict(type=positive_int, metavar="N", help="list at most N options")),
            Option(("--count",), dict(action="store_true", help="print only the number (not listing them)")),
            Option(("--max-list",), dict(type=positive_int, default=None, metavar="N",
                                         help="refuse to list more than N options without --limit (default 100000)")),
            help="battles: whether the attack is legal and every legal rearguard split; positions: every legal "
                 "move of the action die result"),
        "odds": _verb(
            "odds",
            Option(("--plot",), dict(metavar="FILE.png", help="WotR: draw the outcomes and units left to a PNG file")),
            Option(("--monte-carlo",), dict(type=nonneg_int, default=0, metavar="N",
                                            help="WotR: also play N random battles and compare with the exact odds")),
            Option(("--seed",), dict(type=int, default=1, metavar="N", help="WotR: seed of --monte-carlo (default 1)")),
            Option(("--exact",), dict(action="store_true",
                                      help="WotR: print every long exact fraction in full (the table shows "
                                           "decimals)")),
            help="the exact outcome distribution of the battle, fought to the end"),
        "replay": _verb(
            "replay",
            Option(("--rolls",), dict(metavar="ROLLS", help=ROLLS_HELP)),
            help="resolve the battle with given dice (the file's `rolls:` or --rolls), round by round"),
        "optimize": _verb(
            "optimize",
            _OBJECTIVE,
            Option(("--decide",), dict(default="both", choices=("both", "attacker", "defender"),
                                       help="WotR: whose decisions are optimal (the other side follows the flags' "
                                            "policies); default both")),
            Option(("--top",), dict(type=positive_int, default=10, metavar="N",
                                    help="show the N best options of each decision (default 10; --json lists all); "
                                         "WotR: also the N best rearguard splits")),
            Option(("--min-chance",), dict(type=chance, default=_min_chance(), metavar="P",
                                           help="WotR: value the options of the decisions the optimal play reaches "
                                                "with chance at least P (default 1/1000; others are counted)")),
            _MAX_NODES,
            Option(("--max-work",), dict(type=positive_int, default=600_000, metavar="N",
                                         help="WotR: refuse, up front, a battle whose exact solution is estimated at "
                                              "more than N positions valued (default 600,000, about three seconds)")),
            Option(("--tolerance",), dict(type=tolerance, default=_tolerance(), metavar="T",
                                          help="WotR, Combat cards in hand without max_rounds: a position that can "
                                               "repeat (no card, no hit) has a value bounded from both sides; "
                                               "iterate until the bounds are at most T apart (default 1e-9)")),
            help="the best rearguard split and the optimal play of both sides, solved exactly"),
        "verify": _verb("verify", needs_file=True,
                        help="verdicts on the scenario's claims (battles: legality, numbers, hits; positions: "
                             "moves, dice and cards), with the rules that decide them"),
        "tree": _verb(
            "tree",
            Option(("-o", "--output"), dict(required=True, metavar="OUT.{graphml,dot,png}",
                                            help="where to write the tree")),
            Option(("--depth",), dict(type=positive_int, metavar="N", help="only the first N plies (not solved then)")),
            _OBJECTIVE,
            _MAX_NODES,
            progress=True,
            help="write the battle's game tree to GraphML, DOT or PNG"),
    },
    claims=f"{_M}.claims.battle:book",
    json_schema=f"{_M}.spec:json_schema",
    digest=None,  # the shipped pycombat/rules/wotr.md
    digest_extensions=(Path(__file__).parent / "card_flags.md",),  # the named Combat cards' rules and flags
    card=f"{_M}.cards.lookup:card",
    card_present=f"{_M}.cards.lookup:present",
    examples=_examples(),
    names=f"{_M}.completion:names",
    board=f"{_M}.completion:board",
    board_marks=f"{_M}.completion:marks",
    help="War of the Ring: battle scenarios (attacker/defender/battle) take every verb; position scenarios "
         "(position/action) take enumerate (the legal moves of the die result) and verify. See docs/wotr.md.",
))
