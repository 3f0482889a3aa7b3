"""RB-CARD-12, RB-CARD-18 with RB-CARD-7: a unit killed by a card or an ability would die like one with lethal damage at
a cleanup, so a death replacement applies to it: the unit's own ("the next time it would die this turn", Tactical
Retreat), a friendly unit's static one (Soraka, Wanderer: "If another unit you control here would die, if it has less
Might than me, instead heal it, exhaust it, and recall it") or a gear's (Zhonya's Hourglass). Recalled instead, it does
not die: no Deathknell, no "dies" claim, no kill counted by `odds`, `verify` or the showdown game. Units one effect kills
at once die together: a source among them still saves the others (CR 323.5)."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.verbs import odds, verify

SORAKA = "Soraka - Wanderer"
KOG = "Kog'Maw - Caustic"
RECALLED = "healed, exhausted and recalled instead of dying"


def _s(att, dfd, showdown, claims=(), **extra):
    return scenario_from_dict({"game": "riftbound", "attacker": {"player": "Ann", "units": att},
                               "defender": {"player": "Bo", "units": dfd, **extra}, "showdown": showdown,
                               "claims": list(claims)}, file="<t>")


def _verdicts(s):
    return {c["id"]: c["verdict"] for c in verify(s).to_json()["claims"]}


def test_a_unit_a_spell_kills_is_recalled_by_soraka_and_its_deathknell_does_not_fire():
    """Blast of Power kills Kog'Maw (Might 1 < Soraka's 4): he is recalled instead, so his Deathknell (4 to every unit
    at his battlefield) never fires; A3 (3) then fails to kill Soraka (lethal 4), her 4 kills A3: Bo keeps it."""
    s = _s([{"name": "A3", "custom": True, "might": 3}], [KOG, SORAKA],
           [{"play": "Blast of Power", "by": "attacker", "target": KOG}],
           claims=[{"id": "keeps", "claim": "the defender keeps the battlefield", "expect": True},
                   {"id": "kog", "claim": f"{KOG} dies", "expect": False}])
    sd = play_showdown(s)
    assert (KOG, "defender", RECALLED) in sd.board.removed
    assert [u.name for u in sd.board.defender] == [SORAKA] and [u.name for u in sd.board.attacker] == ["A3"]
    assert sd.units[KOG].exhausted and sd.units[KOG].marked == 0
    assert not any("Deathknell" in ln.text for ln in sd.lines)
    line = next(ln for ln in sd.lines if "Blast of Power" in ln.text)
    assert "recalled instead (Soraka - Wanderer)" in line.text and "RB-CARD-18" in line.rules
    report = odds(s).to_json()
    assert report["outcome"] == "keep" and report["death_share"]["A3"]["exact"] == "1/1"
    assert _verdicts(s) == {"keeps": True, "kog": False}


def test_a_unit_a_combat_trigger_kills_is_recalled_by_soraka():
    """Empowered Ambessa's "When I attack, kill an enemy unit here with less Might than me" on D2: Soraka recalls it."""
    s = _s([{"name": "Ambessa, Respected and Feared", "empowered": True}],
           [{"name": "D2", "custom": True, "might": 2}, SORAKA],
           [{"trigger": "Ambessa, Respected and Feared", "target": "D2"}],
           claims=[{"id": "dies", "claim": "D2 dies", "expect": False}])
    sd = play_showdown(s)
    assert ("D2", "defender", RECALLED) in sd.board.removed
    assert _verdicts(s) == {"dies": False}


def test_soraka_saves_only_a_unit_with_less_might_than_her():
    """D5 (5 is not less than Soraka's 4) killed by Blast of Power dies; D2 is recalled."""
    for name, might, died in (("D5", 5, True), ("D2", 2, False)):
        s = _s([{"name": "A5", "custom": True, "might": 5}], [{"name": name, "custom": True, "might": might}, SORAKA],
               [{"play": "Blast of Power", "by": "attacker", "target": name}],
               claims=[{"id": "dies", "claim": f"{name} dies", "expect": died}])
        assert _verdicts(s) == {"dies": died}, name


def test_tactical_retreat_replaces_the_death_a_spell_causes():
    """Tactical Retreat on D2, then Blast of Power on it: D2 is healed, exhausted and recalled; it never died."""
    s = _s([{"name": "A5", "custom": True, "might": 5}],
           [{"name": "D2", "custom": True, "might": 2}, {"name": "D9", "custom": True, "might": 9}],
           [{"play": "Tactical Retreat", "by": "defender", "target": "D2"},
            {"play": "Blast of Power", "by": "attacker", "target": "D2"}],
           claims=[{"id": "dies", "claim": "D2 dies", "expect": False}])
    sd = play_showdown(s)
    assert ("D2", "defender", RECALLED) in sd.board.removed and sd.units["D2"].death_replacement == ()
    assert any("RB-CARD-12" in ln.rules and "recalled instead (Tactical Retreat)" in ln.text for ln in sd.lines)
    assert _verdicts(s) == {"dies": False}


def test_a_kill_stated_without_its_card_is_replaced_too():
    s = _s([{"name": "A5", "custom": True, "might": 5}], [KOG, SORAKA], [{"by": "attacker", "kill": KOG}])
    sd = play_showdown(s)
    assert (KOG, "defender", RECALLED) in sd.board.removed
    assert not any("Deathknell" in ln.text for ln in sd.lines)


def test_a_gear_saves_the_unit_a_spell_kills_and_is_killed_instead():
    """Zhonya's Hourglass ("If a friendly unit would die, kill this instead. Heal that unit, exhaust it, and recall
    it") in the Defender's gear: Blast of Power's kill recalls D3 and takes the gear."""
    s = _s([{"name": "A5", "custom": True, "might": 5}], [{"name": "D3", "custom": True, "might": 3}],
           [{"play": "Blast of Power", "by": "attacker", "target": "D3"}], gear=["Zhonya's Hourglass"])
    sd = play_showdown(s)
    assert ("D3", "defender", RECALLED) in sd.board.removed
    assert any("Zhonya's Hourglass is killed instead" in ln.text for ln in sd.lines)


def test_units_killed_at_once_die_together_and_soraka_among_them_saves_the_others():
    """Warwick, Hunter: "When I attack, kill all damaged enemy units here": Soraka and D2, both damaged, would die at
    once; Soraka is still in play as D2 would die, so D2 (2 < 4) is recalled."""
    s = _s([{"name": "Warwick - Hunter"}],
           [{"name": "D2", "custom": True, "might": 2, "damage": 1}, {"name": SORAKA, "damage": 1}], [],
           claims=[{"id": "d2", "claim": "D2 dies", "expect": False},
                   {"id": "soraka", "claim": f"{SORAKA} dies", "expect": True}])
    sd = play_showdown(s)
    assert ("D2", "defender", RECALLED) in sd.board.removed
    assert (SORAKA, "defender", "killed") in sd.board.removed
    assert _verdicts(s) == {"d2": False, "soraka": True}
