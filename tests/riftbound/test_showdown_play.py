"""The showdown from both hands as a game (pycombat.games.riftbound.play) against a brute-force
game search written here: its own statement of Focus, priority, the chain resolving one item at a time
and passing (RB-SHOW-1, RB-SHOW-3, RB-SHOW-4), reading each line of play as a plain ``showdown:`` list with the scenario reader, and its
own damage step over the brute-force legal splits (no ASP, no engine). Also: forced decisions
marked, the example's output, and bad ``hand:`` input."""
from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, reject, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError, TooLargeError, UnknownNameError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards import unitplay
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.spells import load_cards
from pycombat.games.riftbound.cards.units import load_units
from pycombat.games.riftbound.damage.bruteforce import replay_orders
from pycombat.games.riftbound.schema import example_path, load_scenario, scenario_from_dict

ROOT = Path(__file__).resolve().parents[2]
#: real units and real Action / Reaction spells (damage, Might, keywords, Stun, counters, prevention)
UNITS = ["Sharkling", "Jinx - Demolitionist", "Blue Sentinel", "Leona - Determined", "Stalwart Poro",
         "Trevor Snoozebottom"]
SPELLS = ["Cleave", "Blood Rush", "Stand United", "Defy", "Disintegrate", "Rune Prison", "Discipline",
          "Smoke Screen", "Cannon Barrage", "Unyielding Spirit", "Hidden Blade", "Back to Back", "Lotus Trap",
          "Tactical Retreat", "Flurry of Blades", "Abandon"]
SETTINGS = settings(max_examples=examples(24), deadline=None, suppress_health_check=[HealthCheck.too_slow])
OTHER = {"attacker": "defender", "defender": "attacker"}
#: each unit card's printed text (the brute force reads a play's additional cost from it)
TEXTS = {r["name"]: r.get("text") or "" for r in json.loads(
    (ROOT / "pycombat" / "games" / "riftbound" / "data" / "units.json").read_text(encoding="utf-8"))["records"]}


# ---- the brute force --------------------------------------------------------------------------------
class OverBudget(Exception):
    """The brute force read more lines of play than its budget of work allows."""


#: how a unit leaves the battlefield and stays in play (at its base, or at another battlefield: RB-CARD-7, RB-COMB-6)
STILL_IN_PLAY = ("moved to its base", "recalled", "moved away")

class Brute:
    """Minimax over every line of play, by plain recursion with a memo on the whole position.

    Its own statement of the choices a play may make: up to ``max_targets`` distinct units in every
    order (the units of the file, then those played from hand), a unit card to the battlefield or its
    base with none or one target, a card playable in a showdown only from facedown ([Hidden]) from
    facedown, and for a card that attaches or detaches an Equipment, each Equipment of the file's
    units (``attach:`` from the unit it is on, or ``detach:``); a spell with "[Repeat]" printed once more
    with each choice of targets, or not (RB-CARD-25).

    ``budget``: the most lines of play it reads (each about a millisecond), or None (no limit); beyond it,
    :class:`OverBudget`."""

    def __init__(self, doc: dict, max_targets: int = 2, prefix: list[dict] = (), budget: int | None = None):
        self.doc = {k: v for k, v in doc.items() if k != "hand"}
        self.prefix = list(prefix)  # entries stated before the plays (combat triggers, test_trigger_choices)
        self.hands = {s: tuple(sorted(doc["hand"].get(s, []))) for s in ("attacker", "defender")}
        self.units = [u if isinstance(u, str) else u["name"] for s in ("attacker", "defender") for u in doc[s]["units"]]
        self.side_of = {(u if isinstance(u, str) else u["name"]): s for s in ("attacker", "defender")
                        for u in doc[s]["units"]}
        self.gear = [(g, u["name"]) for s in ("attacker", "defender") for u in doc[s]["units"]
                     if isinstance(u, dict) for g in u.get("equipment", [])]
        self.max_targets = max_targets
        self.memo: dict = {}
        self.budget = budget
        self.reads = 0

    def read(self, entries):
        """(scenario, showdown) for these plays, or the reader's error."""
        self.reads += 1
        if self.budget is not None and self.reads > self.budget:
            raise OverBudget(f"more than {self.budget:,} lines of play read")
        try:
            s = scenario_from_dict({**self.doc, "showdown": self.prefix + [
                {k: {"target": list(v)} if k == "repeat" else list(v) if isinstance(v, tuple) else v for k, v in e}
                for e in entries]})
            return s, play_showdown(s)
        except ScenarioError as exc:
            return exc

    def names(self, resolved):
        """The units a play may name: the file's, then the unit cards played from hand, in the order they resolved,
        a second copy of a card named "Name (2)" (the attacker's Inferna after the defender's: "Inferna (2)"); of
        those, the ones still in play after ``resolved`` (RB-CARD-1: a card chooses among the units in play as it is
        played; one killed or returned to its hand before is none to choose)."""
        key = ("names", tuple(resolved))
        if key in self.memo:
            return self.memo[key]
        played = [dict(e)["play"] for e in resolved if load_cards().find(dict(e)["play"]) is None]
        seen: dict[str, int] = {}
        out = []
        for n in self.units + played:
            seen[n] = seen.get(n, 0) + 1
            out.append(n if seen[n] == 1 else f"{n} ({seen[n]})")
        board = self.read(list(resolved))[1].board
        here = {u.name for u in board.attacker + board.defender}
        gone = {n for n, _, how in board.removed if how not in STILL_IN_PLAY} - here
        got = self.memo[key] = [n for n in out if n not in gone]
        return got

    def plays(self, side, hand, resolved, chain):
        """Every entry ``side`` may play now: a card of his hand, Reaction only on an open chain."""
        cards = load_cards()
        names = self.names(resolved)
        targets = [()] + [t for k in range(1, self.max_targets + 1) for t in itertools.permutations(names, k)]
        out = []
        for name in sorted(set(hand)):
            if cards.find(name) is None:  # a unit card: at Reaction speed, to its base or the battlefield
                face = () if unitplay.ways(load_units().unit(name)) else ((("facedown", True),))
                # "As an additional cost to play me, kill a Bird, Cat, Dog, or Poro you control. You may play me to its
                # battlefield" (Stalking Wolf): each unit named as the one killed, and another battlefield too
                text = TEXTS.get(load_units().unit(name).name, "")
                kills = [(("kills", n),) for n in names] if "As an additional cost to play me, kill" in text else [()]
                places = ("battlefield", "base") + (("elsewhere",) if "You may play me to its battlefield" in text
                                                    else ())
                for to in places:
                    for t in targets[: 1 + len(names)]:
                        for k in kills:
                            e = (("play", name), ("by", side), ("to", to)) + ((("target", t),) if t else ()) + face + k
                            if not isinstance(self.read(list(resolved) + [e]), ScenarioError):
                                out.append(e)
                continue
            card = cards.card(name)
            face = () if card.showdown_playable else ((("facedown", True),))
            if chain and card.speed != "reaction" and not face:
                continue
            if any(e.get("effect") == "counter" for e in card.effects):
                for victim in dict.fromkeys(chain):
                    e = (("play", name), ("by", side), ("target", (dict(victim)["play"],))) + face
                    if not isinstance(self.read(list(resolved) + [victim, e]), ScenarioError):
                        out.append(e)
                continue
            kinds = {e.get("effect") for e in card.effects}
            equip = [()]
            if kinds & {"attach_or_detach_equipment"}:
                equip += [(("attach", g), ("from", on)) for g, on in self.gear]
                equip += [(("attach", g),) for g in dict.fromkeys(g for g, _ in self.gear)]
            if kinds & {"attach_or_detach_equipment", "detach_equipment"}:
                equip += [(("detach", g),) for g in dict.fromkeys(g for g, _ in self.gear)]
            again = [()] + [((("repeat", r),)) for r in targets] if card.text.count("[Repeat]") == 1 else [()]
            for t in targets:
                for q in equip:
                    for r in again:
                        e = (("play", name), ("by", side)) + ((("target", t),) if t else ()) + q + face + r
                        if not isinstance(self.read(list(resolved) + [e]), ScenarioError):
                            out.append(e)
        return out

    def reorders(self, name: str) -> bool:
        """Whether a card names a card of the chain as its target (a counter), which resolves just before it."""
        return name in COUNTERS

    def resolve(self, resolved, chain, hands):
        """The newest item of ``chain`` resolves alone (CR 336, 340): ``(resolved, chain, hands)`` after it. The
        chain holds ``(entry, aim)`` pairs, ``aim`` the place of the card a counter names (the latest one of that name
        on the chain as it was played), and None where a card was countered off it. A counter resolves with its card
        listed just before it (the ``showdown:`` list's form of RB-CARD-3) and takes it off the chain; one whose card
        is gone already, and any item the reader refuses as it resolves, has no effect (RB-CARD-11)."""
        entry, aim = chain[-1]
        rest = list(chain[:-1])
        if self.reorders(dict(entry).get("play")):  # (a unit's ability: no card)
            group = None if aim is None or rest[aim] is None else [rest[aim][0], entry]
        else:
            group = [entry]
        if group is not None and not isinstance(self.read(list(resolved) + group), ScenarioError):
            resolved = tuple(resolved) + tuple(group)
            hands = self.back(hands, group)
            if len(group) == 2:
                rest[aim] = None
        while rest and rest[-1] is None:
            rest.pop()
        return resolved, tuple(rest), hands

    def scale(self):
        """The one fixed scale of the whole game, for every end position: a unit lost counts ``w``, a point of its
        Might 1, with ``w`` one more than the Might both sides can lose in all. Those bounds are the game's, as
        it documents them for the scenario (:func:`pycombat.games.riftbound.play.score.bounds`), so that the values
        compare; :meth:`damage` checks at EVERY end position (not only those the game's search reaches) that the
        losses stay within them, so that this scale orders the end positions exactly as "most kills, then most
        Might killed" does."""
        if getattr(self, "_scale", None) is None:
            from pycombat.games.riftbound.damage.game import Objective
            from pycombat.games.riftbound.play.score import bounds

            # the hands as the whole game began: a card played in the ``prefix`` (a Reaction on the triggers' chain,
            # test_trigger_choices.chain_value) was in its player's hand then
            hands = {s: list(h) for s, h in self.hands.items()}
            for e in self.prefix:
                if "play" in e:
                    hands[e["by"]].append(e["play"])
            b = bounds(scenario_from_dict({**self.doc, "hand": hands}), Objective())
            self._scale = (1 + b.might["attacker"] + b.might["defender"], b)
        return self._scale

    def damage(self, resolved) -> Fraction:
        """The value of the end position after ``resolved`` and the damage step, over the whole combat: each side's
        units lost, those the showdown killed (its removals "killed", "killed at ..."; whoever's card killed them:
        a loss of their side), with the Might on their record as they died, then those the other side's split
        kills, with their Might on the board; the Attacker's score of the defenders lost minus the Defender's of
        the attackers lost, on :meth:`scale`."""
        _, sd = self.read(list(resolved))
        board = sd.board
        before = {"attacker": [], "defender": []}
        for n, side, how in board.removed:
            if how == "killed" or how.startswith("killed at "):
                before[side].append(max(0, sd.units[n].current_might))
        weight, b = self.scale()

        def value(ka, kd):
            lost = {"defender": before["defender"] + [max(0, u.current_might) for u in ka],
                    "attacker": before["attacker"] + [max(0, u.current_might) for u in kd]}
            for side, mights in lost.items():  # the scale is exact only within the bounds
                assert len(mights) <= b.units[side] and sum(mights) <= b.might[side], (side, mights, b)
            return Fraction((len(lost["defender"]) - len(lost["attacker"])) * weight
                            + sum(lost["defender"]) - sum(lost["attacker"]))

        def kills(side, vector):
            got = dict(vector)
            return [u for u in board.side(OTHER[side]) if u.dies_with(got.get(u.name, 0))]

        att = replay_orders(board, "attacker") or {()}
        dfn = replay_orders(board, "defender") or {()}
        return max(min(value(kills("attacker", a), kills("defender", d)) for d in dfn) for a in att)

    def controller(self, e) -> str:
        """Who plays the entry ``e``: its ``by``, or for a unit's ability the unit's side."""
        d = dict(e)
        return d["by"] if "by" in d else self.side_of[d["ability"]]

    def value(self, resolved=(), chain=(), hands=None, focus="attacker", mover="attacker", passes=0) -> Fraction:
        """RB-SHOW-1, RB-SHOW-3, CR 336-344: the Attacker has Focus first; on an empty chain the player with Focus plays
        or passes, and passing hands Focus to the other player; a player who plays keeps priority (the controller of
        the newest item); two passes in turn resolve the newest item only, then its new newest item's controller has
        priority, or, the chain empty, Focus passes; two passes in turn on an empty chain end the showdown."""
        hands = hands or self.hands
        key = (resolved, chain, tuple(hands.items()), focus, mover, passes)
        if key in self.memo:
            return self.memo[key]
        if passes == 2:
            if not chain:
                v = self.damage(resolved)
            else:
                resolved, chain, hands = self.resolve(resolved, chain, hands)
                if chain:
                    v = self.value(resolved, chain, hands, focus, self.controller(chain[-1][0]), 0)
                else:
                    v = self.value(resolved, (), hands, OTHER[focus], OTHER[focus], 0)
            self.memo[key] = v
            return v
        vals = [self.value(resolved, chain, hands, focus if chain else OTHER[focus], OTHER[mover], passes + 1)]
        self._hands = hands
        live = tuple(c[0] for c in chain if c is not None)
        for e in self.plays(mover, hands[mover], resolved, live):
            aim = None
            if self.reorders(dict(e).get("play")):
                want = dict(e)["target"][0]
                aim = max((i for i, c in enumerate(chain) if c is not None and dict(c[0]).get("play") == want),
                          default=None)
            vals.append(self.value(resolved, chain + ((e, aim),), self.hands_after(hands, mover, e), focus, mover, 0))
        v = max(vals) if mover == "attacker" else min(vals)
        self.memo[key] = v
        return v

    @staticmethod
    def back(hands: dict, chain) -> dict:
        """The hands once ``chain`` resolved, from the cards' printed text: a counter not countered itself counters
        the latest earlier card of the name it gives, unless that card "can't be countered"; a counter that says
        "Return it to its owner's hand" puts that card back in its player's hand (RB-CARD-3)."""
        gone: set[int] = set()
        back: list[tuple[str, str]] = []
        for i in range(len(chain) - 1, -1, -1):
            e = dict(chain[i])
            if i in gone or e.get("play") not in COUNTERS:
                continue
            want = e["target"][0]
            j = next((j for j in range(i - 1, -1, -1) if j not in gone and dict(chain[j]).get("play") == want), None)
            if j is None or "This can't be countered" in load_cards().card(want).text:
                continue
            gone.add(j)
            if "Return it to its owner's hand" in load_cards().card(e["play"]).text:
                back.append((dict(chain[j])["by"], want))
        out = dict(hands)
        for side, card in back:
            out[side] = tuple(sorted(out[side] + (card,)))
        return out

    def hands_after(self, hands: dict, mover: str, e) -> dict:
        """The hands once ``mover`` played the entry ``e``: its card leaves his hand."""
        rest = list(hands[mover])
        rest.remove(dict(e)["play"])
        return {**hands, mover: tuple(rest)}


COUNTERS = {n for n in SPELLS if any(e.get("effect") == "counter" for e in load_cards().card(n).effects)}


def _doc(att, dfn, hand_a, hand_d):
    return {"game": "riftbound", "attacker": {"player": "Ann", "units": att},
            "defender": {"player": "Bo", "units": dfn}, "hand": {"attacker": hand_a, "defender": hand_d}}


# ---- the game against the brute force -----------------------------------------------------------------
#: the brute force's budget of work on a board drawn here, in lines of play read (about a millisecond each): the ci
#: profile's boards read at most about 18,000, a random sample of 12 others at most about 77,000; a board drawn at
#: random by ``make test-explore`` ran for more than 50 minutes. Boards beyond the budget are not drawn
BRUTE_BUDGET = 200_000


@SETTINGS
@given(st.lists(st.sampled_from(UNITS[:3]), min_size=1, max_size=2, unique=True),
       st.lists(st.sampled_from(UNITS[2:]), min_size=1, max_size=2, unique=True),
       st.lists(st.sampled_from(SPELLS), min_size=2, max_size=2),
       st.lists(st.sampled_from(SPELLS), min_size=2, max_size=2))
# Abandon counters Cleave back to Ann's hand, who may play it again (RB-CARD-3)
@example(att=["Sharkling"], dfn=["Blue Sentinel"], hand_a=["Cleave", "Defy"], hand_d=["Abandon", "Blood Rush"])
@pytest.mark.long
def test_value_agrees_with_brute_force(att, dfn, hand_a, hand_d):
    """Three units at most (the brute force has no transpositions: 2 v 2 with four Reactions takes
    minutes), two real spells a hand."""
    att_names = set(att)
    dfn = [u for u in dfn if u not in att_names][: 3 - len(att)] or ["Stalwart Poro"]
    doc = _doc(att, dfn, hand_a, hand_d)
    try:
        want = Brute(doc, budget=BRUTE_BUDGET).value()
    except OverBudget:
        reject()  # a board beyond the brute force's budget of work is not drawn
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == want
    # the line of best play reaches that value, and every decision's best option has it
    for phase, d in report.solution.decisions:
        assert d.options[0].difference == 0
        assert all(o.difference >= 0 for o in d.options)


def test_example_value_and_every_first_option_against_brute_force():
    s = load_scenario(example_path("showdown_hands.yaml"))
    report = verbs.optimize(s)
    doc = {"game": "riftbound", "attacker": s.document["attacker"], "defender": s.document["defender"],
           "hand": {side: [c.name for c in s.hands[side]] for side in ("attacker", "defender")}}
    brute = Brute(doc)
    assert report.solution.value == brute.value()
    phase, first = report.solution.decisions[0]
    assert phase == "showdown" and first.player == 0 and not first.forced
    # each first option's value: the brute force from the position that option leaves
    for o in first.options:
        if o.label == "attacker passes":
            want = brute.value((), (), None, "defender", "defender", 1)  # passing on an empty chain passes Focus
        else:
            m = re.match(r"attacker plays (.+?) on (.+)$", o.label)
            e = (("play", m.group(1)), ("by", "attacker"), ("target", (m.group(2),)))
            rest = list(brute.hands["attacker"])
            rest.remove(m.group(1))
            # on the chain (no card it counters); its player keeps priority (CR 337.1.c.3)
            want = brute.value((), ((e, None),), {**brute.hands, "attacker": tuple(rest)}, "attacker", "attacker", 0)
        assert o.value == want, o.label
        assert o.difference == first.options[0].value - o.value
    assert len(first.options) == 1 + len(brute.plays("attacker", brute.hands["attacker"], (), ()))


def test_forced_decisions_are_marked():
    doc = _doc(["Sharkling"], ["Stalwart Poro"], [], ["Cleave"])
    report = verbs.optimize(scenario_from_dict(doc))
    first = report.solution.decisions[0][1]
    assert first.forced and first.options[0].label == "attacker passes"  # no card: passing is forced
    js = report.to_json()
    assert js["decisions"][0]["forced"] is True
    assert any(not d["forced"] for d in js["decisions"])  # the Defender's choice with Cleave is not
    assert report.solution.value == Brute(doc).value()


def test_units_played_from_hand_agree_with_brute_force():
    doc = _doc(["Jinx - Demolitionist"], ["Stalwart Poro"], ["Cleave"], ["Shen - Kinkou", "Chakram Dancer"])
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == Brute(doc).value()
    labels = {o.label for _, d in report.solution.decisions for o in d.options}
    assert "defender plays Shen - Kinkou to the battlefield" in labels  # RB-CARD-16: [Reaction], its own battlefield


def test_too_large_is_refused_up_front():
    s = load_scenario(example_path("showdown_hands.yaml"))
    with pytest.raises(TooLargeError, match="estimated at about .* states, more than --max-nodes 100;"):
        verbs.optimize(s, max_nodes=100)


def test_conquer_objective():
    doc = _doc(["Sharkling"], ["Stalwart Poro"], ["Cleave"], [])
    report = verbs.optimize(scenario_from_dict(doc), objective="conquer")
    assert report.solution.objective == "conquer"
    assert report.solution.value == (1 if report.solution.outcome == "conquer" else 0)


# ---- bad input ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, error, path, text", [
    ({"attacker": ["Clave"]}, UnknownNameError, "hand.attacker[0]", "did you mean 'Cleave'"),
    ({"defender": ["Cleave", "Blod Rush"]}, UnknownNameError, "hand.defender[1]", "Blood Rush"),
    ({"attackers": ["Cleave"]}, ScenarioError, "hand.attackers", "did you mean 'attacker'"),
    ({"attacker": "Cleave"}, ScenarioError, "hand.attacker", "must be a list"),
    (["Cleave"], ScenarioError, "hand", "must be a mapping"),
    ({"attacker": ["Cleave"] * 7}, ScenarioError, "hand.attacker", "at most 6"),
    ({"attacker": ["Sharkling"]}, ScenarioError, "hand.attacker[0]", "without [Reaction], [Ambush] or [Hidden]"),
])
def test_bad_hand(hand, error, path, text):
    doc = {**_doc(["Sharkling"], ["Stalwart Poro"], [], []), "hand": hand}
    with pytest.raises(error) as info:
        scenario_from_dict(doc, file="f.yaml")
    assert info.value.path == path and text in str(info.value)


def test_normal_speed_card_is_refused():
    normal = next(n for n in load_cards().names if load_cards().card(n).type == "spell"
                  and not load_cards().card(n).showdown_playable)
    with pytest.raises(ScenarioError, match="cannot be played in a showdown"):
        scenario_from_dict({**_doc(["Sharkling"], ["Stalwart Poro"], [normal], [])}, file="f.yaml")


@pytest.mark.parametrize("gear", ["Divining Shells", "Forgotten Signpost"])
def test_a_gear_whose_action_is_its_ability_is_not_played_from_hand(gear):
    """RB-SHOW-4: "[Action][>] Kill this, exhaust: Give a unit +2 Might this turn" is the ability of the gear in
    play (RB-CARD-17); the gear card itself is of Normal speed, so a hand holding it is refused."""
    with pytest.raises(ScenarioError, match="normal-speed gear cannot be played in a showdown.*its ability"):
        scenario_from_dict({**_doc(["Sharkling"], ["Stalwart Poro"], [gear], [])}, file="f.yaml")


def test_cli_bad_hand_exits_2_with_one_message(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("game: riftbound\nattacker: {units: [Sharkling]}\ndefender: {units: [Stalwart Poro]}\n"
                 "hand: {attacker: [Clave]}\n")
    out = subprocess.run([sys.executable, "-m", "pycombat", "optimize", str(f)], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert "hand.attacker[0]" in out.stderr + out.stdout and "Cleave" in out.stderr + out.stdout


def test_top_limits_the_text_and_json_keeps_every_option(tmp_path):
    import io

    from rich.console import Console

    from pycombat.games.riftbound import present

    s = load_scenario(example_path("showdown_hands.yaml"))
    report = verbs.optimize(s, top=2)
    buf = io.StringIO()
    present.optimize(report, Console(file=buf, width=300))
    text = buf.getvalue()
    first = report.solution.decisions[0][1]
    assert f"... {len(first.options) - 2} more options: --json lists them all" in text
    assert "forced: attacker passes" in text
    js = report.to_json()
    assert len(js["decisions"][0]["options"]) == len(first.options) > 2
    assert js["value"] == str(report.solution.value) and js["value_for"] == "attacker"
    # the tree verb writes the whole game; the search (alpha-beta) visits part of it, for the same value
    tree = verbs.tree(s, output=str(tmp_path / "t.graphml"))
    assert (tree.stats.nodes, report.solution.nodes) == (1328, 764)
    from pycombat.tree import solve_game

    from pycombat.games.riftbound.play.entries import Lines
    from pycombat.games.riftbound.play.game import ShowdownGame
    from pycombat.games.riftbound.play.triggers import initial_state

    game = ShowdownGame(Lines(s), dict(s.hands), report.objective)
    full = solve_game(initial_state(game)[0])
    assert full.stats.nodes == tree.stats.nodes and full.value[0] == report.solution.value
