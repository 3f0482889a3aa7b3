"""The sentence "the defender may play CARD in round N" (and "CARD may be played in round N") is the
`card_playable` claim with `round: N`: the same verdict, the same reasons, as `kind: card_playable`
(WOTR-EVT-9: Grond bars Free Peoples Combat cards in round 1 only)."""
from __future__ import annotations

import json

from pycombat.cli import main

GROND = """game: wotr
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Minas Tirith
  units: {Sauron: {regulars: 5, elites: 2}}
  characters: [The Witch-king]
defender:
  region: Minas Tirith
  besieged: true
  units: {Gondor: {regulars: 4, leaders: 1}}
battle: {kind: siege, action: event, card: "Grond, Hammer of the Underworld"}
rules: {casualty_policy: regulars_first}
claims:
  - {id: kind1, kind: card_playable, role: defender, combat_card: Shield-wall}
  - {id: kind2, kind: card_playable, role: defender, combat_card: Shield-wall, round: 2}
  - {id: said1, claim: the defender may play Shield-wall}
  - {id: said2, claim: the defender may play Shield-wall in round 2}
  - {id: passive2, claim: Shield-wall may be played in round 2}
  - {id: not2, claim: the defender may not play Shield-wall in round 2}
"""


def test_the_round_of_a_may_play_sentence_is_read(tmp_path, capsys):
    path = tmp_path / "grond.yaml"
    path.write_text(GROND, encoding="utf-8")
    assert main(["verify", str(path), "--json"]) == 0
    got = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    assert got["kind1"]["verdict"] is False and got["said1"]["verdict"] is False
    assert got["kind2"]["verdict"] is True and got["kind2"]["decided"]
    for i in ("said2", "passive2"):
        assert got[i]["verdict"] is True and got[i]["decided"]
        assert [r["rule"] for r in got[i]["reasons"]] == [r["rule"] for r in got["kind2"]["reasons"]]
    assert got["not2"]["verdict"] is False
