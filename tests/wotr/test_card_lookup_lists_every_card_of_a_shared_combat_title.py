"""A Combat-card title printed on several Event cards (Heroic Death on three, Mûmakil and Foul Stench
on two or three) names all of them: `pycombat card` shows every one under a line that says the title
is shared (`shared` in `--json`), and a position file that names such a title as an Event card is
refused naming the Event cards, never read as an unknown card or a blank described one."""
from __future__ import annotations

import copy

import pytest
import yaml

from pycombat.cli import main
from pycombat.games.wotr.cards.lookup import card


@pytest.mark.parametrize("title,events", [
    ("Heroic Death", ["There is Another Way", "Mirror of Galadriel", "The Eagles are Coming!"]),
    ("Mûmakil", ["Shadows Gather", "The Shadow Lengthens"]),
    ("Foul Stench", ["Nazgûl Search", "Wormtongue", "The Black Captain Commands"]),
])
def test_a_shared_combat_title_shows_every_event_card_and_says_so(title, events):
    got = card(title).card
    assert [c["event"] for c in got["cards"]] == events
    assert got["shared"] == {"combat_card": title, "events": events}


def test_an_event_title_is_not_shared():
    assert "shared" not in card("Shadows Gather").card


def test_the_text_names_the_shared_title_first(capsys):
    assert main(["card", "Heroic Death", "--game", "wotr"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == ("Heroic Death is the Combat card of 3 Event cards: There is Another Way, Mirror of Galadriel, "
                     "The Eagles are Coming!; each is shown below.")


DOC = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
       "position": {"regions": {"Dagorlad": {"units": {"Sauron": {"regulars": 2}}},
                                "Morannon": {"units": {"Sauron": {"regulars": 2}}}}},
       "action": {"side": "shadow", "die": "army"},
       "claims": [{"id": "m", "claim": "the Army in Dagorlad may move to Morannon"}]}


@pytest.mark.parametrize("where,field", [("hand", "hand[0]"), ("action", "action.card.name")])
def test_a_shared_combat_title_named_as_an_event_card_is_refused(tmp_path, capsys, where, field):
    doc = copy.deepcopy(DOC)
    if where == "hand":
        doc["hand"] = ["Mûmakil"]
    else:
        doc["action"]["card"] = {"name": "Mûmakil"}
    path = tmp_path / "mumakil.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{field}: 'Mûmakil' is the Combat card printed on Shadows Gather and The Shadow Lengthens" in err
