"""``pycombat serve``: a query value out of its range is refused (400, naming it), never ignored, and a
refusal of a verb's work names the verb once."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.web.app import create_app

starlette_testclient = pytest.importorskip("starlette.testclient")


@pytest.fixture(scope="module")
def client():
    with starlette_testclient.TestClient(create_app()) as c:
        yield c


@pytest.mark.parametrize("limit", ["-1", "abc", "0", "501"])
def test_names_limit_out_of_range_is_refused(client, limit):
    r = client.get(f"/api/games/meccg/names?limit={limit}")
    assert r.status_code == 400 and r.json()["path"] == "limit"


def test_names_limit_in_range_cuts_the_list(client):
    r = client.get("/api/games/meccg/names?q=a&limit=3")
    assert r.status_code == 200 and len(r.json()["names"]) == 3


@pytest.mark.parametrize("wait", [-5, "NaN", "inf", True])
def test_a_wait_that_is_no_number_of_seconds_is_refused(client, wait):
    text = pycombat.example("meccg", "two_on_two.yaml").read_text(encoding="utf-8")
    r = client.post("/api/run", json={"text": text, "verb": "enumerate", "wait": wait})
    assert r.status_code == 400 and r.json()["path"] == "wait"


def test_a_refused_verb_is_named_once(client):
    text = pycombat.example("wotr", "ten_vs_ten.yaml").read_text(encoding="utf-8")
    r = client.post("/api/run", json={"text": text, "verb": "optimize", "wait": 60})
    assert r.status_code == 413
    assert r.json()["error"].count("optimize:") == 1, r.json()["error"]
