"""Pebbles: a toy fourth game registered only inside the tests (the contract's proof).

Players 0 and 1 alternately take 1 to ``max_take`` pebbles from a pile; a coin first adds one
pebble or none.  The one who takes the last pebble wins (flag ``last_pebble=wins``) or loses.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from clorm import IntegerField, Predicate

from pycombat.dice import Dist
from pycombat.errors import ScenarioError
from pycombat.registry import Game, Option, Verb, positive_int, register, unregister
from pycombat.report import Report, VerifyReport
from pycombat.scenario import Node, read_flags
from pycombat.solver import Decoder, Solver, rule_files
from pycombat.tree import CHANCE, TERMINAL, build_tree, solve, solve_game, to_dot, to_graphml
from pycombat.verdicts import Claim, ClaimBook, parse_claims, reasons, verdict_json, verify_claims

HERE = Path(__file__).resolve().parent


def program() -> list:
    """``toy.lp``: beside this module in the tests; in ``asp_rules/toy/`` once the game is installed as
    a game of its own (the wheel test of tests/test_packaging.py)."""
    local = HERE / "toy.lp"
    return [local] if local.is_file() else rule_files("pycombat.asp_rules.toy", ["toy.lp"])
M = __name__ + ":"


@dataclass(frozen=True)
class Pebbles:
    pile: int
    max_take: int
    flags: dict = field(default_factory=dict, hash=False, compare=False)
    title: str | None = None
    file: str | None = None
    claims: tuple = ()


def read(data, *, file=None, flag_overrides=None) -> Pebbles:
    root = Node(dict(data), file=file)
    root.str("game")
    title = root.str("title", None)
    pile, take = root.raw("pile"), root.raw("max_take")
    for key, value in (("pile", pile), ("max_take", take)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 30:
            raise root.error(f"a whole number from 0 to 30, not {value!r}", key)
    flags, _ = read_flags(root, "toy", flag_overrides or {})
    claims = tuple(root.list("claims", []))
    root.finish(("game", "title", "pile", "max_take", "rules", "claims"))
    return Pebbles(pile, take, flags, title, file, claims)


class Pile(Predicate):
    n = IntegerField

    class Meta:
        name = "pile"


class MaxTake(Predicate):
    n = IntegerField

    class Meta:
        name = "max_take"


class Chosen(Predicate):
    n = IntegerField

    class Meta:
        name = "chosen"


def legal_takes(s: Pebbles) -> list[int]:
    solver = Solver(files=program(), facts=[Pile(s.pile), MaxTake(s.max_take)], decoder=Decoder([Chosen]))
    return sorted(x.n for a in solver.models() for x in a.decoded)


@dataclass
class TakesReport(Report):
    takes: list = field(default_factory=list)
    count: int = 0


def enumerate_(s: Pebbles, *, limit=None, count=False) -> TakesReport:
    takes = legal_takes(s)
    return TakesReport("toy", "enumerate", s.file, s.title, dict(s.flags), [] if count else takes[:limit], len(takes))


@dataclass
class CoinReport(Report):
    pile: dict = field(default_factory=dict)


def odds(s: Pebbles) -> CoinReport:
    dist = Dist({s.pile: Fraction(1, 2), s.pile + 1: Fraction(1, 2)})
    return CoinReport("toy", "odds", s.file, s.title, dict(s.flags), {str(k): v for k, v in dist.items()})


@dataclass(frozen=True)
class State:
    game: Pebbles
    pile: int | None  # None: the coin is still to fall
    player: int = 0

    def num_players(self):
        return 2

    def current_player(self):
        if self.pile is None:
            return CHANCE
        return TERMINAL if self.pile == 0 else self.player

    def legal_actions(self):
        return [t for t in range(1, self.game.max_take + 1) if t <= self.pile]

    def chance_outcomes(self):
        return [(0, Fraction(1, 2)), (1, Fraction(1, 2))]

    def child(self, action):
        if self.pile is None:
            return State(self.game, self.game.pile + action, 0)
        return State(self.game, self.pile - action, 1 - self.player)

    def returns(self):
        last = 1 - self.player  # who took the last pebble
        win = last if self.game.flags["last_pebble"] == "wins" else 1 - last
        return (Fraction(1), Fraction(-1)) if win == 0 else (Fraction(-1), Fraction(1))

    def action_to_string(self, action):
        return f"coin {action}" if self.pile is None else f"take {action}"

    def key(self):
        return (self.pile, self.player)

    def __str__(self):
        return "coin" if self.pile is None else f"pile {self.pile}, player {self.player}"


@dataclass
class ValueReport(Report):
    value: Fraction = Fraction(0)


def optimize(s: Pebbles, *, max_nodes=2_000_000, progress=None) -> ValueReport:
    sol = solve_game(State(s, None), max_nodes=max_nodes, progress=progress)
    return ValueReport("toy", "optimize", s.file, s.title, dict(s.flags), sol.value[0])


@dataclass
class TreeReport(Report):
    output: str = ""


def tree(s: Pebbles, *, output, depth=None, max_nodes=2_000_000, progress=None) -> TreeReport:
    t = build_tree(State(s, None), max_nodes=max_nodes, max_depth=depth, progress=progress)
    if depth is None:
        solve(t)
    (to_graphml if output.endswith(".graphml") else to_dot)(t, Path(output))
    return TreeReport("toy", "tree", s.file, s.title, dict(s.flags), output)


@dataclass
class Verdict:
    claim: Claim
    verdict: bool
    rules: list
    notes: list = field(default_factory=list)
    deciding_flags: dict = field(default_factory=dict)

    def as_json(self):
        return verdict_json(self.claim, self.verdict, reasons("toy", self.rules), deciding_flags=self.deciding_flags,
                            notes=self.notes)


def book() -> ClaimBook:
    return ClaimBook(game="toy", kinds=("take_count",), arg_keys=("value",),
                     templates=[(re.compile(r"^there are (?P<n>\d+) legal takes$"),
                                 lambda m: ("take_count", {"value": int(m["n"])}))],
                     negations=[(re.compile(r"\bnot\b"), "")])


def decide(s: Pebbles, c: Claim) -> Verdict:
    v = Verdict(c, len(legal_takes(s)) == c.args["value"], ["TOY-TAKE-1", "TOY-TAKE-2"])
    if c.negated:
        v.verdict = not v.verdict
    return v


def verify(s: Pebbles) -> VerifyReport:
    if not s.claims:
        raise ScenarioError("the scenario has no claims to verify", file=s.file, path="claims")
    claims = parse_claims(s.claims, book(), s)
    verdicts = verify_claims(s, claims, decide, game="toy", with_flags=lambda sc, f: replace(sc, flags=f))
    return VerifyReport("toy", "verify", s.file, s.title, dict(s.flags), verdicts=verdicts)


def present(report, console) -> None:
    console.print(f"toy {report.verb}: {report.to_json()}")


GAME = Game(
    name="toy", title="Pebbles (a toy game of the tests)", read=M + "read", digest=HERE / "toy.md",
    examples=HERE, default_example=None, claims=M + "book",
    verbs={
        "enumerate": Verb("enumerate", M + "enumerate_", M + "present", options=(
            Option(("--limit",), dict(type=positive_int, metavar="N")),
            Option(("--count",), dict(action="store_true")))),
        "odds": Verb("odds", M + "odds", M + "present"),
        "optimize": Verb("optimize", M + "optimize", M + "present", progress=True, options=(
            Option(("--max-nodes",), dict(type=positive_int, default=2_000_000)),)),
        "verify": Verb("verify", M + "verify", "pycombat.present:verdicts", needs_file=True),
        "tree": Verb("tree", M + "tree", M + "present", progress=True, options=(
            Option(("-o", "--output"), dict(required=True)), Option(("--depth",), dict(type=positive_int)),
            Option(("--max-nodes",), dict(type=positive_int, default=2_000_000)))),
    },
)


def install() -> Game:
    return register(GAME)


def uninstall() -> None:
    unregister("toy")
