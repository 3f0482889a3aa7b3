"""[Repeat] (RB-CARD-25): each [Repeat] paid executes the spell once more, with its own choices made as it is
played; a spell has the ones printed on it and one more for each unit of its player's at the battlefield whose
static ability gives them ("While I'm in a showdown, your spells have [Repeat] ...", Syndra, Transcendent).
Checked against a brute force written from the printed text, against the same spell played twice, and on the
costs, the counter and the refusals."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

SYNDRA = "Syndra - Transcendent"
#: what one execution of each spell does to the unit it chooses, from the printed text: "Give a unit [Assault 2]
#: this turn" (+2 Might while it is an attacker), "Give a unit +2 Might this turn", "Give a unit -2 Might this turn"
PRINTED = {"Blood Rush": lambda side: 2 if side == "attacker" else 0,
           "Feral Strength": lambda side: 2,
           "Frigid Touch": lambda side: -2}


def _doc(att, dfn, showdown, **top):
    unit = lambda n, m: {"name": n, "custom": True, "might": m}  # noqa: E731
    return {"game": "riftbound", "attacker": {"units": [unit(n, m) for n, m in att]},
            "defender": {"units": [unit(n, m) for n, m in dfn]}, "showdown": showdown, **top}


def _mights(doc):
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}, sd


def _refused(doc) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        play_showdown(scenario_from_dict(doc, file="<t>"))
    return e.value


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(PRINTED)), st.lists(st.integers(5, 8), min_size=1, max_size=3),
       st.lists(st.integers(5, 8), min_size=1, max_size=3), st.sampled_from(["attacker", "defender"]),
       st.data())
def test_a_repeat_is_the_spell_once_more_with_its_own_target(spell, att_m, dfn_m, by, data):
    att = [(f"A{i}", m) for i, m in enumerate(att_m)]
    dfn = [(f"D{i}", m) for i, m in enumerate(dfn_m)]
    names = [n for n, _ in att + dfn]
    first, again = data.draw(st.sampled_from(names)), data.draw(st.sampled_from(names))
    got, sd = _mights(_doc(att, dfn, [{"play": spell, "by": by, "target": first, "repeat": {"target": again}}]))
    # the brute force: each execution gives its unit what the printed text says
    want = {n: m for n, m in att + dfn}
    for t in (first, again):
        want[t] += PRINTED[spell]("attacker" if t.startswith("A") else "defender")
    assert got == want
    assert any("[Repeat]" in ln.text and "RB-CARD-25" in ln.rules for ln in sd.lines)
    # the same spell played twice gives the same board when nothing dies between (here no unit can)
    twice, _ = _mights(_doc(att, dfn, [{"play": spell, "by": by, "target": first},
                                       {"play": spell, "by": by, "target": again}]))
    assert twice == got
    # `repeat: true`: the same choice again; `false`: not paid
    same, _ = _mights(_doc(att, dfn, [{"play": spell, "by": by, "target": first, "repeat": True}]))
    once, _ = _mights(_doc(att, dfn, [{"play": spell, "by": by, "target": first, "repeat": False}]))
    assert same[first] - once[first] == once[first] - dict(att + dfn)[first]


def test_the_executions_resolve_before_any_cleanup():
    """"Deal 1 to up to three units at the same location", repeated: the second execution may choose a unit
    the first dealt lethal damage (no cleanup between them), which two plays of the card could not."""
    att, dfn = [("A", 5)], [("D", 1), ("E", 3)]
    _, sd = _mights(_doc(att, dfn, [{"play": "Bellows Breath", "by": "attacker", "target": ["D", "E"],
                                     "repeat": {"target": ["D", "E"]}}]))
    assert [u.name for u in sd.board.defender] == ["E"]
    assert next(u for u in sd.board.defender if u.name == "E").marked == 2
    assert "Cleanup: D has 2 damage" in " ".join(ln.text for ln in sd.lines)
    # played twice, the cleanup after the first play kills D: the second, naming D, was on the chain before it, and
    # the first, an [Action] card, cannot have been played above it on an open chain (RB-SHOW-4)
    err = _refused(_doc(att, dfn, [{"play": "Bellows Breath", "by": "attacker", "target": ["D", "E"]},
                                   {"play": "Bellows Breath", "by": "attacker", "target": ["D", "E"]}]))
    assert err.path == "showdown[0].play" and "RB-SHOW-4" in str(err)
    # a Reaction card played on it in response resolves first: Bellows Breath then has no effect on D (RB-CARD-11)
    _, sd = _mights(_doc(att, dfn, [{"play": "Cannon Barrage", "by": "attacker"},
                                    {"play": "Bellows Breath", "by": "attacker", "target": ["D", "E"]}]))
    text = " ".join(ln.text for ln in sd.lines)
    assert "Cleanup: D has 2 damage" in text and "D left the battlefield before it resolved" in text


def test_a_unit_gives_its_players_spells_one_more_repeat_while_at_the_battlefield():
    syndra = {"name": SYNDRA}
    base = _doc([("A", 5)], [("D", 5)], [])
    two = {"play": "Feral Strength", "by": "attacker", "target": "A", "repeat": [True, True]}
    doc = {**base, "showdown": [two]}
    doc["attacker"] = {"units": doc["attacker"]["units"] + [syndra]}
    got, sd = _mights(doc)
    assert got["A"] == 5 + 3 * 2 and not sd.unmodelled
    assert any(f"given by {SYNDRA}" in ln.text for ln in sd.lines)
    # at its base, or on the other side: only the printed [Repeat]
    for where in ({**base, "attacker": {"units": base["attacker"]["units"], "base": [syndra]}},
                  {**base, "defender": {"units": base["defender"]["units"] + [syndra]}}):
        err = _refused({**where, "showdown": [two]})
        assert "has 1 [Repeat]" in str(err) and "RB-CARD-25" in str(err) and err.path == "showdown[0].repeat"
    # a spell with none printed has the one Syndra gives
    doc["showdown"] = [{"play": "Frigid Touch", "by": "attacker", "target": "D"},
                       {"play": "Challenge", "by": "attacker", "target": ["A", "D"], "repeat": True}]
    got, _ = _mights(doc)
    doc["showdown"] = [{"play": "Challenge", "by": "attacker", "target": ["A", "D"], "repeat": True}]
    doc["attacker"] = {"units": base["attacker"]["units"]}
    err = _refused(doc)
    assert "has no [Repeat]" in str(err)


def test_each_repeat_paid_adds_its_cost():
    """card_costs=stated (RB-CARD-2): Bellows Breath (1 Energy + 1 Power) with its printed [Repeat] (1 Energy +
    1 mind rune) and Syndra's (2 Energy + 1 chaos rune) costs 4 Energy + 3 Power."""
    doc = _doc([("A", 5)], [("D", 5), ("E", 5)], [], rules={"card_costs": "stated"})
    doc["attacker"]["units"].append({"name": SYNDRA})
    play = {"play": "Bellows Breath", "by": "attacker", "target": ["D"], "repeat": [True, {"target": ["E"]}]}
    for paid, ok in (({"energy": 4, "power": 3}, True), ({"energy": 3, "power": 3}, False),
                     ({"energy": 4, "power": 2}, False)):
        doc["showdown"] = [{**play, "paid": paid}]
        if ok:
            _, sd = _mights(doc)
            assert {u.name: u.marked for u in sd.board.defender} == {"D": 2, "E": 1}
        else:
            err = _refused(doc)
            assert "[Repeat]" in str(err) and "RB-CARD-2" in str(err), paid
    doc["showdown"] = [{**play, "repeat": True, "paid": {"energy": 2, "power": 2}}]  # the printed one only
    _mights(doc)


def test_a_countered_spell_executes_nothing():
    """RB-CARD-3: countered, none of its executions happen (the spell is played once)."""
    doc = _doc([("A", 5)], [("D", 5)], [
        {"play": "Blood Rush", "by": "attacker", "target": "A", "repeat": True},
        {"play": "Hard Bargain", "by": "defender", "target": "Blood Rush", "pays": False}])
    got, _ = _mights(doc)
    assert got["A"] == 5
    doc["showdown"][1]["pays"] = True
    got, _ = _mights(doc)
    assert got["A"] == 9


@pytest.mark.parametrize("repeat, field, words", [
    ({"targt": "A"}, "repeat.targt", "did you mean 'target'"),
    ([], "repeat", "one per [Repeat] paid"),
    ([True, True], "repeat", "has 1 [Repeat]"),
    ({"cost": 2}, "repeat.cost", "has 1 [Repeat]"),
    ([True, False], "repeat[1]", "list only the [Repeat] paid"),
    ("twice", "repeat", "must be true or false or a mapping or a list"),
    ({"target": "Q"}, "repeat.target", "not a unit of this combat"),
])
def test_bad_repeats_are_refused_naming_the_field(repeat, field, words):
    err = _refused(_doc([("A", 5)], [("D", 5)], [{"play": "Blood Rush", "by": "attacker", "target": "A",
                                                  "repeat": repeat}]))
    assert words in str(err) and err.path == f"showdown[0].{field}", (repeat, err.path, str(err))


def test_the_cli_exits_2_with_one_message(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("game: riftbound\nattacker: {units: [{name: A, custom: true, might: 5}]}\n"
                    "defender: {units: [{name: D, custom: true, might: 5}]}\n"
                    "showdown: [{play: Challenge, by: attacker, target: [A, D], repeat: true}]\n")
    assert main(["odds", str(path)]) == 2
    err = capsys.readouterr().err
    assert "showdown[0].repeat" in err and "has no [Repeat]" in err and "Traceback" not in err


def test_the_showdown_game_pays_a_printed_repeat_where_it_is_worth_it():
    """With Blood Rush in hand (Assault 2, [Repeat] 1 Energy), the best line repeats it on the other attacker: two
    2-Might attackers reach 8 against a 6-Might defender and kill it; once, they reach 6 (and the brute force of
    test_showdown_play, which pays a printed [Repeat] too, agrees)."""
    from test_showdown_play import Brute

    doc = _doc([("A1", 2), ("A2", 2)], [("D", 7)], [], hand={"attacker": ["Blood Rush"], "defender": []})
    report = verbs.optimize(scenario_from_dict(doc, file="<t>"))
    assert report.solution.value == Brute(doc).value()
    played = [e for e in report.solution.resolved]
    assert len(played) == 1 and len(played[0].repeat) == 1 and {*played[0].targets, *played[0].repeat[0]} == {"A1", "A2"}
    assert not report.solution.unmodelled
    assert any("repeated on" in o.label for _, d in report.solution.decisions for o in d.options)


def test_the_card_lookup_reads_syndra_and_the_search_names_what_it_does_not_try():
    assert not card_report(SYNDRA)["unmodelled"]
    assert any("[Repeat]" in m["what"] and "RB-CARD-25" in m["what"] for m in card_report(SYNDRA)["modelled"])
    doc = _doc([("A", 3)], [("D", 4)], [], hand={"attacker": ["Blood Rush"], "defender": []})
    doc["attacker"]["units"].append({"name": SYNDRA})
    report = verbs.optimize(scenario_from_dict(doc, file="<t>"))
    assert [u["what"] for u in report.solution.unmodelled] == [f"attacker's Blood Rush: the [Repeat] {SYNDRA} gives"]
    doc["hand"] = {"attacker": ["Challenge"], "defender": ["Blood Rush"]}  # the defender has no Syndra
    assert [u["card"] for u in verbs.optimize(scenario_from_dict(doc, file="<t>")).solution.unmodelled] == ["Challenge"]


@pytest.mark.parametrize("pays, again, might", [(False, {"target": "Feral Strength"}, 5), (False, True, 7),
                                                 (True, {"target": "Feral Strength"}, 9), (True, True, 9)])
def test_a_counter_repeated_counters_the_card_its_repeat_chooses(pays, again, might):
    """Hard Bargain ("Counter a spell unless its controller pays 2", [Repeat] 2): repeated, it may choose another
    spell on the chain (RB-CARD-25, RB-CARD-20); the same one again counters nothing more."""
    doc = _doc([("A", 5)], [("D", 5)], [
        {"play": "Blood Rush", "by": "attacker", "target": "A"},
        {"play": "Feral Strength", "by": "attacker", "target": "A"},
        {"play": "Hard Bargain", "by": "defender", "target": "Blood Rush", "pays": pays, "repeat": again}])
    got, sd = _mights(doc)
    assert got["A"] == might and not sd.unmodelled
    said = next(x.text for x in sd.lines if "plays Hard Bargain" in x.text)
    # the same card again: countered once, narrated once
    assert said.count("Blood Rush is countered") == (0 if pays else 1), said
    assert ("countered by it already" in said) == (again is True and not pays), said
