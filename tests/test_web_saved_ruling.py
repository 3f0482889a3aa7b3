"""The web page reads a saved ruling as the CLI does (`pycombat verify RULING.json`): verify checks it again on this
version, every other verb refuses it naming verify; /api/validate says it is a ruling as it was saved (or why
not); and a request body nested too deep to read is a 400 saying so, never an internal error."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycombat import api
from pycombat.rulings import recheck_lines
from pycombat.web.app import create_app

starlette_testclient = pytest.importorskip("starlette.testclient")

RULING_SOURCE = Path(__file__).resolve().parent.parent / "examples" / "rulings" / "riftbound" / "equal_totals.yaml"


@pytest.fixture(scope="module")
def client():
    with starlette_testclient.TestClient(create_app()) as c:
        yield c


@pytest.fixture(scope="module")
def ruling(tmp_path_factory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp("ruling") / "ruling.json"
    api.save_ruling(RULING_SOURCE, path)
    return path, path.read_text(encoding="utf-8")


def test_verify_checks_a_saved_ruling_again_as_the_cli_does(client, ruling):
    path, text = ruling
    r = client.post("/api/run", json={"text": text, "verb": "verify", "options": {"readings": "deciding"}})
    assert r.status_code == 200, r.text
    body = r.json()
    cli = api.recheck_ruling(path).to_json()
    assert body["result"] == {k: v for k, v in cli.items() if k != "scenario"}
    assert body["result"]["stands"] is True and body["exit_code"] == 0
    assert body["text"] == "\n".join(recheck_lines(api.recheck_ruling(path)))


@pytest.mark.parametrize("ask, path, words", [
    ({"verb": "enumerate"}, "verb", "is a saved ruling: only verify reads it (not enumerate)"),
    ({"verb": "verify", "flags": {"excess_damage": "free"}}, "flags", "checked under its own flags"),
    ({"verb": "verify", "options": {"readings": "all"}}, "options.readings", "whether the verdict stands"),
])
def test_a_saved_ruling_is_refused_to_any_other_question(client, ruling, ask, path, words):
    r = client.post("/api/run", json={"text": ruling[1], **ask})
    assert r.status_code == 400, r.text
    assert r.json()["path"] == path and words in r.json()["error"]


def test_validate_says_a_ruling_is_as_it_was_saved_or_why_not(client, ruling):
    r = client.post("/api/validate", json={"text": ruling[1]})
    assert r.status_code == 200, r.text
    assert r.json()["ruling"] is True and r.json()["verbs"] == ["verify"] and r.json()["game"] == "riftbound"
    edited = json.loads(ruling[1])
    edited["verdicts"][0]["verdict"] = not edited["verdicts"][0]["verdict"]
    r = client.post("/api/validate", json={"text": json.dumps(edited)})
    assert r.status_code == 400
    assert "is no valid saved ruling: the content hash does not match" in r.json()["error"]


def test_a_request_nested_too_deep_is_a_bad_request(client):
    r = client.post("/api/run", content=b"[" * 50_000 + b"]" * 50_000)
    assert r.status_code == 400
    assert r.json()["error"] == "pycombat: the request is not JSON this server reads: it is nested too deep"
