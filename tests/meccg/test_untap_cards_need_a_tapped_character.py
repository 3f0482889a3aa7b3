"""MECCG-FX-1, MECCG-SEQ-2/7: a strike card whose printed target is a tapped character ("a tapped non-Ringwraith
character": Above the Abyss, AS-77; "your tapped Ringwraith": The Ring Leaves Its Mark, LE-223), or whose one effect
is to untap the character it is played for (Angband Revisited, BA-49, and And Forth He Hastened, TD-98, "untap a
character in ...'s company"; Cram, Strange Rations, the Jewel of Beleriand, The Arkenstone), is played for a
tapped character only. The one play check refuses it for an untapped (or wounded) one, in every verb: verify's
claim, odds and replay (the combat block refused, naming the field), and optimize (never offered from a hand)."""
from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

import pycombat
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import interpreter as cardfx
from pycombat.games.meccg.combat.game import CvccGame, Objective
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.tree import CHANCE, TERMINAL

# (card, the playing company's alignment and members, the member it is played for, the other company)
CASES = [
    ("Above the Abyss", "minion", ["Lagduf", "Khamûl the Ringwraith"], "Lagduf", "hero", ["Aragorn II", "Gimli"]),
    ("The Ring Leaves Its Mark", "minion", ["Lagduf", "Khamûl the Ringwraith"], "Khamûl the Ringwraith", "hero",
     ["Aragorn II", "Gimli"]),
    ("Angband Revisited", "balrog", ["The Balrog", "Azog"], "Azog", "hero", ["Aragorn II", "Gimli"]),
    ("And Forth He Hastened", "hero", ["Gandalf", "Aragorn II"], "Aragorn II", "minion", ["Lagduf", "Shagrat"]),
]


def _doc(card, own, members, target, other, others, status, *, play=True):
    mine = [{"name": n, "status": status} if n == target else n for n in members]
    att = {"player": "Own", "alignment": own, "site": "Moria", "members": mine}
    dfn = {"player": "Other", "alignment": other, "site": "Moria", "members": list(others)}
    strikes = [{"defender": others[0], "attacker": target}, {"defender": others[1], "attacker": next(
        n for n in members if n != target)}]
    if play:
        strikes[0]["attacker_cards"] = [card]
    return {"game": "meccg", "attacker": att, "defender": dfn, "combat": {"strikes": strikes},
            "claims": [{"id": "c", "claim": f"{card} may be played at step 1 of the strike against {others[0]}"}]}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("status", ["untapped", "wounded"])
def test_refused_for_a_character_who_is_not_tapped(case, status):
    card, target = case[0], case[3]
    doc = _doc(*case, status, play=False)
    (c,) = pycombat.load(copy.deepcopy(doc)).run("verify").to_json()["claims"]
    assert c["verdict"] is False and "MECCG-FX-1" in [r["rule"] for r in c["reasons"]]
    played = _doc(*case, status)
    for verb in ("odds", "replay"):
        with pytest.raises(ScenarioError) as err:
            pycombat.load(copy.deepcopy(played)).run(verb)
        assert err.value.path == "combat.strikes[0].attacker_cards"
        assert f"{card} is played for a tapped character; {target} is not tapped" in err.value.message
    # optimize's game never offers it from the attacker's hand
    hand = copy.deepcopy(doc)
    del hand["combat"]
    hand["attacker"]["hand"] = [card]
    assert card not in _offered(hand)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_played_for_a_tapped_character(case):
    card = case[0]
    doc = _doc(*case, "tapped", play=False)
    (c,) = pycombat.load(copy.deepcopy(doc)).run("verify").to_json()["claims"]
    assert c["verdict"] is True
    odds = pycombat.load(_doc(*case, "tapped")).run("odds").to_json()
    assert odds["strikes"][0]["attacker"] == case[3]
    hand = copy.deepcopy(doc)
    del hand["combat"]
    hand["attacker"]["hand"] = [card]
    assert card in _offered(hand)


def _offered(doc) -> set[str]:
    """Every card optimize's game offers the attacker at step 1 of a strike, anywhere in the tree."""
    game = CvccGame(scenario_from_dict(doc, file="<t>"), Objective("kill_mp"), prune=False, group_outcomes=False)
    offered, todo, seen = set(), [game.new_initial_state()], 0
    while todo and seen < 20000:
        s = todo.pop()
        seen += 1
        if getattr(s, "a_step", None) is not None:
            offered |= {cardfx.model(c).name for c in s.a_step.cards}
        p = s.current_player()
        if p == TERMINAL:
            continue
        todo += [s.child(m) for m in ([o for o, _p in s.chance_outcomes()] if p == CHANCE else s.legal_actions())]
    return offered


def test_every_card_whose_printed_target_is_tapped_or_untapped_requires_that_status():
    """combat_cards.json: a card whose effect's printed target names a tapped, untapped or (un)wounded character
    requires that status of the character it is played for (card_effects.yaml ``requires: status``)."""
    records = json.loads(resources.files("pycombat.games.meccg.data").joinpath("combat_cards.json").read_text(
        encoding="utf-8"))["records"]
    words = {"tapped": {"tapped"}, "untapped": {"untapped"}, "unwounded": {"untapped", "tapped"},
             "wounded": {"wounded"}}
    checked = []
    for r in records:
        m = cardfx.model(r["id"])
        if m.play not in ("strike", "cancel"):
            continue
        for e in r.get("effects") or ():
            target = str(e.get("target") or "").split()
            said = [w for w in target if w in words]
            if said and not str(e.get("target")).startswith(("all ", "each ")):
                assert set(m.requires.get("status") or ()) == words[said[0]], (r["id"], r["name"], e["target"])
                checked.append(r["id"])
    assert {"AS-77", "LE-223", "LE-247"} <= set(checked)


def test_a_card_whose_one_effect_is_to_untap_its_character_requires_a_tapped_one():
    """A strike card whose only record is an unconditional untap (no other effect, modelled or not, that could act
    on an untapped character) is played for a tapped character: on an untapped one it would do nothing."""
    raw = __import__("yaml").safe_load(resources.files("pycombat.games.meccg.data").joinpath(
        "card_effects.yaml").read_text(encoding="utf-8"))["cards"]
    untap_only = [cid for cid, e in raw.items() if e.get("play") == "strike"
                  and [f.get("what") for f in e.get("fx") or ()] == ["untap"]
                  and not (e["fx"][0].get("if")) and not e.get("unmodelled") and not e.get("flag")]
    assert {"AS-77", "LE-223", "BA-49", "TD-98", "TD-105", "LE-345", "AS-70", "TW-341", "LE-418"} <= set(untap_only)
    for cid in untap_only:
        assert cardfx.model(cid).requires.get("status") == ["tapped"], cid
