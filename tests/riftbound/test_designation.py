"""Assault and Shield add Might only while the unit has its side's Attacker or Defender designation
(RB-MIGHT-4, RB-MIGHT-5): a unit at its base or at another battlefield has none (RB-COMB-4), so a card
reading its Might there (a fight, damage, "Might N or less") reads it without them; moved in, it gets
them back, and moved out it loses them."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _run(showdown, attacker_base=(), defender_base=(), defender=None):
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 3, "keywords": ["Assault 2"]}],
                        "base": list(attacker_base)},
           "defender": {"units": defender or [{"name": "D1", "custom": True, "might": 3}],
                        "base": list(defender_base)},
           "showdown": showdown}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _killed(sd):
    return sorted(n for n, _, how in sd.board.removed if how == "killed")


def _text(sd):
    return "\n".join(line.text for line in sd.lines)


def test_an_attackers_unit_at_its_base_fights_without_its_assault():
    # B (2 Might, Assault 2) fights D1 (3) from its base: it deals 2, not 4, and D1's 3 kills it there
    sd = _run([{"play": "Marching Orders", "by": "attacker", "target": ["B", "D1"]}],
              attacker_base=[{"name": "B", "custom": True, "might": 2, "keywords": ["Assault 2"]}])
    assert _killed(sd) == []  # B dies at its base: not a unit of this combat's board
    assert {u.name: u.marked for u in sd.board.defender} == {"D1": 2}
    assert "B fights D1: deal 2 to D1" in _text(sd)
    assert "B has 3 damage at its base, at least its Might 2: it is killed there" in _text(sd)


def test_a_defenders_unit_at_its_base_fights_without_its_shield():
    # E (2 Might, Shield 2) at the defender's base fights A1 (3 + Assault 2 = 5): it deals 2, not 4
    sd = _run([{"play": "Marching Orders", "by": "defender", "target": ["E", "A1"]}],
              defender_base=[{"name": "E", "custom": True, "might": 2, "keywords": ["Shield 2"]}])
    assert {u.name: u.marked for u in sd.board.attacker} == {"A1": 2}
    assert "E" not in {u.name for u in sd.board.defender}


def test_damage_at_a_base_is_lethal_against_the_might_without_assault():
    # Final Spark's 8 kills B (5 Might, Assault 4) at its base: its Might there is 5, not 9
    sd = _run([{"play": "Final Spark", "by": "defender", "target": "B"}],
              attacker_base=[{"name": "B", "custom": True, "might": 5, "keywords": ["Assault 4"]}])
    assert "B has 8 damage at its base, at least its Might 5: it is killed there" in _text(sd)
    sd = _run([{"play": "Final Spark", "by": "defender", "target": "B"}],
              attacker_base=[{"name": "B", "custom": True, "might": 9}])
    assert "B has 8 damage" not in _text(sd)  # 9 Might: it lives


def test_moved_in_from_its_base_it_gets_its_assault():
    # Ride the Wind moves B in: there it attacks with 2 + Assault 2
    sd = _run([{"play": "Ride The Wind", "by": "attacker", "target": "B", "to": "battlefield"}],
              attacker_base=[{"name": "B", "custom": True, "might": 2, "keywords": ["Assault 2"]}])
    assert {u.name: u.current_might for u in sd.board.attacker} == {"A1": 5, "B": 4}
    assert sd.board.pool("attacker") == 9


def test_moved_to_its_base_it_loses_its_shield():
    # Flash moves E (2, Shield 2) to the defender's base; Marching Orders then has it fight A1 from there: it deals 2
    sd = _run([{"play": "Flash", "by": "defender", "target": ["E"]},
               {"play": "Marching Orders", "by": "defender", "target": ["E", "A1"]}],
              defender=[{"name": "D1", "custom": True, "might": 3},
                        {"name": "E", "custom": True, "might": 2, "keywords": ["Shield 2"]}])
    assert {u.name: u.marked for u in sd.board.attacker} == {"A1": 2}
    assert [u.name for u in sd.board.defender] == ["D1"]


def test_a_unit_at_its_base_is_described_without_its_designation_bonus():
    from pycombat.games.riftbound.cards.showdown import Progress

    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 3}],
                        "base": [{"name": "B", "custom": True, "might": 2, "keywords": ["Assault 2"]}]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 3, "keywords": ["Shield"]}]}}
    run, _ = Progress.begin(scenario_from_dict(doc, file="<t>"))
    assert run.live["B"].current_might == 2 and run.units["B"].current_might == 2
    assert "Assault" not in run.live["B"].describe().split("(")[1].split(",")[0]
    assert run.live["D1"].current_might == 4
