"""The round table cites, for a side's self-hits, the rule that step rests on: the self-hits a card
takes to buy what it gives (Relentless Assault, Onslaught: WOTR-CARDX-2; Onslaught's dice are a card
attack roll, WOTR-CARD-6) and Confusion's natural 1s (WOTR-CARDX-6), never WOTR-CARD-7 (which roll a
modifier applies to)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import load_scenario

EX = Path(__file__).resolve().parents[2] / "examples" / "wotr"


@pytest.mark.parametrize("stem,rnd,rules", [("cards_dagorlad", 1, "WOTR-CARDX-2"),
                                            ("replay_card_effects", 1, "WOTR-CARDX-6"),
                                            # (a three-round card battle: 6 s, the long tier)
                                            pytest.param("replay_card_steps", 3, "WOTR-CARDX-2, WOTR-CARD-6",
                                                         marks=pytest.mark.long)])
def test_self_hit_rule_follows_the_card(stem, rnd, rules, capsys):
    rep = verbs.odds(load_scenario(EX / f"{stem}.yaml"))
    rows = [r for r in rep.to_json()["round_table"] if r["round"] == rnd]
    assert rows and all(r["self_hit_rules"] == {"attacker": rules} for r in rows)
    assert main(["odds", str(EX / f"{stem}.yaml")]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if "attacker self-hits:" in ln]
    assert lines and all(ln.endswith(f"[{rules}]") for ln in lines)
