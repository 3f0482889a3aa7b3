"""HTTP tests of ``pycombat serve``'s API (Starlette's test client): every endpoint, good, bad and oversized input.

The answers are compared with the Python API's own answers for the same scenario and with the
registry's declarations, never with numbers copied from the server's output.
"""
from __future__ import annotations

import base64
import json
import os
import shutil
import time
from pathlib import Path

import pytest
import yaml

import pycombat
from pycombat.report import jsonable
from pycombat import cli, registry
from pycombat.errors import PycombatError
from pycombat.rulebook import load_rulebook
from pycombat.verdicts import READINGS
from pycombat.web import jobs
from pycombat.web import server as web_server
from pycombat.web.app import MAX_BODY, Settings, create_app, line_of

starlette_testclient = pytest.importorskip("starlette.testclient")

WIND = pycombat.example("meccg", "wind_throne.yaml")
WIND_TEXT = WIND.read_text(encoding="utf-8")
SMALL_TEXT = pycombat.example("meccg", "two_on_two.yaml").read_text(encoding="utf-8")  # a tree in a second


@pytest.mark.parametrize("ask, path, suggestions", [
    ({"verb": "enumerat"}, "verb", ["enumerate"]),
    ({"verb": "enumerate", "options": {"limt": 3}}, "options.limt", ["limit"]),
    ({"verb": "enumerate", "options": {"limit": "many"}}, "options.limit", None),
    ({"verb": "enumerate", "flags": {"phase2_assignment": "optinal"}}, "flags.phase2_assignment", ["optional"]),
    ({"verb": "enumerate", "flags": {"phase2_asignment": "optional"}}, "flags.phase2_asignment", ["phase2_assignment"]),
    # an option value the verb itself refuses (its message opens with the option, as the CLI's do)
    ({"verb": "optimize", "options": {"objective": "most_kills"}}, "options.objective", None),
    ({"verb": "replay", "options": {"rolls": "13,2"}}, "options.rolls", None),
    # the request's own fields of the wrong shape, never read as none
    ({"verb": "enumerate", "options": []}, "options", None),
    ({"verb": "enumerate", "flags": []}, "flags", None),
    ({"verb": "enumerate", "flags": {"phase2_assignment": True}}, "flags.phase2_assignment", None),
])
def test_a_refused_request_names_its_field_and_the_closest_values(client, ask, path, suggestions):
    """A wrong verb, option or flag of the request (not of the document) is named by the request's field, with
    the closest accepted values, as a document's unknown name is."""
    r = client.post("/api/run", json={"text": WIND_TEXT, **ask})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["path"] == path
    assert body.get("suggestions") == suggestions
    assert f"{ask['verb']}: {ask['verb']} " not in body["error"]  # the verb is not said twice


def _accepted_by(game: str, field: str, verb: str) -> list[str]:
    """What the registry and the rule digest say a request's field accepts: the verbs, a verb's options, a flag's
    names or values."""
    book = load_rulebook(game)
    if field == "verb":
        return list(registry.get(game).verbs)
    if field.startswith("options."):
        return [o.dest for o in registry.get(game).verb(verb).options]
    name = field.partition(".")[2]
    return [str(v) for v in book.flags[name].values] if name in book.flags else list(book.flags)


@pytest.mark.parametrize("ask, field", [
    ({"verb": "card"}, "verb"),
    ({"verb": "enumerate", "options": {"xyzzy": 3}}, "options.xyzzy"),
    ({"verb": "enumerate", "flags": {"phase2_assignment": 3}}, "flags.phase2_assignment"),
    ({"verb": "enumerate", "flags": {"xyzzy": "x"}}, "flags.xyzzy"),
])
def test_a_refused_name_or_value_with_no_close_match_offers_every_accepted_one(client, ask, field):
    """A request's verb, option name, flag name or flag value from a known set always comes back with
    ``suggestions`` (the closest accepted values; none being close, every one) and ``accepted`` (every one)."""
    r = client.post("/api/run", json={"text": WIND_TEXT, **ask})
    assert r.status_code == 400, r.text
    body = r.json()
    want = _accepted_by("meccg", field, ask["verb"])
    assert body["path"] == field and body["accepted"] == want and body["suggestions"] == want


@pytest.mark.parametrize("endpoint", ["/api/run", "/api/validate"])
@pytest.mark.parametrize("flags, field, closest", [
    ({"phase2_assignment": "optinal"}, "flags.phase2_assignment", ["optional"]),
    ({"weapon_max_ordr": "x"}, "flags.weapon_max_ordr", ["weapon_max_order"])])
def test_a_refused_request_flag_is_worded_for_the_request(client, endpoint, flags, field, closest):
    """A flag the request gives is refused as the request's field ``flags.NAME``, never as the CLI's
    ``--flag NAME=VALUE``."""
    r = client.post(endpoint, json={"text": WIND_TEXT, "verb": "enumerate", "flags": flags})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["error"].startswith(f"pycombat: {field}: ") and "--flag" not in body["error"] + body["message"]
    assert body["path"] == field and body["suggestions"] == closest
    assert body["accepted"] == _accepted_by("meccg", field, "enumerate")


def test_a_refusal_over_the_node_budget_reads_as_one_sentence_naming_the_option(client):
    """A question refused for its ``max_nodes`` says which verb once, and names the request's option, not the
    CLI's flag nor "the scenario"."""
    r = client.post("/api/run", json={"text": WIND_TEXT, "verb": "optimize", "options": {"max_nodes": 10}})
    assert r.status_code == 413, r.text
    error = r.json()["error"]
    assert error.startswith("pycombat: optimize: the game tree ")
    assert "the scenario" not in error and "--max-nodes" not in error and "optimize: optimize" not in error
    assert "options.max_nodes=10" in error


@pytest.fixture(scope="module")
def client():
    with starlette_testclient.TestClient(create_app()) as c:
        yield c


def _run(client, verb, text=WIND_TEXT, **kw):
    return client.post("/api/run", json={"text": text, "verb": verb, **kw})


# ---- listings ------------------------------------------------------------------------------------
def test_games_lists_every_game_with_its_verbs_options_and_flags(client):
    r = client.get("/api/games")
    assert r.status_code == 200
    games = {g["name"]: g for g in r.json()}
    assert sorted(games) == registry.names()
    for g in registry.all_games():
        got = games[g.name]
        assert [v["name"] for v in got["verbs"]] == list(g.verbs)
        for v in got["verbs"]:
            declared = g.verbs[v["name"]].defaults()
            if v["name"] == "verify":  # every game's verify: the readings shown side by side (as the CLI's)
                declared = {**declared, "readings": READINGS[0]}
            listed = {o["dest"]: o["default"] for o in v["options"] if o["kind"] != "file"}
            assert listed == {k: jsonable(val) for k, val in declared.items() if k in listed}  # fractions "n/d"
            assert set(o["dest"] for o in v["options"]) == set(declared)
        book = load_rulebook(g.name)
        assert {f["name"]: f["default"] for f in got["flags"]} == {n: f.default for n, f in book.flags.items()}
        for e in got["examples"]:
            assert client.get(f"/api/games/{g.name}/examples/{e['name']}").status_code == 200
    assert "wind_throne.yaml" in [e["name"] for e in games["meccg"]["examples"]]


def test_example_text_and_no_paths(client):
    r = client.get("/api/games/meccg/examples/wind_throne.yaml")
    assert r.status_code == 200 and r.json()["text"] == WIND_TEXT
    for bad in ("../../pyproject.toml", "..%2F..%2Fpyproject.toml", "/etc/passwd", "wind_thron.yaml"):
        r = client.get(f"/api/games/meccg/examples/{bad}")
        assert r.status_code == 404, bad
        assert "build-system" not in r.text and "root:" not in r.text
    r = client.get("/api/games/meccg/examples/wind_thron.yaml")
    assert "did you mean 'wind_throne.yaml'" in r.json()["error"]
    r = client.get("/api/games/mecg/examples/wind_throne.yaml")
    assert r.status_code == 404 and r.json()["suggestions"] == ["meccg"]


def test_schema_is_the_games_json_schema(client):
    for name in registry.names():
        r = client.get(f"/api/games/{name}/schema")
        assert r.status_code == 200 and r.json() == pycombat.schema(name)


def test_names_come_from_the_shipped_data(client):
    r = client.get("/api/games/meccg/names")
    assert r.status_code == 200
    names = r.json()["names"]
    assert "Gandalf" in names and "Glamdring" in names and names == sorted(set(names))
    assert client.get("/api/games/wotr/names").json()["by_file"]["regions"]  # regions complete too
    assert "Helm's Deep" in client.get("/api/games/wotr/names").json()["names"]


def test_card_lookup_and_its_suggestions(client):
    r = client.get("/api/card", params={"name": "Glamdring", "game": "meccg"})
    assert r.status_code == 200 and r.json() == pycombat.card("Glamdring", "meccg").to_json()
    r = client.get("/api/card", params={"name": "Glamdrng", "game": "meccg"})
    assert r.status_code == 400 and "Glamdring" in r.json()["suggestions"]
    assert r.json()["error"].startswith("pycombat: ")
    assert client.get("/api/card", params={"name": " "}).status_code == 400
    assert client.get("/api/card", params={"name": "x" * 500}).status_code == 413
    assert client.get("/api/card", params={"name": "Gandalf", "game": "nogame"}).status_code == 404


def test_limits_and_the_page(client):
    r = client.get("/api/limits")
    assert r.json()["max_body"] == MAX_BODY and r.json()["dot"] == (shutil.which("dot") is not None)
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


# ---- validation ----------------------------------------------------------------------------------
def test_validate_ok_and_flags(client):
    r = client.post("/api/validate", json={"text": WIND_TEXT, "flags": {"phase2_assignment": "optional"}})
    assert r.status_code == 200
    body = r.json()
    assert body["ok"] and body["game"] == "meccg"
    assert body["flags"]["phase2_assignment"] == "optional"
    assert body["flags"] == pycombat.load(WIND, {"phase2_assignment": "optional"}).flags


def test_validate_wrong_name_gives_the_loaders_message_path_and_line(client):
    text = WIND_TEXT.replace("Gandalf", "Gandalv", 1)
    r = client.post("/api/validate", json={"text": text})
    assert r.status_code == 400
    body = r.json()
    with pytest.raises(PycombatError) as exc:
        pycombat.load(yaml.safe_load(text))
    assert body["error"] == f"pycombat: {exc.value}"
    assert body["path"] == "defender.members[0].name" and "Gandalf" in body["suggestions"]
    assert text.splitlines()[body["line"] - 1].lstrip().startswith("- {name: Gandalv")


@pytest.mark.parametrize("text, expect", [
    ("game: meccg\nattacker: [", "invalid YAML"),
    ("", "empty"),
    ("- a list", "top level must be a mapping"),
    ("game: mecg\n", "did you mean 'meccg'"),
    ("game: meccg\na: 1\na: 2\n", "duplicate key"),
    ("!!python/object/apply:os.system ['echo hi']\n", "invalid YAML"),  # safe-loaded: no objects
])
def test_validate_bad_documents(client, text, expect):
    r = client.post("/api/validate", json={"text": text})
    assert r.status_code == 400
    assert expect in r.json()["error"] and "Traceback" not in r.text


def test_bad_and_oversized_requests(client):
    assert client.post("/api/validate", content=b"not json", headers={"content-type": "application/json"}
                       ).status_code == 400
    assert client.post("/api/validate", json=[1, 2]).status_code == 400
    assert client.post("/api/validate", json={"text": 3}).status_code == 400
    big = "game: meccg\n# " + "x" * (MAX_BODY + 10) + "\n"
    r = client.post("/api/validate", json={"text": big})
    assert r.status_code == 413 and "at most" in r.json()["error"]
    r = _run(client, "enumerate", text=big)
    assert r.status_code == 413


def test_a_smaller_body_limit_is_enforced_while_streaming():
    app = create_app(Settings(max_body=100))
    with starlette_testclient.TestClient(app) as c:
        def chunks():
            yield b'{"text": "'
            yield b"x" * 200
            yield b'"}'
        r = c.post("/api/validate", content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413


def test_line_of():
    text = "game: x\nattacker:\n  members:\n    - name: A\n    - {name: B}\n"
    assert line_of(text, "attacker.members[1].name") == 5
    assert line_of(text, "attacker.members[0]") == 4
    assert line_of(text, "attacker.nothing") == 2
    assert line_of("a: [", "a") is None


# ---- form ----------------------------------------------------------------------------------------
def test_form_fields_and_edit(client):
    r = client.post("/api/form", json={"text": WIND_TEXT})
    assert r.status_code == 200
    fields = {f["path"]: f for f in r.json()["fields"]}
    assert fields["defender.members[0].name"]["value"] == "Gandalf" and fields["defender.members[0].name"]["name"]
    assert fields["attacker.alignment"]["enum"] and "minion" in fields["attacker.alignment"]["enum"]
    r = client.post("/api/edit", json={"text": WIND_TEXT, "path": "defender.members[0].name", "value": "Saruman"})
    assert r.status_code == 200
    assert yaml.safe_load(r.json()["text"])["defender"]["members"][0]["name"] == "Saruman"
    assert yaml.safe_load(r.json()["text"])["attacker"] == yaml.safe_load(WIND_TEXT)["attacker"]
    assert client.post("/api/edit", json={"text": WIND_TEXT, "path": "nope[3].x", "value": 1}).status_code == 400
    assert client.post("/api/edit", json={"text": WIND_TEXT}).status_code == 400
    assert client.post("/api/form", json={"text": "a: ["}).status_code == 400


# ---- running verbs -------------------------------------------------------------------------------
def test_enumerate_count_and_a_flag(client):
    r = _run(client, "enumerate", options={"limit": 3})
    assert r.status_code == 200
    body = r.json()
    assert body["state"] == "done"
    assert body["result"]["count"] == pycombat.load(WIND).count()
    assert len(body["result"]["options"]) == 3
    r = _run(client, "enumerate", options={"count": True}, flags={"phase2_assignment": "optional"})
    assert r.json()["result"]["count"] == pycombat.load(WIND, {"phase2_assignment": "optional"}).count()
    assert r.json()["result"]["flags"]["phase2_assignment"] == "optional"


def test_odds_fractions_and_plot(client):
    r = _run(client, "odds", options={"plot": True})
    assert r.status_code == 200
    body = r.json()
    expected = pycombat.load(WIND).odds().to_json()
    assert body["result"]["expected_kill_mp"] == expected["expected_kill_mp"]
    png = base64.b64decode(body["images"]["plot"].split(",", 1)[1])
    assert png.startswith(b"\x89PNG")
    r = _run(client, "odds", options={"plot": "/etc/passwd"})  # a path from the browser is never used
    assert r.status_code == 200 and "images" in r.json()


def test_tree_files(client):
    r = _run(client, "tree", text=SMALL_TEXT, options={"depth": 1})
    assert r.status_code == 200, r.text
    files = r.json()["files"]
    assert "pycombat-web-" not in str(r.json()["result"])  # the server's temporary folder does not leak
    assert files["dot"].lstrip().startswith(("digraph", "strict digraph"))
    assert "<graphml" in files["graphml"]
    if shutil.which("dot"):
        assert "<svg" in files["svg"]
    r = _run(client, "tree", text=SMALL_TEXT, options={"output": "/tmp/evil.dot", "depth": 1})
    assert r.status_code == 200


def test_a_tree_too_large_to_draw_still_comes_whole_as_graphml(client, tmp_path):
    """Past the drawing's node limit the page gets no DOT or picture but the whole tree as GraphML (which has
    no limit), the same file the CLI writes, and says why there is no picture."""
    path = pycombat.example("riftbound", "showdown_hands.yaml")
    r = _run(client, "tree", text=path.read_text(encoding="utf-8"), options={"output": True})
    assert r.status_code == 200, r.text
    body = r.json()
    assert set(body["files"]) == {"graphml"} and "more than a drawing may have" in body["drawing"]
    out = tmp_path / "t.graphml"
    pycombat.load(path).run("tree", output=str(out))
    assert body["files"]["graphml"].count("<node ") == out.read_text(encoding="utf-8").count("<node ") > 300


def _tree_runs(monkeypatch, game, example, options):
    """The answer of the page's worker to a ``tree`` question, and how many times it ran the verb."""
    from pycombat import api
    from pycombat.web.app import run_work

    calls = []
    real = api.Scenario.run

    def counted(self, verb, **kw):
        calls.append(verb)
        return real(self, verb, **kw)

    monkeypatch.setattr(api.Scenario, "run", counted)
    text = pycombat.example(game, example).read_text(encoding="utf-8")
    answer = run_work(lambda n: None, text, "tree", {"output": True, **options}, {}, 2_000_000)
    return answer, calls


@pytest.mark.parametrize("game, example, options", [
    ("meccg", "two_on_two.yaml", {"depth": 1}), ("riftbound", "seed_example.yaml", {}),
    ("wotr", "helms_deep.yaml", {"depth": 1}), ("riftbound", "showdown_hands.yaml", {})])
def test_a_tree_answer_solves_the_tree_once(monkeypatch, game, example, options):
    """The page's tree answer (drawing and GraphML, or the GraphML alone) comes from one run of the verb."""
    answer, calls = _tree_runs(monkeypatch, game, example, options)
    assert answer[0] == "done" and "graphml" in answer[1]["files"]
    assert calls == ["tree"]


@pytest.mark.parametrize("game, example, options", [
    ("meccg", "two_on_two.yaml", {"depth": 1}), ("riftbound", "seed_example.yaml", {}),
    ("wotr", "helms_deep.yaml", {"depth": 1})])
def test_the_pages_drawing_is_the_clis_dot(monkeypatch, tmp_path, game, example, options):
    """The drawing made from the page's GraphML is the DOT the CLI's ``tree -o FILE.dot`` writes (nodes, edges,
    values, probabilities and the principal line), the movers named as the game names them (the GraphML carries
    the names); and its GraphML is the CLI's."""
    movers = {"meccg": ("defender", "attacker"), "wotr": ("attacker", "defender"),
              "riftbound": ("attacker", "defender")}[game]
    answer, _ = _tree_runs(monkeypatch, game, example, options)
    out = tmp_path / "tree.dot"
    pycombat.load(pycombat.example(game, example)).run("tree", output=str(out), **options)
    cli = out.read_text(encoding="utf-8")
    assert answer[1]["files"]["dot"] == cli and any(f'label="{name}: ' in cli for name in movers)
    assert 'label="player 0: ' not in cli and 'label="player 1: ' not in cli
    gml = tmp_path / "tree.graphml"
    pycombat.load(pycombat.example(game, example)).run("tree", output=str(gml), **options)
    assert answer[1]["files"]["graphml"] == gml.read_text(encoding="utf-8")


def test_a_tree_too_large_to_draw_is_explained_in_the_pages_words(monkeypatch, tmp_path):
    """Past the drawing's limit the page says which depth would fit (its depth option) and offers its own GraphML
    download, not the CLI's ``-o FILE.graphml``; the depth named is the one the CLI names."""
    import re

    answer, _ = _tree_runs(monkeypatch, "riftbound", "showdown_hands.yaml", {})
    why = answer[1]["drawing"]
    assert "-o " not in why and "--depth" not in why and "download the GraphML" in why
    try:
        pycombat.load(pycombat.example("riftbound", "showdown_hands.yaml")).run("tree", output=str(tmp_path / "t.dot"))
    except PycombatError as exc:
        cli_depth = re.search(r"--depth (\d+)", str(exc)).group(1)
    else:
        raise AssertionError("the CLI draws a tree the page refuses")
    assert f"set the depth option to {cli_depth} " in why


@pytest.mark.parametrize("game, example", [("meccg", "two_on_two.yaml"), ("riftbound", "seed_example.yaml"),
                                           ("wotr", "skirmish.yaml")])
def test_a_scenario_without_claims_is_refused_alike_in_every_game(client, game, example):
    """The page's text has no file name: the message names the field, never a missing file ("None")."""
    r = _run(client, "verify", text=pycombat.example(game, example).read_text(encoding="utf-8"))
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["error"] == "pycombat: claims: the scenario has no claims to verify" and body["path"] == "claims"


def test_verify_on_a_ruling_with_claims(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    rulings = [e["name"] for e in games["meccg"]["examples"] if e["name"].startswith("rulings/")]
    assert rulings
    text = client.get(f"/api/games/meccg/examples/{rulings[0]}").json()["text"]
    r = _run(client, "verify", text=text)
    assert r.status_code == 200
    claims = r.json()["result"]["claims"]
    assert claims and all("verdict" in c for c in claims)


def test_verify_shows_the_readings_side_by_side(client):
    """The page's verify gives each deciding flag's readings, as the Python API does; with
    ``readings: all`` every flag the claim was decided under again; a bad value is refused."""
    from pycombat.verdicts import readings_shown

    path = pycombat.example("meccg", "wind_throne.yaml").parent.parent / "rulings" / "meccg" / "sable_shield.yaml"
    text = path.read_text(encoding="utf-8")
    for readings in ("deciding", "all"):
        r = _run(client, "verify", text=text, options={"readings": readings})
        assert r.status_code == 200, r.text
        got = r.json()["result"]["claims"]
        with readings_shown(readings):
            want = pycombat.load(path).verify().to_json()["claims"]
        assert [c.get("readings") for c in got] == [c.get("readings") for c in want]
        flagged = [c for c in got if c.get("readings")]
        assert flagged and all(c["readings"][0]["readings"] for c in flagged)
        if readings == "deciding":
            assert [t["flag"] for c in got for t in c.get("readings", [])] == ["unwounded_loser_taps"]
            assert "readings of unwounded_loser_taps" in r.json()["text"]
        else:
            assert all(c.get("readings") for c in got)
    r = _run(client, "verify", text=text, options={"readings": "most"})
    assert r.status_code == 400 and "options.readings: 'most' is not one of" in r.json()["error"]
    assert r.json()["path"] == "options.readings" and r.json()["accepted"] == list(READINGS)
    r = _run(client, "enumerate", text=text, options={"readings": "all"})
    assert r.status_code == 400 and "has no option 'readings'" in r.json()["error"]


@pytest.mark.parametrize("ask, status, expect", [
    ({"verb": "fly"}, 400, "fly is not available for meccg"),
    ({"verb": "enumerate", "options": {"limit": 0}}, 400, "options.limit: must be at least 1"),
    ({"verb": "enumerate", "options": {"limit": "many"}}, 400, "not a whole number"),
    ({"verb": "enumerate", "options": {"side": "attacker"}}, 400, "has no option 'side'"),
    ({"verb": "enumerate", "options": {"count": "yes"}}, 400, "must be true or false"),
    ({"verb": "enumerate", "options": [1]}, 400, "options"),
    ({"verb": "enumerate", "flags": {"phase2_assignment": "sometimes"}}, 400, "phase2_assignment"),
    ({"verb": "enumerate", "flags": {"nosuchflag": "x"}}, 400, "nosuchflag"),
    ({"verb": "enumerate", "flags": "x"}, 400, "flags"),
    ({}, 400, "verb"),
    ({"verb": "optimize", "options": {"max_nodes": 10}}, 413, ""),
    ({"verb": "optimize", "options": {"max_nodes": 10 ** 9}}, 413, "node budget"),
    ({"verb": "tree", "options": {"depth": 6, "max_nodes": 10}}, 413, "options.max_nodes=10"),
    ({"verb": "enumerate", "options": {"count": True, "limit": 3}}, 400, "options.limit bounds the listing"),
    ({"verb": "enumerate", "options": {"count": True, "max_list": 3}}, 400, "options.max_list bounds the listing"),
    ({"verb": 5}, 400, "verb: the verb to run must be text, not a number"),
])
def test_run_refuses_bad_requests(client, ask, status, expect):
    r = client.post("/api/run", json={"text": WIND_TEXT, **ask})
    assert r.status_code == status, r.text
    assert r.json()["error"].startswith("pycombat: ") and expect in r.json()["error"]
    assert "Traceback" not in r.text


@pytest.mark.parametrize("text,expect", [(5, "must be YAML or JSON text (a string), not a number"),
                                         ([WIND_TEXT], "not a list"), (None, "is required")])
def test_a_scenario_that_is_no_text_is_named_for_what_it_is(client, text, expect):
    r = client.post("/api/run", json={"verb": "enumerate", **({} if text is None else {"text": text})})
    assert r.status_code == 400 and expect in r.json()["error"] and "text" in r.json()["error"]


#: a solve of several seconds (WotR optimize of the largest legal battle: 298 rearguard splits solved
#: exactly, about 7 s; docs/limits.md)
LONG_TEXT = """game: wotr
title: the largest legal Armies
politics: {Gondor: at_war, Sauron: at_war}
attacker: {region: Ash Mountains, units: {Sauron: {regulars: 4, elites: 6}}, nazgul: 8}
defender: {region: Dagorlad, units: {Gondor: {regulars: 5, elites: 5, leaders: 3}}, retreat_to: []}
"""


def test_time_budget_stops_a_long_solve():
    # refused up front by its work estimate (--max-work), before any budget could stop it (the budget
    # here far above the estimate's time, so a busy machine gives the same answer)
    with starlette_testclient.TestClient(create_app(Settings(timeout=120))) as c:
        r = _run(c, "optimize", text=LONG_TEXT)
        assert r.status_code == 413 and "options.max_work=" in r.json()["error"], r.json()
    with starlette_testclient.TestClient(create_app(Settings(timeout=0.5))) as c:
        t0 = time.monotonic()
        r = _run(c, "optimize", text=LONG_TEXT, options={"max_work": 10_000_000})  # solved: seconds
        assert r.status_code == 504 and "time budget" in r.json()["error"]
        assert time.monotonic() - t0 < 60  # stopped, not run to its end (minutes)


def test_jobs_poll_cancel_and_busy():
    with starlette_testclient.TestClient(create_app(Settings(max_workers=1))) as c:
        r = _run(c, "optimize", text=LONG_TEXT, wait=0, options={"max_work": 10_000_000})
        assert r.status_code == 202 and r.json()["state"] == "running"
        job = r.json()["job"]
        busy = _run(c, "enumerate", wait=0)
        assert busy.status_code == 429 and "busy" in busy.json()["error"]
        assert c.get(f"/api/jobs/{job}").status_code == 202
        r = c.post(f"/api/jobs/{job}/cancel")
        assert r.json()["state"] == "cancelled"
        assert c.get(f"/api/jobs/{job}").json()["state"] == "cancelled"
        r = _run(c, "enumerate", options={"count": True})  # the slot is free again
        assert r.status_code == 200
        assert c.get("/api/jobs/nope").status_code == 404
        assert c.post("/api/jobs/nope/cancel").status_code == 404
        assert c.get(f"/api/jobs/{job}", params={"wait": "soon"}).status_code == 400


def test_a_finished_job_can_be_fetched_again(client):
    r = _run(client, "enumerate", options={"count": True}, wait=0)
    job = r.json()["job"]
    r = client.get(f"/api/jobs/{job}", params={"wait": 30})
    assert r.status_code == 200 and r.json()["result"]["count"] == pycombat.load(WIND).count()


# ---- the server: loopback only unless --host -----------------------------------------------------
def test_trusted_hosts_guard_a_loopback_server():
    app = create_app(allowed_hosts=["127.0.0.1", "localhost"])
    with starlette_testclient.TestClient(app, base_url="http://evil.example") as c:
        assert c.get("/api/limits").status_code == 400
    with starlette_testclient.TestClient(app, base_url="http://127.0.0.1:8765") as c:
        assert c.get("/api/limits").status_code == 200


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.5", "example.org", "::"])
def test_a_non_loopback_host_is_refused_without_host(host, monkeypatch):
    ran = []
    monkeypatch.setattr("uvicorn.run", lambda *a, **kw: ran.append(kw))
    with pytest.raises(PycombatError, match="refusing"):
        web_server.serve(host=host, explicit_host=False)
    assert ran == []


def test_cli_serve_defaults_to_loopback_and_warns_for_another_host(monkeypatch, capsys):
    ran = []
    monkeypatch.setattr("uvicorn.run", lambda app, **kw: ran.append(kw))
    assert cli.main(["serve", "--port", "9999"]) == 0
    assert ran[-1]["host"] == "127.0.0.1" and ran[-1]["port"] == 9999
    assert "warning" not in capsys.readouterr().err
    assert cli.main(["serve", "--host", "0.0.0.0"]) == 0
    assert ran[-1]["host"] == "0.0.0.0"
    assert "warning: serving on 0.0.0.0" in capsys.readouterr().err


def test_memory_budget_stops_a_solve_with_a_clear_answer():
    """A solve past the server's memory budget (--memory) is stopped and answered 507 with the
    option to change; the server goes on answering within a sane budget."""
    with starlette_testclient.TestClient(create_app(Settings(memory_mb=1))) as c:
        r = _run(c, "enumerate")
        assert r.status_code == 507, r.text[:500]
        assert "memory budget of 1 MB" in r.json()["error"] and "--memory" in r.json()["error"]
        assert "Traceback" not in r.text
    with starlette_testclient.TestClient(create_app(Settings(memory_mb=1500))) as c:
        assert _run(c, "enumerate").status_code == 200


def _needs_too_much(progress):
    raise MemoryError


def _aborts(progress):
    os.abort()


def _exits_out_of_memory(progress):
    os._exit(jobs.OUT_OF_MEMORY_EXIT)


def _exits(progress):
    os._exit(3)


def _no_thread_memory(progress):  # what glibc does when a new thread's thread-local data cannot be allocated
    os._exit(127)


@pytest.mark.parametrize("work, status", [(_needs_too_much, 507), (_aborts, 507), (_exits_out_of_memory, 507),
                                          (_no_thread_memory, 507), (_exits, 500)])
def test_every_way_a_worker_ends_past_its_budget_is_answered_507(work, status):
    """Past its budget a worker answers 507 itself; when even that cannot be made or sent it exits with
    OUT_OF_MEMORY_EXIT, or Python aborts, and the server still answers 507. Any other silent end is a 500."""
    pool = jobs.Jobs(timeout=60, memory_mb=1500)
    job = pool.start("enumerate", work, ())
    deadline = time.monotonic() + 120
    while job.state == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
        job.poll()
    assert (job.state, job.status) == ("error", status), job.body
    if status == 507:
        assert "memory budget of 1500 MB" in job.body["error"] and "--memory" in job.body["error"]


def test_verify_offers_the_ruling_to_keep(client, tmp_path):
    """The page's "Save ruling" download: the same document `verify --save` writes, which re-checks."""
    from pycombat import api
    from pycombat.rulings import check_hash

    text = (Path(__file__).resolve().parent.parent / "examples/rulings/meccg/great_bats.yaml").read_text()
    r = _run(client, "verify", text=text)
    assert r.status_code == 200
    ruling = r.json()["ruling"]
    assert check_hash(ruling) is None and ruling["verdicts"] == r.json()["result"]["claims"]
    path = tmp_path / "ruling.json"
    path.write_text(json.dumps(ruling), encoding="utf-8")
    assert api.recheck_ruling(path).exit_code == 0
    assert "ruling" not in _run(client, "odds", text=text).json()


def test_a_flag_that_also_takes_a_whole_number_is_offered_with_its_bound(client):
    """The page's flag switches come from the digest: a flag that takes a whole number too (WotR
    max_rounds) says so with its lower bound, and a request may set it to a number."""
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for name, g in games.items():
        book = load_rulebook(name)
        assert {f["name"]: (f["allows_int"], f["int_min"]) for f in g["flags"]} == \
            {f.name: (f.allows_int, f.int_min) for f in book.flags.values()}
    numbered = [f for g in games.values() for f in g["flags"] if f["allows_int"]]
    assert numbered, "no flag takes a whole number: this test checks nothing"
    helms = pycombat.example("wotr", "helms_deep.yaml")
    r = _run(client, "odds", text=helms.read_text(encoding="utf-8"), flags={"max_rounds": 2})
    assert r.status_code == 200, r.text
    expected = pycombat.load(helms, {"max_rounds": "2"}).odds().to_json()
    assert r.json()["result"]["flags"]["max_rounds"] == "2"
    assert r.json()["result"]["policies"] == expected["policies"]
    r = _run(client, "odds", text=helms.read_text(encoding="utf-8"), flags={"max_rounds": 0})
    assert r.status_code == 400 and r.json()["path"] == "flags.max_rounds"
