"""HTTP tests of the web page's editor, map and answers: list and mapping edits, name
completion by kind, the board, the CLI's text with each answer; good, bad and oversized input.

Expectations come from the shipped data files read here, from the games' JSON Schemas and from the
CLI's own output, never from the server's answers.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest
import yaml

import pycombat
from pycombat import registry
from pycombat.web.app import MAX_BODY, create_app
from pycombat.web.form import name_kind

starlette_testclient = pytest.importorskip("starlette.testclient")

WIND_TEXT = pycombat.example("meccg", "wind_throne.yaml").read_text(encoding="utf-8")
HELMS_TEXT = pycombat.example("wotr", "helms_deep.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def client():
    with starlette_testclient.TestClient(create_app()) as c:
        yield c


def _records(game: str, file: str) -> list[dict]:
    folder = Path(import_module(f"pycombat.games.{game}").__file__).parent / "data"
    return json.loads((folder / file).read_text(encoding="utf-8"))["records"]


def _schema_kinds(node, out: set) -> set:
    """Every kind of shipped-data name a JSON Schema's descriptions declare."""
    if isinstance(node, dict):
        kind = name_kind(node.get("description"))
        if kind:
            out.add(kind)
        for v in node.values():
            _schema_kinds(v, out)
    elif isinstance(node, list):
        for v in node:
            _schema_kinds(v, out)
    return out


def _edit(client, text, **body):
    r = client.post("/api/edit", json={"text": text, **body})
    assert r.status_code == 200, r.text
    return r.json()["text"]


# ---- names by kind -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", registry.names())
def test_every_kind_of_name_the_schema_declares_is_completed(client, game):
    kinds = client.get(f"/api/games/{game}/names").json()["kinds"]
    declared = _schema_kinds(pycombat.schema(game), set())
    assert declared and declared <= set(kinds), declared - set(kinds)
    for kind, names in kinds.items():
        assert names and names == sorted(set(names)), kind


def test_names_of_a_kind_are_the_shipped_data(client):
    kinds = client.get("/api/games/wotr/names").json()["kinds"]
    assert set(kinds["region"]) == {r["name"] for r in _records("wotr", "regions.json")}
    kinds = client.get("/api/games/meccg/names").json()["kinds"]
    assert set(kinds["character or ally"]) == {r["name"] for r in _records("meccg", "characters.json")}
    assert set(kinds["item"]) == {r["name"] for r in _records("meccg", "items.json")}
    kinds = client.get("/api/games/riftbound/names").json()["kinds"]
    assert set(kinds["unit card"]) == {r["name"] for r in _records("riftbound", "units.json")}


def test_names_filtered_by_kind_and_text(client):
    r = client.get("/api/games/wotr/names", params={"kind": "region", "q": "HELM"})
    assert r.status_code == 200
    found = r.json()["names"]
    assert found[0] == "Helm's Deep" and all("helm" in n.lower() for n in found)
    r = client.get("/api/games/meccg/names", params={"kind": "character or ally", "q": "a", "limit": 7})
    assert len(r.json()["names"]) == 7
    r = client.get("/api/games/wotr/names", params={"kind": "regoin"})
    assert r.status_code == 400 and r.json()["suggestions"] == ["region"] and "did you mean" in r.json()["error"]
    assert client.get("/api/games/wotr/names", params={"kind": "region", "q": "x" * 500}).status_code == 413
    assert client.get("/api/games/wotr/names", params={"kind": "region", "limit": "many"}).status_code == 400


# ---- the form: every list and mapping, with its entries ----------------------------------------------
def test_form_rows_list_the_companies_members_and_the_absent_lists(client):
    rows = client.post("/api/form", json={"text": WIND_TEXT}).json()["rows"]
    doc = yaml.safe_load(WIND_TEXT)
    by_path = {(r["row"], r["path"]): r for r in rows}
    members = by_path[("list", "attacker.members")]
    assert members["present"] and members["count"] == len(doc["attacker"]["members"])
    assert members["item_kind"] == "character or ally"
    for i in range(len(doc["attacker"]["members"])):
        assert ("item", f"attacker.members[{i}]") in by_path
    assert by_path[("field", "defender.members[0].name")]["kind"] == "character or ally"
    absent = by_path[("list", "attacker.in_play")]  # not in the file, but the schema allows it
    assert "in_play" not in doc["attacker"] and not absent["present"] and absent["item_kind"] == "card"


def test_form_rows_of_a_wotr_battle_and_position(client):
    rows = client.post("/api/form", json={"text": HELMS_TEXT}).json()["rows"]
    by_path = {(r["row"], r["path"]): r for r in rows}
    assert by_path[("field", "attacker.region")]["kind"] == "region"
    units = by_path[("map", "defender.units")]
    assert units["key_kind"] == "Nation" and units["count"] == len(yaml.safe_load(HELMS_TEXT)["defender"]["units"])
    assert by_path[("list", "defender.retreat_to")]["item_kind"] == "region"
    text = pycombat.example("wotr", "moves_companions.yaml").read_text(encoding="utf-8")
    rows = client.post("/api/form", json={"text": text}).json()["rows"]
    regions = [r for r in rows if r["row"] == "map" and r["path"] == "position.regions"]
    assert regions and regions[0]["key_kind"] == "region"


def test_add_and_remove_a_member(client):
    doc = yaml.safe_load(WIND_TEXT)
    n = len(doc["attacker"]["members"])
    names = client.get("/api/games/meccg/names").json()["kinds"]["character or ally"]
    added = yaml.safe_load(_edit(client, WIND_TEXT, op="append", path="attacker.members"))
    assert len(added["attacker"]["members"]) == n + 1
    assert added["attacker"]["members"][:n] == doc["attacker"]["members"]
    assert added["attacker"]["members"][-1] in names  # a member by its card, a name of the data
    form = client.post("/api/form", json={"text": yaml.safe_dump(added)}).json()["rows"]
    assert next(r for r in form if r["path"] == "attacker.members")["count"] == n + 1
    removed = yaml.safe_load(_edit(client, yaml.safe_dump(added), op="remove", path=f"attacker.members[{n}]"))
    assert removed == doc
    twice = yaml.safe_load(_edit(client, yaml.safe_dump(added), op="append", path="attacker.members"))
    assert twice["attacker"]["members"][-1] in names and twice["attacker"]["members"][-1] != added["attacker"]["members"][-1]
    second = yaml.safe_load(_edit(client, WIND_TEXT, op="remove", path="defender.members[1]"))
    assert second["defender"]["members"] == doc["defender"]["members"][:1] + doc["defender"]["members"][2:]


def test_an_added_entry_is_one_the_scenario_reads_with(client):
    """The form's new member is the first name of the data the scenario reads with at that entry: a Ringwraith
    player's company gets a minion card (the data lists hero characters first, MECCG-FX-20), a unique card is not
    given twice (MECCG-FX-33); a new retreat region of a WotR Army is one it may retreat to (WOTR-END-3)."""
    doc = yaml.safe_load(WIND_TEXT)
    for side in ("attacker", "defender"):
        added = yaml.safe_load(_edit(client, WIND_TEXT, op="append", path=f"{side}.members"))
        pycombat.load(added)  # reads: no error at the new entry
        assert added[side]["members"][:-1] == doc[side]["members"]
    helms = pycombat.example("wotr", "helms_deep.yaml").read_text(encoding="utf-8")
    added = yaml.safe_load(_edit(client, helms, op="append", path="defender.retreat_to"))
    pycombat.load(added)


def test_a_key_added_to_a_mapping_gets_a_value_the_scenario_reads_with(client):
    """`+ add` on a mapping of values with a pattern (WotR politics: at_war, active, passive or steps;
    control: free_peoples or shadow) gives the new key a value the loader reads, never a placeholder it
    refuses; the key itself is still checked (an unknown region is the loader's error at that key)."""
    doc = yaml.safe_load(HELMS_TEXT)
    nations = [n["name"] for n in _records("wotr", "nations.json")]
    nation = next(n for n in nations if n not in (doc.get("politics") or {}))
    added = yaml.safe_load(_edit(client, HELMS_TEXT, op="add", path="politics", key=nation))
    pycombat.load(added)  # reads: no error at the new key
    assert {k: v for k, v in added["politics"].items() if k != nation} == doc["politics"]
    region = next(r["name"] for r in _records("wotr", "regions.json") if r.get("settlement"))
    added = yaml.safe_load(_edit(client, HELMS_TEXT, op="add", path="control", key=region))
    pycombat.load(added)
    assert list(added["control"]) == [region]
    r = client.post("/api/validate", json={"text": _edit(client, HELMS_TEXT, op="add", path="control", key="Narnia")})
    assert r.status_code == 400 and r.json()["path"] == "control.Narnia" and "unknown region" in r.json()["error"]


def test_move_an_entry_up_and_down(client):
    doc = yaml.safe_load(WIND_TEXT)
    members = doc["defender"]["members"]
    assert len(members) >= 3
    down = yaml.safe_load(_edit(client, WIND_TEXT, op="move", path="defender.members[0]", value=1))
    assert down["defender"]["members"] == [members[1], members[0], *members[2:]]
    assert {k: v for k, v in down.items() if k != "defender"} == {k: v for k, v in doc.items() if k != "defender"}
    back = yaml.safe_load(_edit(client, yaml.safe_dump(down), op="move", path="defender.members[1]", value=-1))
    assert back == doc
    last = len(members) - 1
    up = yaml.safe_load(_edit(client, WIND_TEXT, op="move", path=f"defender.members[{last}]", value=-1))
    assert up["defender"]["members"] == [*members[:last - 1], members[last], members[last - 1]]
    # the showdown's effects of a Riftbound combat: their order is the order they resolve in
    rift = pycombat.example("riftbound", "showdown_tricks.yaml").read_text(encoding="utf-8")
    effects = yaml.safe_load(rift)["showdown"]
    moved = yaml.safe_load(_edit(client, rift, op="move", path="showdown[1]", value=-1))["showdown"]
    assert moved == [effects[1], effects[0], *effects[2:]]
    rows = client.post("/api/form", json={"text": rift}).json()["rows"]
    assert next(r for r in rows if r["path"] == "showdown")["count"] == len(effects)


def test_add_entries_the_schema_describes(client):
    doc = yaml.safe_load(HELMS_TEXT)
    regions = {r["name"] for r in _records("wotr", "regions.json")}
    out = yaml.safe_load(_edit(client, HELMS_TEXT, op="append", path="defender.retreat_to"))  # a new list
    assert "retreat_to" not in doc["defender"] and len(out["defender"]["retreat_to"]) == 1
    assert out["defender"]["retreat_to"][0] in regions
    nation = next(n["name"] for n in _records("wotr", "nations.json") if n["name"] not in doc["defender"]["units"])
    out = yaml.safe_load(_edit(client, HELMS_TEXT, op="add", path="defender.units", key=nation))
    # the figures of a Nation: the counts the schema lists, at their minimum
    assert set(out["defender"]["units"][nation]) >= {"regulars", "elites"}
    assert all(v == 0 for v in out["defender"]["units"][nation].values())
    rift = pycombat.example("riftbound", "seed_example.yaml").read_text(encoding="utf-8")
    units = {r["name"] for r in _records("riftbound", "units.json")}
    out = yaml.safe_load(_edit(client, rift, op="append", path="defender.units"))
    assert out["defender"]["units"][-1] in units
    pycombat.load(out)  # a Riftbound unit by its card name: the loader takes it


@pytest.mark.parametrize("body, status", [
    ({"op": "remove", "path": "attacker.members[40]"}, 400),
    ({"op": "remove", "path": "attacker.nothing"}, 400),
    ({"op": "append", "path": "attacker.player"}, 400),  # not a list
    ({"op": "add", "path": "attacker.members", "key": "x"}, 400),  # not a mapping
    ({"op": "add", "path": "in_play"}, 400),  # no key
    ({"op": "explode", "path": "attacker"}, 400),
    ({"op": "move", "path": "defender.members[0]", "value": -1}, 400),  # the first entry
    ({"op": "move", "path": "defender.members[9]", "value": 1}, 400),  # no such entry
    ({"op": "move", "path": "defender.members[1]", "value": 2}, 400),  # one step at a time
    ({"op": "move", "path": "defender.members[1]", "value": True}, 400),
    ({"op": "move", "path": "defender.members[1]", "value": 1.0}, 400),
    ({"op": "move", "path": "defender.player", "value": 1}, 400),  # not a list entry
    ({"op": "set", "path": ""}, 400),
    ({"op": "set", "path": "a" * 2000}, 400),
    ({"op": "add", "path": "attacker", "key": "k" * 300}, 400),
])
def test_bad_edits(client, body, status):
    r = client.post("/api/edit", json={"text": WIND_TEXT, **body})
    assert r.status_code == status and r.json()["error"].startswith("pycombat: ") and "Traceback" not in r.text


def test_an_existing_key_is_refused(client):
    r = client.post("/api/edit", json={"text": HELMS_TEXT, "op": "add", "path": "defender.units", "key": "Rohan"})
    assert r.status_code == 400 and "already has 'Rohan'" in r.json()["error"]


@pytest.mark.parametrize("key", [" max_rounds", "max_rounds ", "\tmax_rounds\n"])
def test_an_existing_key_padded_with_spaces_is_refused_not_overwritten(client, key):
    text = ("game: wotr\ntitle: t\npolitics: {Sauron: at_war, Gondor: at_war}\n"
            "attacker: {region: Ash Mountains, units: {Sauron: {regulars: 3}}}\n"
            "defender: {region: Dagorlad, units: {Gondor: {regulars: 2}}}\nrules: {max_rounds: 2}\n")
    r = client.post("/api/edit", json={"text": text, "op": "add", "path": "rules", "key": key, "value": 7})
    assert r.status_code == 400, r.text
    assert "already has 'max_rounds'" in r.json()["error"] and r.json()["path"] == "rules.max_rounds"


def test_a_padded_new_key_is_added_without_its_spaces(client):
    out = _edit(client, HELMS_TEXT, op="add", path="defender.units", key="  Dwarves ")
    units = yaml.safe_load(out)["defender"]["units"]
    assert "Dwarves" in units and not any(k != k.strip() for k in units)


def test_oversized_edit_is_refused(client):
    r = client.post("/api/edit", json={"text": "game: meccg\n# " + "x" * MAX_BODY, "op": "append", "path": "a"})
    assert r.status_code == 413


# ---- the board ---------------------------------------------------------------------------------------
def test_games_say_whether_they_offer_a_board(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for g in registry.all_games():
        assert games[g.name]["board"] == (g.board is not None)
    assert client.get("/api/games/meccg/board").status_code == (200 if registry.get("meccg").board else 404)
    assert client.get("/api/games/nogame/board").status_code == 404


@pytest.mark.skipif(shutil.which("neato") is None, reason="Graphviz's neato is not installed")
def test_the_wotr_board_is_every_region_drawn_once(client):
    r = client.get("/api/games/wotr/board")
    assert r.status_code == 200
    view = r.json()
    titles = re.findall(r'<g id="node[^"]*" class="node[^"]*">\s*<title>([^<]*)</title>', view["svg"])
    names = {r["name"] for r in _records("wotr", "regions.json")}
    import html
    assert sorted(html.unescape(t) for t in titles) == sorted(names)
    edges = {frozenset((a["id"], b)) for a in _records("wotr", "regions.json") for b in a["adjacent"]}
    assert view["svg"].count('class="edge"') == len(edges)
    assert view["kind"] == "region" and view["svg"].startswith("<svg")
    assert client.get("/api/games/wotr/board").json() == view  # laid out once, the same every time


def test_the_board_marks_the_scenarios_regions(client):
    doc = yaml.safe_load(HELMS_TEXT)
    r = client.post("/api/board", json={"text": HELMS_TEXT})
    assert r.status_code == 200
    marks = r.json()["marks"]
    assert marks[doc["attacker"]["region"]] == ["attacker"] and marks[doc["defender"]["region"]] == ["defender"]
    doc["defender"]["retreat_to"] = ["Westemnet"]
    marks = client.post("/api/board", json={"text": yaml.safe_dump(doc)}).json()["marks"]
    assert marks["Westemnet"] == ["retreat"]
    doc["attacker"]["region"] = "helms deep"  # the loader's spelling rules: the region's own name is marked
    marks = client.post("/api/board", json={"text": yaml.safe_dump(doc)}).json()["marks"]
    assert set(marks["Helm's Deep"]) == {"attacker", "defender"}
    body = client.post("/api/board", json={"text": WIND_TEXT}).json()
    assert body["board"] == (registry.get("meccg").board is not None) and body["marks"] == {}
    assert client.post("/api/board", json={"text": "game: wotr\nattacker: ["}).status_code == 400
    r = client.post("/api/board", json={"text": "game: wotrr\n"})
    assert r.status_code == 400 and "did you mean 'wotr'" in r.json()["error"]
    assert client.post("/api/board", json={"text": "x: " + "y" * MAX_BODY}).status_code == 413


# ---- the answers carry the CLI's text ---------------------------------------------------------------
@pytest.mark.parametrize("game, example, verb", [("wotr", "replay_osgiliath.yaml", "replay"),
                                                 ("meccg", "wind_throne.yaml", "odds")])
def test_an_answer_carries_the_text_the_cli_prints(client, game, example, verb):
    path = pycombat.example(game, example)
    r = client.post("/api/run", json={"text": path.read_text(encoding="utf-8"), "verb": verb})
    assert r.status_code == 200
    cli = subprocess.run([sys.executable, "-m", "pycombat", verb, str(path)], capture_output=True, text=True,
                         check=True).stdout
    assert r.json()["text"] == cli


# ---- from an empty scenario ------------------------------------------------------------------------
def _required(schema: dict, doc: dict) -> list[str]:
    """The required keys of a game's top-level schema for ``doc`` (the branch of an if/then/else)."""
    if "if" in schema:
        cond = schema["if"]
        keys = [k for alt in cond.get("anyOf", [cond]) for k in alt.get("required", [])]
        return _required(schema["then"] if any(k in doc for k in keys) else schema["else"], doc)
    return list(schema.get("required", []))


@pytest.mark.parametrize("game", registry.names())
def test_an_empty_scenario_is_built_from_the_schema(client, game):
    text = f"game: {game}\ntitle: a new scenario\n"
    rows = client.post("/api/form", json={"text": text}).json()["rows"]
    schema = pycombat.schema(game)
    missing = [k for k in _required(schema, yaml.safe_load(text)) if k not in ("game",)]
    offered = [r["path"] for r in rows if r["row"] == "absent" and r["required"]]
    assert offered and sorted(offered) == sorted(missing)
    for path in offered:
        text = _edit(client, text, op="create", path=path)
    doc = yaml.safe_load(text)
    branch = schema["else"] if "if" in schema else schema
    for path in offered:
        sub = branch["properties"][path]
        assert isinstance(doc[path], dict) and set(sub.get("required", [])) <= set(doc[path]), path
    r = client.post("/api/edit", json={"text": text, "op": "create", "path": offered[0]})
    assert r.status_code == 400 and "already" in r.json()["error"]


@pytest.mark.parametrize("value", [2, 0, "up", None])
def test_a_move_other_than_one_step_is_refused_naming_the_value(client, value):
    r = client.post("/api/edit", json={"text": WIND_TEXT, "op": "move", "path": "defender.members[0]", "value": value})
    assert r.status_code == 400
    body = r.json()
    assert body["path"] == "value" and body["error"] == "pycombat: value: a move is -1 (up) or 1 (down)"


@pytest.mark.parametrize("path", ["attacker[", "attacker..region", "attacker.", "[0]", "attacker[x]", "attacker]"])
def test_a_malformed_field_path_is_refused_not_read_in_part(client, path):
    r = client.post("/api/edit", json={"text": WIND_TEXT, "path": path, "value": 1})
    assert r.status_code == 400, r.text
    assert r.json()["path"] == path and "not a field path" in r.json()["error"]
