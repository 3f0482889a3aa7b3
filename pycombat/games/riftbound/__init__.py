"""Riftbound: showdown combat, legal damage splits, outcomes.

This module only declares the game (:func:`pycombat.registry.register`): its verbs and their
options. The scenario reader, the verbs (:mod:`.verbs`), the printers (:mod:`.present`) and the
claims (:mod:`.claims`) are named as ``"module:function"`` and imported when first used, so
importing this package loads neither clingo nor the card data.

>>> from pycombat import registry
>>> game = registry.get("riftbound")
>>> sorted(game.verbs), game.verbs["tree"].defaults()["max_nodes"]
(['enumerate', 'odds', 'optimize', 'tree', 'verify'], 2000000)
"""
from __future__ import annotations

from importlib.resources import files as _resource_files
from pathlib import Path

from ...registry import Game, key_without, Option, Verb, positive_int, register

_PKG = "pycombat.games.riftbound"


_OBJECTIVE = Option(("--objective",), {
    "default": None, "metavar": "NAME",
    "help": "MECCG: kill_mp (default): defending player's MPs minus attacking player's; survive: the "
            "probability that --character survives; eliminations: attacking members eliminated minus "
            "defending members eliminated. Other games: see their section in the README"})
_CHARACTER = Option(("--character",), {"metavar": "NAME", "help": "the character of --objective survive"})
_PROTECT = Option(("--protect",), {
    "action": "append", "default": [], "metavar": "UNIT",
    "help": "Riftbound: a unit the assigner prefers to leave alive (e.g. one whose Deathknell helps its owner); "
            "repeatable; spared first, before the objective"})
_MAX_NODES = Option(("--max-nodes",), {"type": positive_int, "default": 2_000_000, "metavar": "N",
                                       "help": "refuse trees with more than N nodes (default 2,000,000)"})
_TOP = Option(("--top",), {"type": positive_int, "default": 10, "metavar": "N",
                           "help": "show the N best options of each decision (default 10; --json lists all)"})

VERBS = {
    "enumerate": Verb("enumerate", run=f"{_PKG}.verbs:enumerate", present=f"{_PKG}.present:enumerate", options=(
        Option(("--limit",), {"type": positive_int, "metavar": "N", "help": "list at most N options"}),
        Option(("--count",), {"action": "store_true", "help": "print only the number (not listing them)"}),
        Option(("--max-list",), {"type": positive_int, "default": None, "metavar": "N",
                                 "help": "refuse to list more than N options without --limit (default 100000)"}),
        Option(("--side",), {"choices": ("attacker", "defender"), "default": None,
                             "help": "Riftbound: only this side's splits (default: both)"}),
    ), help="each side's legal damage splits (count and list), with the units each kills"),
    "odds": Verb("odds", run=f"{_PKG}.verbs:odds", present=f"{_PKG}.present:odds", options=(
        Option(("--plot",), {"metavar": "FILE.png", "help": "draw the kill-MP distributions to a PNG file"}),
    ), help="the resulting board, step by step (deterministic: no dice)"),
    "optimize": Verb("optimize", run=f"{_PKG}.verbs:optimize", present=f"{_PKG}.present:optimize", progress=True,
                     options=(_OBJECTIVE, _CHARACTER, _PROTECT, _MAX_NODES, _TOP),
                     help="each side's best split (RB-MODEL-7) and the joint game, solved exactly"),
    "verify": Verb("verify", run=f"{_PKG}.verbs:verify", present=f"{_PKG}.present:verify", needs_file=True,
                   help="verdicts on the scenario's claims, with the rule ids that decide them"),
    "tree": Verb("tree", run=f"{_PKG}.verbs:tree", present=f"{_PKG}.present:tree", progress=True, options=(
        Option(("-o", "--output"), {"required": True, "metavar": "OUT.{graphml,dot,png}",
                                    "help": "where to write the tree"}),
        Option(("--depth",), {"type": positive_int, "metavar": "N", "help": "only the first N plies (not solved then)"}),
        _OBJECTIVE, _CHARACTER, _PROTECT, _MAX_NODES,
    ), help="the joint game tree (the Attacker's split, then the Defender's) to GraphML, DOT or PNG"),
}


def affinity(data: dict) -> str:
    """The batch grouping key (``Game.affinity``): the board without its title, claims or proposed splits: one grounding a board answers them all."""
    return key_without(data, ("title", "description", "claims", "splits"), None)


GAME = register(Game(
    affinity=affinity,
    prefetch=f"{_PKG}.verbs:prefetch",
    name="riftbound",
    title="Riftbound",
    read=f"{_PKG}.reading:scenario_from_dict",
    verbs=VERBS,
    claims=f"{_PKG}.claims:book",
    json_schema=f"{_PKG}.spec:json_schema",
    examples=Path(str(_resource_files("pycombat.examples").joinpath("riftbound"))),
    names="pycombat.games.riftbound.completion:names",
    card=f"{_PKG}.cards.lookup:card",
    card_present=f"{_PKG}.cards.lookup:present",
    card_coverage=f"{_PKG}.cards.coverage:coverage",
    card_coverage_present=f"{_PKG}.cards.coverage:present",
    # the card interpreter's own rules and flags (RB-CARD, RB-JUDGE), merged into the digest
    digest_extensions=(Path(__file__).parent / "card_flags.md",),
    help="Riftbound (game: riftbound): enumerate lists each side's legal damage splits with the units they "
         "kill; odds resolves the board (no dice: the scenario's splits, else each side's best); optimize gives "
         "each side's best split under --objective (kills_then_might, might_then_kills, custom), sparing "
         "--protect units first, and the joint game solved exactly; verify decides the claims; tree writes the "
         "joint game tree. See docs/riftbound.md.",
))
