"""A Combat card's requirement on a fact the file does not state is not decided, never read as failing
(WOTR-CARD-5; as WOTR-EVT-8 leaves an Event's play open): without `battle.fellowship_region`, "It Is a
Gift may be played here" is NOT DECIDED and names the field, and a file that names the card as a side's
`card` is refused by every verb in the same words. A requirement that fails is said as what the card
needs and what the battle has ("needs Nazgûl Leadership 2 or more (has 1)"), never as an inequality."""
from __future__ import annotations

import json

import pytest

from pycombat.cli import main

BATTLE = """game: wotr
politics: {Gondor: at_war, Sauron: at_war}
attacker:
  region: Ash Mountains
  units: {Sauron: {regulars: 3, elites: 1}}
  nazgul: NAZGUL
  ATTACKER_CARD
defender:
  region: Dagorlad
  units: {Gondor: {regulars: 2, elites: 1, leaders: 1}}
  retreat_to: []
  DEFENDER_CARD
BATTLE_BLOCK
rules: {casualty_policy: regulars_first, max_rounds: 1}
CLAIMS
"""


def _file(tmp_path, *, nazgul=1, attacker_card="", defender_card="", battle="", claims=""):
    text = (BATTLE.replace("NAZGUL", str(nazgul)).replace("ATTACKER_CARD", attacker_card)
            .replace("DEFENDER_CARD", defender_card).replace("BATTLE_BLOCK", battle).replace("CLAIMS", claims))
    path = tmp_path / "battle.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


GIFT_CLAIMS = """claims:
  - {id: gift, claim: "It Is a Gift may be played here"}
  - {id: oftdl, claim: "One for the Dark Lord may be played here"}"""


def _verdicts(tmp_path, capsys, **kw):
    assert main(["verify", _file(tmp_path, **kw), "--json"]) == 0
    return {v["id"]: v for v in json.loads(capsys.readouterr().out)["claims"]}


def test_the_fellowship_region_not_given_leaves_the_play_not_decided_naming_the_field(tmp_path, capsys):
    got = _verdicts(tmp_path, capsys, claims=GIFT_CLAIMS)
    for cid in ("gift", "oftdl"):
        assert got[cid]["verdict"] is None
        assert [r["rule"] for r in got[cid]["reasons"]] == ["WOTR-CARD-5"]
        notes = " | ".join(got[cid]["notes"])
        assert "give battle.fellowship_region (where the Fellowship is) to decide it" in notes
        assert "the Fellowship's region (not given: battle.fellowship_region): cannot decide" in notes
        assert "does not interpret" not in notes  # the file's to give, not something the model leaves out


@pytest.mark.parametrize("region, verdict", [("Dagorlad", True), ("Fangorn", False)])
def test_the_fellowship_region_given_decides_it(tmp_path, capsys, region, verdict):
    got = _verdicts(tmp_path, capsys, claims=GIFT_CLAIMS, battle=f"battle: {{fellowship_region: {region}}}")
    assert got["gift"]["verdict"] is verdict and got["oftdl"]["verdict"] is verdict
    assert f"(the Fellowship is in {region}): {'yes' if verdict else 'no'}" in " | ".join(got["gift"]["notes"])


@pytest.mark.parametrize("verb", ["odds", "replay", "optimize", "verify"])
def test_a_named_card_whose_play_is_not_decided_is_refused_by_every_verb_saying_why(tmp_path, capsys, verb):
    path = _file(tmp_path, defender_card="card: It Is a Gift", claims=GIFT_CLAIMS if verb == "verify" else "")
    assert main([verb, path]) == 2
    err = capsys.readouterr().err
    assert ("defender.card: whether the defender may play It Is a Gift here is not decided: needs the defending "
            "Army in the Fellowship's region (not given: battle.fellowship_region) (WOTR-CARD-5)\n"
            "  give battle.fellowship_region (where the Fellowship is) to decide it") in err
    assert "cannot play" not in err


def test_in_an_optimize_hand_it_is_not_weighed_and_says_why(tmp_path, capsys):
    path = _file(tmp_path, defender_card="hand: [It Is a Gift, Shield-wall]")
    assert main(["optimize", path]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert ("not weighed, its play not decided: the defender's It Is a Gift (needs the defending Army in the "
            "Fellowship's region (not given: battle.fellowship_region) (WOTR-CARD-5); give battle.fellowship_region "
            "(where the Fellowship is) to decide it)") in out


@pytest.mark.parametrize("card, nazgul, extra, words", [
    ("Cruel as Death", 1, "", "needs Nazgûl Leadership 2 or more (has 1) (WOTR-CARD-5)"),
    ("Foul Stench", 1, "", None),  # met: played
    ("Foul Stench", 0, "", "needs Nazgûl Leadership 1 or more (has 0) (WOTR-CARD-5)"),
])
def test_a_failed_requirement_says_what_the_card_needs_and_what_the_battle_has(tmp_path, capsys, card, nazgul,
                                                                              extra, words):
    code = main(["odds", _file(tmp_path, nazgul=nazgul, attacker_card=f"card: {card}")])
    out, err = capsys.readouterr()
    if words is None:
        assert code == 0 and f"the attacker plays {card}" in out
        return
    assert code == 2
    assert f"attacker.card: the attacker cannot play {card} here: {words}" in err
    assert ">=" not in err


def test_nazgul_leadership_cancelled_by_the_white_rider_says_so(tmp_path, capsys):
    text = BATTLE.replace("NAZGUL", "1").replace("ATTACKER_CARD", "card: Foul Stench").replace(
        "DEFENDER_CARD", "characters: [Gandalf the White]").replace("BATTLE_BLOCK", "battle: {white_rider: true}") \
        .replace("CLAIMS", "")
    path = tmp_path / "wr.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["odds", str(path)]) == 2
    err = capsys.readouterr().err
    assert "needs Nazgûl Leadership 1 or more (has 0: cancelled by the White Rider) (WOTR-CARD-5)" in err
