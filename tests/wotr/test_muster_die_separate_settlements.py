"""WOTR-DICE-4 (RB p.26): a Muster die's two figures "must always be placed in separate Settlements":
two Regulars or two Leaders in one Settlement is refused; one figure (or one Elite) is not."""
from __future__ import annotations

from pycombat.cli import main

SCENARIO = """game: wotr
title: "Muster die: two figures, one Settlement"
politics: {Gondor: at_war, Sauron: at_war}
position:
  regions:
    Edoras: {units: {Rohan: {regulars: 1}}}
action: {side: free_peoples, die: muster}
claims:
  - {id: two-regs, claim: a Muster die may recruit 2 Gondor Regulars in Pelargir}
  - {id: two-leaders, kind: place, by: muster_die, nation: Gondor, figure: leader, count: 2, region: Pelargir}
  - {id: one-elite, claim: a Muster die may recruit 1 Gondor Elite in Pelargir}
  - {id: one-reg, claim: a Muster die may recruit 1 Gondor Regular in Dol Amroth}
  - {id: card-two, claim: Muster card may bring 2 Gondor Regulars into Pelargir}
hand: [{name: Muster card, type: muster, musters: true, custom: true}]
"""


def test_two_figures_of_a_muster_die_never_share_a_settlement(tmp_path, capsys):
    path = tmp_path / "muster.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    code = main(["verify", str(path)])
    out = capsys.readouterr().out
    assert code == 0
    verdicts = {line.rsplit("(", 1)[1].rstrip(")"): line.split()[0] for line in out.splitlines()
                if line.startswith(("TRUE", "FALSE"))}
    assert verdicts == {"two-regs": "FALSE", "two-leaders": "FALSE", "one-elite": "TRUE", "one-reg": "TRUE",
                        "card-two": "TRUE"}  # a card is no Muster die (WOTR-EVT-6)
    assert "WOTR-DICE-4: separate settlements: regular, 2, Pelargir" in out
    assert "WOTR-DICE-4: separate settlements: leader, 2, Pelargir" in out
