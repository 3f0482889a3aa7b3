"""The combat triggers the file does not state, chosen in the showdown game from both hands (RB-SHOW-2,
RB-CARD-10): against a brute force written here (every order of each player's awaiting triggers, each
declined or stated with every unit of the board or two as its target, kept when the scenario reader
accepts it, the Attacker's choices first, then the Defender's knowing them; then the showdown game's
brute force of ``test_showdown_play`` on the file with those entries first), and what the report says."""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.spells import load_cards
from pycombat.games.riftbound.schema import scenario_from_dict
from test_showdown_play import Brute

#: units whose "When I attack" / "When I defend" ability needs its player's choice: (name, when it fires); and
#: Ribbon Dancer, whose "When I move to a battlefield" does as it moves in to attack
TRIGGERING = {"Leona - Determined": "attacker", "Crackshot Corsair": "attacker", "Vi - Peacekeeper": "attacker",
              "Sinister Poro": "attacker", "Ahri - Inquisitive": "both", "Yuumi - Magical Cat": "both",
              "Ribbon Dancer": "move"}
PLAIN = ["Sharkling", "Blue Sentinel", "Stalwart Poro"]
CARDS = ["Cleave", "Rune Prison", "Defy", "Unyielding Spirit", "Discipline", "Smoke Screen"]
SETTINGS = settings(max_examples=examples(16), deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Prefixed(Brute):
    """The showdown game's brute force on the file with ``prefix`` (trigger entries) first."""

    def __init__(self, doc: dict, prefix: list[dict]):
        super().__init__(doc, max_targets=1, prefix=prefix)


def awaiting(doc: dict) -> dict[tuple[str, str], list[str]]:
    """The units whose trigger waits for a choice, by (kind, side): the test's own list."""
    out = {("move", "attacker"): [], ("combat", "attacker"): [], ("combat", "defender"): []}
    for side in ("attacker", "defender"):
        for u in doc[side]["units"]:
            when = TRIGGERING.get(u)
            if when == "both" or when == side:
                out[("combat", side)].append(u)
            elif when == "move" and side == "attacker":  # the Attacker's units moved in
                out[("move", side)].append(u)
    return out


def tries(unit: str, names: list[str], when: str) -> list[dict]:
    head = {"trigger": unit, **({"when": "move"} if when == "move" else {})}
    return [{**head, "decline": True}] + [{**head, "target": [n]} for n in names] + [
        {**head, "target": list(p)} for p in itertools.permutations(names, 2)]


def accepted(doc: dict, prefix: list[dict]) -> bool:
    try:
        play_showdown(scenario_from_dict({**{k: v for k, v in doc.items() if k != "hand"}, "showdown": prefix}))
        return True
    except ScenarioError:
        return False


def sequences(doc: dict, units: list[str], when: str, order) -> list[list[dict]]:
    """Every list of entries stating ``units``' triggers of kind ``when`` (each order) that the reader accepts
    where ``order(picks)`` puts them among the others."""
    names = [u for s in ("attacker", "defender") for u in doc[s]["units"]]
    out = []
    for units_order in itertools.permutations(units):
        for picks in itertools.product(*(tries(u, names, when) for u in units_order)):
            if accepted(doc, order(list(picks))):
                out.append(list(picks))
    return out or [[]]


def chain_value(doc: dict, prefix: list[dict], brute=Prefixed, kind: str = "combat", then=None) -> Fraction:
    """The showdown from the entries ``prefix`` (triggers; on the combat stage, the move triggers' chain before them):
    first the ``kind`` triggers' chain, when one is on it (the test's own statement of RB-SHOW-2, RB-COMB-2 and
    RB-SHOW-4): the Attacker then the Defender may play a Reaction card of his hand in response (its targets: none or
    one unit, a counter a card played before it; its player keeps priority, CR 337.1.c.3), each accepted by the reader with it listed right after those
    triggers (``respond: true``, or ``move``); both passing closes it: the plays resolve last in, first out (a
    counter's card just before it; one refused as it resolves drops out), then ``then(entries, hands)`` (the
    combat stage after the move chain), or the showdown game's brute force from those entries, the Attacker keeping
    Focus, with the cards played gone from the hands."""
    on_chain = [e for e in prefix if "trigger" in e and (e.get("when") == "move") == (kind == "move")]
    hands0 = {s: tuple(sorted(doc["hand"].get(s, []))) for s in ("attacker", "defender")}
    if not on_chain:
        return then(prefix, hands0) if then is not None else brute(doc, prefix).value()
    names = [u for s in ("attacker", "defender") for u in doc[s]["units"]]
    said = True if kind == "combat" else "move"
    memo: dict = {}

    def listed(block):
        return prefix + [{**e, "respond": said} for e in block]

    def plays(side, hand, played):
        out = []
        for name in sorted(set(hand)):
            card = load_cards().card(name)
            if card.speed != "reaction":
                continue
            if any(e.get("effect") == "counter" for e in card.effects):
                for victim in played:
                    e = {"play": name, "by": side, "target": [victim["play"]]}
                    if accepted(doc, listed([victim, e])):
                        out.append(e)
                continue
            for t in [None] + names:
                e = {"play": name, "by": side, **({"target": [t]} if t else {})}
                if accepted(doc, listed([e])):
                    out.append(e)
        return out

    def close(played, hands):
        order = list(reversed(played))
        for c in [e for e in order if e["play"] == "Defy"]:
            victim = next(v for v in reversed(played[:played.index(c)]) if v["play"] == c["target"][0])
            if order.index(victim) > order.index(c):
                order.remove(victim)
                order.insert(order.index(c), victim)
        while not accepted(doc, listed(order)):
            for k in range(len(order)):  # the first one refused as it resolves drops out (RB-CARD-11)
                if not accepted(doc, listed(order[:k + 1])):
                    order.pop(k)
                    break
        if then is not None:
            return then(listed(order), hands)
        rest = {**doc, "hand": {s: list(hands[s]) for s in ("attacker", "defender")}}
        return brute(rest, listed(order)).value()

    def value(played, hands, mover, passes):
        key = (tuple(json.dumps(e, sort_keys=True) for e in played), tuple(hands.items()), mover, passes)
        if key not in memo:
            if passes == 2:
                memo[key] = close(played, hands)
            else:
                other = "defender" if mover == "attacker" else "attacker"
                vals = [value(played, hands, other, passes + 1)]
                for e in plays(mover, hands[mover], played):
                    rest = list(hands[mover])
                    rest.remove(e["play"])
                    # its player keeps priority (CR 337.1.c.3): he may add more before passing
                    vals.append(value(played + [e], {**hands, mover: tuple(rest)}, mover, 0))
                memo[key] = max(vals) if mover == "attacker" else min(vals)
        return memo[key]

    return value([], hands0, "attacker", 0)


def brute_value(doc: dict, brute=Prefixed) -> Fraction:
    """The Attacker's move triggers, their chain, then the Attacker's combat triggers, then the Defender's knowing
    them, their chain, then the showdown; listed as they resolve: the move triggers and the plays answering them,
    then the Defender's combat triggers, then the Attacker's (RB-COMB-2, RB-SHOW-2)."""
    pending = awaiting(doc)

    def combat_stage(before: list[dict], hands: dict) -> Fraction:
        held = {**doc, "hand": {s: list(hands[s]) for s in ("attacker", "defender")}}
        best = None
        for att in sequences(held, pending[("combat", "attacker")], "combat", lambda p: before + p):
            worst = None
            for dfn in sequences(held, pending[("combat", "defender")], "combat", lambda p: before + p + att):
                v = chain_value(held, before + dfn + att, brute)
                worst = v if worst is None else min(worst, v)
            best = worst if best is None else max(best, worst)
        return best

    return max(chain_value(doc, mv, brute, "move", combat_stage)
               for mv in sequences(doc, pending[("move", "attacker")], "move", lambda p: p))


def _doc(att, dfn, hand_a, hand_d):
    return {"game": "riftbound", "attacker": {"player": "Ann", "units": att},
            "defender": {"player": "Bo", "units": dfn}, "hand": {"attacker": hand_a, "defender": hand_d}}


@SETTINGS
@given(st.sampled_from(["Leona - Determined", "Crackshot Corsair", "Vi - Peacekeeper", "Sinister Poro",
                        "Ahri - Inquisitive"]),
       st.sampled_from([None, "Ribbon Dancer", "Sharkling"]),
       st.sampled_from(["Ahri - Inquisitive", "Yuumi - Magical Cat", "Sharkling"]),
       st.sampled_from(PLAIN), st.lists(st.sampled_from(CARDS), max_size=1), st.lists(st.sampled_from(CARDS), max_size=1))
@pytest.mark.long
def test_value_agrees_with_brute_force(att, second, dfn, other, hand_a, hand_d):
    """One or two units a side (a combat trigger, a move trigger or none beside the Attacker's), a card a hand at
    most."""
    if att == dfn:
        dfn = "Yuumi - Magical Cat"
    defenders = [d for d in dict.fromkeys([dfn, other]) if d not in (att, second)]
    doc = _doc([att] + ([second] if second else []), defenders or ["Stalwart Poro"], hand_a, hand_d)
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == brute_value(doc)
    assert not [u for u in report.solution.unmodelled if "combat trigger" in u["what"]]


@pytest.mark.parametrize("att, dfn, hand_a, hand_d", [
    (["Leona - Determined"], ["Ahri - Inquisitive", "Sharkling"], ["Cleave"], []),
    (["Sinister Poro", "Crackshot Corsair"], ["Yuumi - Magical Cat", "Blue Sentinel"], [], ["Defy"]),
    (["Leona - Determined", "Ribbon Dancer"], ["Ahri - Inquisitive", "Blue Sentinel"], [], ["Unyielding Spirit"]),
    (["Ribbon Dancer", "Crackshot Corsair"], ["Sharkling", "Stalwart Poro"], ["Discipline"], ["Smoke Screen"]),
])
def test_examples_agree_with_brute_force(att, dfn, hand_a, hand_d):
    doc = _doc(att, dfn, hand_a, hand_d)
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == brute_value(doc)
    phases = [phase for phase, _ in report.solution.decisions]
    assert phases[0] == "triggers" and "showdown" in phases  # the triggers are stated before anyone has Focus


def test_the_line_of_play_is_one_verify_accepts():
    """The triggers stated and the plays resolved on the line of best play, written as the file's own showdown:
    the reader accepts them, nothing is left NOT MODELLED, and the showdown ends on the same board."""
    doc = _doc(["Leona - Determined", "Sinister Poro"], ["Ahri - Inquisitive", "Blue Sentinel"], ["Cleave"],
               ["Unyielding Spirit"])
    report = verbs.optimize(scenario_from_dict(doc))
    js = report.to_json()
    stated = js["triggers_stated"]
    assert stated and {t["trigger"] for t in stated} == {"Leona - Determined", "Sinister Poro", "Ahri - Inquisitive"}
    order = [t for t in stated if t["by"] == "defender"] + [t for t in stated if t["by"] == "attacker"]
    # (an entry is restated as it is, `by` included: the reader checks it; only the text `label` is left out)
    showdown = [{k: v for k, v in t.items() if k != "label"} for t in order] + js["responses_resolved"] + [
        {k: v for k, v in p.items() if k != "label"} for p in js["plays_resolved"]]
    plain = {k: v for k, v in doc.items() if k != "hand"}
    sd = play_showdown(scenario_from_dict({**plain, "showdown": showdown}))
    assert not [u for u in sd.unmodelled_json() if "combat trigger" in u["what"]]
    assert sd.board == report.solution.showdown.board
    # the JSON line starts with the triggers, each labelled as the text prints it
    assert [x["phase"] for x in js["line"][:len(stated)]] == ["triggers"] * len(stated)
    assert js["line"][0]["action"] == f"{stated[0]['by']} {stated[0]['label']}"


def test_the_attacker_states_first_and_the_defender_knows_his_choice():
    # (a second attacker, so that Ahri's "an enemy unit here" is a choice: alone, Leona would be its only target,
    # RB-CARD-1, and Ahri's trigger would resolve on her by itself: test_trigger_single_target.py)
    doc = _doc(["Leona - Determined", {"name": "A2", "custom": True, "might": 2}], ["Ahri - Inquisitive", "Sharkling"],
               [], [])
    report = verbs.optimize(scenario_from_dict(doc))
    first, second = report.solution.decisions[0][1], report.solution.decisions[1][1]
    assert first.player == 0 and second.player == 1
    assert all(o.label.startswith("attacker states Leona - Determined's combat trigger on ") for o in first.options)
    # Leona stuns an enemy unit here: one option per Defender's unit
    assert {o.label.rsplit(" on ", 1)[1] for o in first.options} == {"Ahri - Inquisitive", "Sharkling"}


def test_optional_trigger_declined_once_and_paid_when_costs_are_stated():
    doc = _doc(["Sinister Poro"], ["Sharkling"], [], [])
    labels = {o.label for _, d in verbs.optimize(scenario_from_dict(doc)).solution.decisions for o in d.options}
    assert "attacker declines Sinister Poro's combat trigger" in labels
    assert "attacker states Sinister Poro's combat trigger" not in labels  # no target: the same as declining
    doc["rules"] = {"card_costs": "stated"}
    labels = {o.label for _, d in verbs.optimize(scenario_from_dict(doc)).solution.decisions for o in d.options}
    assert "attacker states Sinister Poro's combat trigger on Sharkling, paying 1 Energy" in labels


def test_a_split_is_every_share_of_the_damage():
    """Volibear, Furious: "deal 5 damage split among any number of enemy units here" (RB-CARD-21): every way to
    share 5 among one or two enemy units is an option, and the best one kills both."""
    doc = _doc(["Volibear - Furious"], ["Sharkling", "Stalwart Poro"], [], [])
    report = verbs.optimize(scenario_from_dict(doc))
    first = report.solution.decisions[0][1]
    shares = {o.label.split(" splitting ", 1)[1] for o in first.options}
    want = {"Sharkling 5", "Stalwart Poro 5"} | {f"Sharkling {k}, Stalwart Poro {5 - k}" for k in range(1, 5)}
    assert shares == want
    assert report.solution.value == brute_split_value(doc)


def brute_split_value(doc: dict) -> Fraction:
    best = None
    for k in range(0, 6):
        amounts = {n: v for n, v in (("Sharkling", k), ("Stalwart Poro", 5 - k)) if v}
        entry = {"trigger": "Volibear - Furious", "target": list(amounts), "amounts": amounts}
        v = Prefixed(doc, [entry]).value()
        best = v if best is None else max(best, v)
    return best


def test_a_revealed_fact_stays_not_modelled():
    """Twisted Fate, Gambler's option is set by the rune it reveals: a fact, not a choice (RB-CARD-10)."""
    doc = _doc(["Twisted Fate - Gambler"], ["Sharkling"], [], [])
    report = verbs.optimize(scenario_from_dict(doc))
    assert not any(phase == "triggers" for phase, _ in report.solution.decisions)
    assert any("Twisted Fate - Gambler" in u["what"] for u in report.solution.unmodelled)


def test_stated_triggers_are_kept_and_only_the_others_chosen():
    doc = _doc(["Leona - Determined"], ["Ahri - Inquisitive", "Sharkling"], [], [])
    doc["showdown"] = [{"trigger": "Ahri - Inquisitive", "target": ["Leona - Determined"]}]
    report = verbs.optimize(scenario_from_dict(doc))
    triggers = [d for phase, d in report.solution.decisions if phase == "triggers"]
    assert len(triggers) == 1 and triggers[0].player == 0
    ahri = doc.pop("showdown")
    want = max(Prefixed(doc, ahri + [{"trigger": "Leona - Determined", "target": [n]}]).value()
               for n in ("Ahri - Inquisitive", "Sharkling"))
    assert report.solution.value == want


def test_cli_text_and_tree(tmp_path):
    doc = _doc(["Leona - Determined"], ["Ahri - Inquisitive", "Sharkling"], ["Cleave"], [])
    path = tmp_path / "t.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pycombat", "optimize", str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "The triggers the file does not state are chosen by their players" in out.stdout
    assert "Attacker (triggers) at attacker states a combat trigger (RB-SHOW-2)" in out.stdout
    assert "NOT MODELLED" not in out.stdout
    graph = tmp_path / "t.graphml"
    out = subprocess.run([sys.executable, "-m", "pycombat", "tree", str(path), "-o", str(graph), "--json"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "states Leona - Determined" in graph.read_text(encoding="utf-8")
    assert json.loads(out.stdout)["nodes"] > 2


def test_a_side_stating_some_triggers_names_the_orders_not_weighed():
    doc = _doc(["Leona - Determined", "Crackshot Corsair"], ["Sharkling", "Stalwart Poro"], [], [])
    doc["showdown"] = [{"trigger": "Crackshot Corsair", "target": ["Sharkling"]}]
    report = verbs.optimize(scenario_from_dict(doc))
    assert [d.player for phase, d in report.solution.decisions if phase == "triggers"] == [0]
    assert any(u["what"] == "the order of the combat triggers of the attacker" for u in report.solution.unmodelled)
    stated = doc.pop("showdown")
    want = max(Prefixed(doc, stated + [{"trigger": "Leona - Determined", "target": [n]}]).value()
               for n in ("Sharkling", "Stalwart Poro"))
    assert report.solution.value == want


def test_too_many_trigger_choices_are_refused_up_front():
    from pycombat.errors import TooLargeError
    from pycombat.games.riftbound.play import solve

    doc = _doc(["Volibear - Furious", "Sinister Poro", "Crackshot Corsair"],
               ["Ahri - Inquisitive", "Yuumi - Magical Cat", "Sharkling"], [], [])
    with pytest.raises(TooLargeError, match=r"sets of choices, more than 5,000"):
        verbs.optimize(scenario_from_dict(doc))
    assert solve.MAX_TRIGGER_SETS == 5_000


def test_the_attackers_move_triggers_are_chosen_before_the_combat_triggers():
    """Ribbon Dancer: "When I move to a battlefield, give another friendly unit +1 Might this turn", as it moved in
    (resolved before the combat is held, RB-COMB-2, RB-CARD-10); then Leona's combat trigger."""
    doc = _doc(["Ribbon Dancer", "Leona - Determined"], ["Blue Sentinel", "Sharkling"], [], ["Cleave"])
    report = verbs.optimize(scenario_from_dict(doc))
    first, second = (d for phase, d in report.solution.decisions[:2])
    assert {o.label for o in first.options} == {f"attacker states Ribbon Dancer's move trigger on {n}"
                                                for n in ("Leona - Determined",)}
    assert all(o.label.startswith("attacker states Leona - Determined's combat trigger") for o in second.options)
    want = max(Prefixed(doc, [{"trigger": "Ribbon Dancer", "when": "move", "target": ["Leona - Determined"]},
                              {"trigger": "Leona - Determined", "target": [n]}]).value()
               for n in ("Blue Sentinel", "Sharkling"))
    assert report.solution.value == want
    assert report.to_json()["triggers_stated"][0] == {
        "by": "attacker", "trigger": "Ribbon Dancer", "when": "move", "target": ["Leona - Determined"],
        "label": "states Ribbon Dancer's move trigger on Leona - Determined"}


def test_a_reaction_played_in_response_resolves_before_the_combat_triggers():
    """Crackshot Corsair: "When I attack, deal 1 to an enemy unit here". Unyielding Spirit ("Prevent all spell and
    ability damage this turn", a Reaction) played while the trigger is on the chain prevents it; played after, the
    damage is dealt already (RB-SHOW-2, RB-SHOW-4)."""
    doc = _doc(["Crackshot Corsair"], ["Sharkling", "Stalwart Poro"], [], ["Unyielding Spirit"])
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == brute_value(doc)
    labels = [o.label for phase, d in report.solution.decisions if phase == "combat chain" for o in d.options]
    assert "defender plays Unyielding Spirit in response" in labels
    # without the step (the Defender may play it only once the trigger resolved), 1 damage on Stalwart Poro lets
    # the Corsair's 3 kill it and Sharkling in combat (2 units, 3 + 1 Might), Sharkling's 1 and the Poro's 3 kill the
    # Corsair (3): on the game's one scale a unit lost counts 1 + 4 + 10 = 15 (the Attacker can lose 3 Might + 1 the
    # trigger adds, the Defender 1 + 4 Assault + 3 + 1 Shield + 1, play/score.py), so 2*15 + 4 - (15 + 3) = 16 for
    # the Attacker; with it, the Defender prevents that damage: one kill each, 15 + 3 - (15 + 3) = 0
    on_poro = [{"trigger": "Crackshot Corsair", "target": ["Stalwart Poro"]}]
    assert Prefixed(doc, on_poro).value() == 16
    assert report.solution.value == 0 == chain_value(doc, on_poro)
    first = report.solution.decisions[0][1]
    assert {o.label: o.value for o in first.options}[
        "attacker states Crackshot Corsair's combat trigger on Stalwart Poro"] == 0


def test_respond_entries_read_as_the_rules_say():
    plain = {"game": "riftbound", "attacker": {"player": "Ann", "units": ["Crackshot Corsair"]},
             "defender": {"player": "Bo", "units": ["Sharkling"]}}
    trigger = {"trigger": "Crackshot Corsair", "target": ["Sharkling"]}
    sd = play_showdown(scenario_from_dict({**plain, "showdown": [
        trigger, {"play": "Unyielding Spirit", "by": "defender", "respond": True}]}))
    texts = [line.text for line in sd.lines]
    said = next(i for i, t in enumerate(texts) if t.startswith("Before they resolve, defender plays Unyielding Spirit"))
    fired = next(i for i, t in enumerate(texts) if t.startswith("Crackshot Corsair's \"When I attack\""))
    assert said < fired and "prevented" in texts[fired]
    assert not any(t.startswith("The chain resolved and Focus passes") for t in texts[said:fired])
    bad = [([trigger, {"play": "Cleave", "by": "attacker", "target": "Crackshot Corsair", "respond": True}],
             "showdown[1].respond", "only a Reaction card"),
           ([trigger, {"play": "Cleave", "by": "attacker", "target": "Crackshot Corsair"},
             {"play": "Unyielding Spirit", "by": "defender", "respond": True}], "showdown[2].respond", "right after"),
           ([{"play": "Unyielding Spirit", "by": "defender", "respond": True}], "showdown[0].respond",
            "none is on the chain")]
    # (with two enemy units the Corsair's "an enemy unit here" is a choice, not stated in the last case: no trigger is on
    # the chain; with Sharkling alone it would be its only target and resolve by itself, RB-CARD-1)
    two = {**plain, "defender": {"player": "Bo", "units": ["Sharkling", "Stalwart Poro"]}}
    for showdown, path, text in bad:
        with pytest.raises(ScenarioError, match=text) as err:
            play_showdown(scenario_from_dict({**two, "showdown": showdown}))
        assert err.value.path == path


def test_a_chain_with_a_response_is_one_the_reader_accepts():
    """Down the game by hand: the Corsair's trigger on Stalwart Poro, the Attacker passes, the Defender responds
    with Unyielding Spirit, both pass: the showdown that follows is the file with those entries, read as `verify`
    reads it, the Attacker keeping Focus (RB-SHOW-2)."""
    from pycombat.games.riftbound.play.entries import Lines
    from pycombat.games.riftbound.play.game import PASS, ShowdownGame, ShowdownState
    from pycombat.games.riftbound.play.responses import ResponseState
    from pycombat.games.riftbound.play.triggers import initial_state

    doc = _doc(["Crackshot Corsair"], ["Sharkling", "Stalwart Poro"], [], ["Unyielding Spirit"])
    report = verbs.optimize(scenario_from_dict(doc))
    scenario = scenario_from_dict(doc)
    state, _ = initial_state(ShowdownGame(Lines(scenario), dict(scenario.hands), report.objective))
    state = state.child(next(a for a in state.legal_actions() if a.label().endswith("on Stalwart Poro")))
    assert isinstance(state, ResponseState) and state.legal_actions() == [PASS]  # the Attacker holds no card
    state = state.child(PASS)
    spirit = next(a for a in state.legal_actions() if a != PASS)
    assert state.action_to_string(spirit) == "defender plays Unyielding Spirit in response"
    state = state.child(spirit).child(PASS).child(PASS)
    assert isinstance(state, ShowdownState) and (state.focus, state.mover, state.hands) == ("attacker", "attacker",
                                                                                           ((), ()))
    assert state.game.responses == ({"play": "Unyielding Spirit", "by": "defender", "respond": True},)
    showdown = [{"trigger": "Crackshot Corsair", "target": ["Stalwart Poro"]}, *state.game.responses]
    sd = play_showdown(scenario_from_dict({**{k: v for k, v in doc.items() if k != "hand"}, "showdown": showdown}))
    assert sd.board == state.at.final_board
    assert next(u for u in sd.board.defender if u.name == "Stalwart Poro").marked == 0  # the 1 damage prevented


def test_too_many_combat_chains_are_refused_up_front():
    from pycombat.errors import TooLargeError

    doc = _doc(["Crackshot Corsair", "Sharkling", "Blue Sentinel"], ["Stalwart Poro", "Ahri - Inquisitive"],
               ["Discipline", "Smoke Screen", "Defy"], ["Discipline", "Smoke Screen", "Defy"])
    with pytest.raises(TooLargeError, match=r"the chains the hands' Reaction cards can make on the triggers .* more than 5,000"):
        verbs.optimize(scenario_from_dict(doc))


def test_reactions_on_the_move_chain_are_searched():
    """Ribbon Dancer's "When I move to a battlefield, give another friendly unit +1 Might this turn" is on the chain
    before the combat is held: the Defender may answer it with Smoke Screen (-4 Might), which resolves first
    (RB-COMB-2, RB-SHOW-4; `respond: move`)."""
    doc = _doc(["Ribbon Dancer", "Sharkling"], ["Blue Sentinel"], [], ["Smoke Screen"])
    report = verbs.optimize(scenario_from_dict(doc))
    phases = [phase for phase, _ in report.solution.decisions]
    assert phases[:3] == ["triggers", "move chain", "move chain"]
    labels = {o.label for phase, d in report.solution.decisions if phase == "move chain" for o in d.options}
    assert "defender plays Smoke Screen on Sharkling in response" in labels
    assert not [u for u in report.solution.unmodelled if u["card"] == "Smoke Screen"]
    assert report.solution.value == brute_value(doc)

def test_any_number_of_units_is_every_set():
    """Azir, Sovereign: "you may move any number of friendly tokens to this unit's location": every set of the units
    named, however many (the reader keeps those its rules allow), and declining."""
    from pycombat.games.riftbound.cards.units import load_units
    from pycombat.games.riftbound.play.triggers import Awaiting, entries

    azir = load_units().unit("Azir - Sovereign")
    effects = tuple(e for e in azir.abilities if e.get("trigger") == "When I attack")
    names = [f"T{k}" for k in range(1, 6)]
    got = entries(Awaiting("attacker", "Azir - Sovereign", "combat", effects), names, {})
    assert got[0] == {"trigger": "Azir - Sovereign", "decline": True}
    sets = {frozenset(e["target"]) for e in got[1:]}
    assert len(got) - 1 == len(sets) == 2 ** 5 - 1 and frozenset(names) in sets


def test_a_trigger_with_too_many_choices_is_refused_up_front(monkeypatch):
    from pycombat.errors import TooLargeError
    from pycombat.games.riftbound.play import triggers

    monkeypatch.setattr(triggers, "MAX_TRIED", 20)  # Volibear: 5 split among 3 enemy units, 3 + 12 + 6 ways
    doc = _doc(["Volibear - Furious"], ["Sharkling", "Stalwart Poro", "Blue Sentinel"], [], [])
    with pytest.raises(TooLargeError, match=r"Volibear - Furious's combat trigger has 21 choices to try, more than 20"):
        verbs.optimize(scenario_from_dict(doc))


def test_respond_move_entries_read_as_the_rules_say():
    plain = {"game": "riftbound", "attacker": {"player": "Ann", "units": ["Ribbon Dancer", "Sharkling"]},
             "defender": {"player": "Bo", "units": ["Blue Sentinel"]}}
    dancer = {"trigger": "Ribbon Dancer", "when": "move", "target": ["Sharkling"]}
    smoke = {"play": "Smoke Screen", "by": "defender", "target": "Sharkling", "respond": "move"}
    sd = play_showdown(scenario_from_dict({**plain, "showdown": [dancer, smoke]}))
    texts = [line.text for line in sd.lines]
    said = next(i for i, t in enumerate(texts) if t.startswith("Before they resolve, defender plays Smoke Screen"))
    fired = next(i for i, t in enumerate(texts) if t.startswith('Ribbon Dancer\'s "When I move to a battlefield"'))
    begins = next(i for i, t in enumerate(texts) if t.startswith("The showdown begins"))
    assert said < fired < begins  # answered and resolved before the combat is held (RB-COMB-2)
    # before the combat begins Sharkling has no Attacker designation, so not its Assault 4 (RB-COMB-4, RB-MIGHT-4):
    # it is 1, and Smoke Screen's -4 "to a minimum of 1" takes 0 as it is applied, and keeps taking 0 (CR 454.3.b)
    assert "Sharkling gets -4 Might, to a minimum of 1: +0 (now 1)" in texts[said + 1] \
        and "Sharkling gets +1 Might" in texts[fired]
    bad = [([dancer, {"play": "Cleave", "by": "attacker", "target": "Sharkling", "respond": "move"}],
            "showdown[1].respond", "only a Reaction card"),
           ([dancer, {"play": "Cleave", "by": "attacker", "target": "Sharkling"}, smoke], "showdown[2].respond",
            "right after them"),
           ([smoke], "showdown[0].respond", "none is on the chain before the combat")]
    for showdown, path, text in bad:
        with pytest.raises(ScenarioError, match=text) as err:
            play_showdown(scenario_from_dict({**plain, "showdown": showdown}))
        assert err.value.path == path


def test_a_trigger_entry_stated_for_the_wrong_player_is_refused():
    """A trigger entry's `by:` (as `triggers_stated` writes it) must name the player whose unit it is (RB-CARD-10)."""
    from pycombat.errors import ScenarioError

    doc = _doc(["Leona - Determined", "Sinister Poro"], ["Ahri - Inquisitive", "Blue Sentinel"], ["Cleave"],
               ["Unyielding Spirit"])
    plain = {k: v for k, v in doc.items() if k != "hand"}
    with pytest.raises(ScenarioError, match="Ahri - Inquisitive is the defender's unit"):
        scenario_from_dict({**plain, "showdown": [{"trigger": "Ahri - Inquisitive", "by": "attacker"}]})
