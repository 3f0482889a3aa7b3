"""Every WotR verb's JSON carries a top-level ``unmodelled`` list (possibly empty), as the README says
("listed by every verb"): on every shipped example (battles and positions, ``examples/wotr`` and
``examples/rulings/wotr``) and every verb that answers it. Where the scenario holds something the model
does not interpret (a card on the table whose battle part is not applied, WOTR-EVT-10; a starting Event
card's requirement on the attacker that cannot be checked, WOTR-EVT-9; a card held whose requirement the
position cannot state, WOTR-EVT-8), every verb names the same entries in its JSON and as ``! not
modelled:`` lines in its text."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.errors import PycombatError
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from pycombat.registry import get

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(str(p.relative_to(ROOT)) for folder in ("examples/wotr", "examples/rulings/wotr")
                  for p in (ROOT / folder).glob("*.yaml"))
VERBS = list(get("wotr").verbs)


def _answer(verb: str, path, tmp_path) -> dict | None:
    """The verb's JSON for the scenario, or None when the verb refuses it (a position for `odds`, no
    `rolls:` for `replay`, no claims for `verify`, an illegal attack ...)."""
    s = load_scenario(path) if isinstance(path, (str, Path)) else path
    try:
        if verb == "tree":
            return verbs.tree(s, output=str(tmp_path / "t.graphml"), depth=2).to_json()
        return getattr(verbs, verb)(s).to_json()
    except PycombatError:
        return None


def test_the_verbs_checked_are_every_verb_the_game_answers():
    assert set(VERBS) == {"enumerate", "odds", "replay", "optimize", "verify", "tree"}


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_verb_json_has_an_unmodelled_list(path, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    answered = []
    for verb in VERBS:
        data = _answer(verb, path, tmp_path)
        if data is None:
            continue
        answered.append(verb)
        assert "unmodelled" in data, (verb, path)
        assert isinstance(data["unmodelled"], list), (verb, path)
        assert all(set(u) >= {"card", "what", "why"} for u in data["unmodelled"]), (verb, path)
    assert "enumerate" in answered  # every scenario, battle or position, is enumerated


def test_the_examples_cover_every_verb(tmp_path, monkeypatch):
    """The parametrized test above is not vacuous: each verb answers some shipped example."""
    monkeypatch.chdir(ROOT)
    light = {"replay": "examples/wotr/replay_osgiliath.yaml", "verify": "examples/rulings/wotr/combat_cards.yaml",
             "tree": "examples/wotr/skirmish.yaml", "odds": "examples/wotr/skirmish.yaml",
             "optimize": "examples/wotr/skirmish.yaml", "enumerate": "examples/wotr/moves_companions.yaml"}
    for verb in VERBS:
        data = _answer(verb, light[verb], tmp_path)
        assert data is not None and data["unmodelled"] == [], verb


def test_odds_json_of_the_skirmish_has_an_empty_unmodelled_list(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["odds", "examples/wotr/skirmish.yaml", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unmodelled"] == []


def _battle(**extra) -> dict:
    d = {"game": "wotr", "title": "small", "politics": {"Isengard": "at_war", "Rohan": "at_war"},
         "attacker": {"region": "Westemnet", "units": {"Isengard": {"regulars": 2}}},
         "defender": {"region": "Folde", "units": {"Rohan": {"regulars": 1}}, "retreat_to": []},
         "rules": {"casualty_policy": "regulars_first"},
         "rolls": [{"attacker": {"combat": [6, 6]}, "defender": {"combat": [1]}}],
         "claims": [{"id": "c", "claim": "the attack is legal"}]}
    d.update(extra)
    return d


def _cli(verb: str, data: dict, tmp_path, capsys, *extra) -> tuple[str, dict]:
    path = tmp_path / "s.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    argv = [verb, str(path), *extra]
    assert main(argv) in (0, 1)
    text = capsys.readouterr().out
    assert main(argv + ["--json"]) in (0, 1)
    return text, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("verb", ["enumerate", "odds", "replay", "optimize", "verify", "tree"])
def test_a_table_card_part_not_applied_is_named_by_every_verb(verb, tmp_path, capsys):
    """Balrog of Moria on the table: a battle part the battle does not apply (WOTR-EVT-10), named in the
    JSON's ``unmodelled`` and the text of every verb."""
    extra = ("-o", str(tmp_path / "t.graphml")) if verb == "tree" else ()
    text, data = _cli(verb, _battle(table=["Balrog of Moria"]), tmp_path, capsys, *extra)
    assert [u["card"] for u in data["unmodelled"]] == ["Balrog of Moria"], data["unmodelled"]
    assert "not modelled: Balrog of Moria" in text
    text, data = _cli(verb, _battle(), tmp_path, capsys, *extra)
    assert data["unmodelled"] == [] and "not modelled" not in text


def test_an_event_cards_unchecked_requirement_is_named_by_enumerate_and_replay(tmp_path, capsys):
    """The starting Event card's parts not applied to the battle (WOTR-EVT-9) are the same list for
    ``enumerate``, ``replay`` and ``odds`` (which named them before)."""
    d = {"game": "wotr", "politics": {"Gondor": "at_war", "Rohan": "at_war", "Sauron": "at_war"},
         "control": {"Minas Tirith": "free_peoples"},
         "attacker": {"region": "Druadan Forest", "units": {"Rohan": {"regulars": 3, "elites": 1, "leaders": 1}}},
         "defender": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 5, "elites": 2}}, "retreat_to": []},
         "battle": {"action": "event", "card": "Help Unlooked For"},
         "rolls": [{"attacker": {"combat": [6, 6, 6, 6]}, "defender": {"combat": [1, 1, 1, 1, 1]}}]}
    s = scenario_from_dict(d, file="relief.yaml")
    lists = {verb: _answer(verb, s, tmp_path)["unmodelled"] for verb in ("enumerate", "replay", "odds")}
    assert [u["card"] for u in lists["odds"]] == ["Help Unlooked For"] and "garrison" in lists["odds"][0]["why"]
    assert lists["enumerate"] == lists["replay"] == lists["odds"]
    text, _ = _cli("replay", d, tmp_path, capsys)
    assert "! not modelled: Help Unlooked For" in text


def test_a_held_cards_unstatable_requirement_is_named_by_enumerate_on_a_position(tmp_path, capsys):
    """A position whose hand holds a card whose requirement it cannot state (Morgul Wound: whether the
    Fellowship is revealed, WOTR-EVT-8): ``enumerate`` names it as ``verify`` does."""
    d = {"game": "wotr", "politics": {n: "at_war" for n in ("Gondor", "Rohan", "Sauron", "Isengard")},
         "position": {"regions": {}, "fellowship": {"region": "Rivendell", "companions": ["Gandalf the Grey"]}},
         "action": {"side": "shadow", "die": "event"}, "hand": ["Morgul Wound", "Olog-hai"],
         "claims": [{"id": "c", "claim": "Olog-hai may be played"}]}
    text, data = _cli("enumerate", d, tmp_path, capsys)
    assert [u["card"] for u in data["unmodelled"]] == ["Morgul Wound"]
    assert "! not modelled: Morgul Wound" in text
    _, checked = _cli("verify", d, tmp_path, capsys)
    assert checked["unmodelled"] == data["unmodelled"]
