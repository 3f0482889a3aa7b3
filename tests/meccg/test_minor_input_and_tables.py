"""Three small ones: a known card that is no strike card in a `hand:` is named for what it is (and where a
scenario lists it), not called an unknown combat card; `ally_of:` accepts a member's name as `members:` does
("Eomer" for Éomer); the strikes table's row sums to 1 when a card's corruption check can leave the strike
unresolved (Nenya: the 1/12 share in its own column, MECCG-FX-25)."""
from __future__ import annotations

from fractions import Fraction
import re

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict


def _doc(hand=None, defenders=("Aragorn II",), cards=None):
    d = {"player": "Bob", "alignment": "hero", "site": "Moria", "members": list(defenders)}
    if hand is not None:
        d["hand"] = hand
    doc = {"game": "meccg", "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                                         "members": ["Shagrat"]}, "defender": d}
    if cards is not None:
        doc["combat"] = {"strikes": [{"defender": defenders[0] if isinstance(defenders[0], str)
                                      else defenders[0]["name"], "attacker": "Shagrat", "defender_cards": cards}]}
    return doc


@pytest.mark.parametrize("card, words", [
    ("Dark Quarrels", "Dark Quarrels is a card played before strikes are assigned to cancel the attack"),
    ("Glamdring", "Glamdring is an item"),
    ("Gates of Morning", "list it in `in_play:`"),
])
def test_a_known_card_that_is_no_strike_card_is_named_for_what_it_is(card, words):
    with pytest.raises(ScenarioError) as e:
        scenario_from_dict(_doc(hand=[card]), file="<t>")
    assert e.value.path == "defender.hand[0]" and words in str(e.value)
    assert "unknown" not in str(e.value) and "MECCG-SEQ-7" in str(e.value)


def test_ally_of_accepts_the_accent_free_name():
    s = scenario_from_dict(_doc(defenders=("Eomer", {"name": "Noble Steed", "ally_of": "Eomer"})), file="<t>")
    assert s.defender.member("Noble Steed").ally_of == "Éomer"


def test_the_strike_row_sums_to_one_with_an_unresolved_share(tmp_path, capsys):
    doc = _doc(defenders=("Galadriel",), cards=["Nenya"])
    path = tmp_path / "nenya.yaml"
    path.write_text(yaml.safe_dump(doc))
    assert main(["odds", str(path)]) == 0
    out = capsys.readouterr().out
    assert "not resolved" in out
    row = next(line for line in out.splitlines() if line.startswith("│ 1 "))
    shares = [Fraction(f) for f in re.findall(r"(\d+/\d+|\b[01]\b) \(", row)]
    assert len(shares) == 4 and sum(shares) == 1 and Fraction(1, 12) in shares
