"""RB-CARD-8: a condition on a fact the scenario states is read from it, and a `condition:` contradicting it is refused
(exit 2, naming the entry's field and the fact): Renekton, Rage Fueled's "if you control 4 or fewer runes" reads the
side's `runes:`; Guttural Roar's "If it's [Empowered], +4 instead" reads the chosen unit's `empowered:`."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

DEF = [{"name": "D2", "custom": True, "might": 2}, {"name": "D5", "custom": True, "might": 5}]


def _renekton(runes, showdown=()):
    side = {"units": ["Renekton, Rage Fueled"], **({"runes": runes} if runes is not None else {})}
    doc = {"game": "riftbound", "attacker": side, "defender": {"units": DEF}, "showdown": list(showdown)}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


@pytest.mark.parametrize("runes,marked", [(4, {"D2": 2, "D5": 2}), (5, {})])
def test_renekton_reads_the_runes_stated(runes, marked):
    sd = _renekton(runes)
    assert {u.name: u.marked for u in sd.board.defender if u.marked} == {k: v for k, v in marked.items() if k != "D2"}
    assert not sd.unmodelled_json()


def test_a_condition_contradicting_the_stated_runes_is_refused(tmp_path, capsys):
    with pytest.raises(ScenarioError, match="attacker.runes: 5") as e:
        _renekton(5, [{"trigger": "Renekton, Rage Fueled", "condition": True}])
    assert e.value.path == "showdown[0].condition" and "RB-CARD-8" in str(e.value)
    doc = {"game": "riftbound", "attacker": {"runes": 5, "units": ["Renekton, Rage Fueled"]},
           "defender": {"units": DEF}, "showdown": [{"trigger": "Renekton, Rage Fueled", "condition": True}]}
    f = tmp_path / "r.yaml"
    f.write_text(yaml.safe_dump(doc))
    assert main(["verify", str(f)]) == 2
    assert "showdown[0].condition" in capsys.readouterr().err


def _roar(empowered, condition=None):
    a3 = {"name": "A3", "custom": True, "might": 3, **({"empowered": empowered} if empowered is not None else {})}
    entry = {"play": "Guttural Roar", "by": "attacker", "target": "A3",
             **({"condition": condition} if condition is not None else {})}
    doc = {"game": "riftbound", "attacker": {"units": [a3]}, "defender": {"units": DEF}, "showdown": [entry]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    return next(u.current_might for u in sd.board.attacker if u.name == "A3"), sd.unmodelled_json()


def test_guttural_roar_reads_the_stated_empowered():
    assert _roar(True) == (7, [])
    assert _roar(False) == (5, [])
    assert _roar(None, True)[0] == 7  # not stated: the entry's statement
    with pytest.raises(ScenarioError, match="A3's empowered: false") as e:
        _roar(False, True)
    assert e.value.path == "showdown[0].condition"
