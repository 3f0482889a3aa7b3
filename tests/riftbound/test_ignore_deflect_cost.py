"""RB-CARD-2 with RB-MIGHT-10: Decree of Insight's "Ignore [Deflect] while paying this spell's cost." waives the Power
a [Deflect] unit it chooses would add to its cost: overlay data (`cost_changes: [{ignore_deflect: true}]`) read by the
one cost check and by the showdown game's payments, and `card` lists it as modelled. A card without the clause still
pays the tax. Every spell or gear whose text ignores [Deflect] or changes its own cost is read from the overlay."""
from __future__ import annotations

import json
import re

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.cost_changes import ignores_deflect
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.spells import load_cards
from pycombat.games.riftbound.schema import scenario_from_dict


def _sd(play, paid):
    doc = {"game": "riftbound", "rules": {"card_costs": "stated"},
           "attacker": {"units": ["Deadbloom Predator"]}, "defender": {"units": ["Mega-Mech"]},
           "showdown": [{"play": play, "by": "defender", "target": "Deadbloom Predator",
                         "paid": {"energy": paid[0], "power": paid[1]}}]}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def test_decree_of_insight_pays_no_deflect_tax():
    sd = _sd("Decree of Insight", (1, 0))  # Deadbloom Predator has [Deflect 1]
    assert next(u.current_might for u in sd.board.attacker) == 3 and not sd.unmodelled_json()


def test_a_card_without_the_clause_pays_the_deflect_tax():
    with pytest.raises(ScenarioError, match="1 Power for Deadbloom Predator \\[Deflect 1\\]") as e:
        _sd("Eclipse", (3, 0))
    assert e.value.path == "showdown[0].paid"


def test_card_lists_the_deflect_clause_as_modelled():
    report = card_report("Decree of Insight")
    assert any(m["what"] == "cost" and "[Deflect]" in m["how"] for m in report["modelled"])
    assert not report["unmodelled"]


#: the spells and gear whose text changes their own cost or ignores [Deflect] while it is paid
COST_CLAUSES = {"Decree of Insight": "ignore_deflect", "Sky Splitter": "energy_less", "Shock Blast": "energy_less",
                "Drag Under": "energy_less", "Call to Glory": "ignore_cost", "Wallop": "ignore_cost"}


def test_every_cost_waiving_clause_is_read_from_the_overlay():
    rx = re.compile(r"(?i)ignore \[deflect\]|ignore this spell's cost|(this spell's|this|i) costs? [^.]*less|"
                    r"energy cost is reduced")
    found = {c.name for c in load_cards().cards if rx.search(c.text or "")}
    # Hextech Gauntlets' reduction is of its [Equip] ability's cost, which no verb pays in a showdown (named)
    assert found - {"Hextech Gauntlets"} == set(COST_CLAUSES)
    for name, kind in COST_CLAUSES.items():
        assert any(kind in c for c in load_cards().card(name).cost_changes), name
    assert {n for n in found if ignores_deflect(load_cards().find(n))} == {"Decree of Insight"}


def test_the_showdown_game_plays_decree_of_insight_without_the_tax(tmp_path, capsys):
    doc = {"game": "riftbound", "rules": {"card_costs": "stated"}, "attacker": {"units": ["Deadbloom Predator"]},
           "defender": {"units": ["Mega-Mech"]}, "hand": {"attacker": [], "defender": ["Decree of Insight"]}}
    f = tmp_path / "h.yaml"
    f.write_text(yaml.safe_dump(doc))
    assert main(["optimize", "--json", str(f)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["killed"] == {"by_attacker": [], "by_defender": ["Deadbloom Predator"]}
