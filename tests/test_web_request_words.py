"""A verb's refusal of an option value the page sent is worded for the request (``options.rolls``), whether the
verb raises it as a scenario error or not: never the CLI's ``--rolls``."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.web.app import create_app

starlette_testclient = pytest.importorskip("starlette.testclient")


def test_a_dice_list_that_runs_out_is_named_as_the_requests_option():
    text = pycombat.example("meccg", "wind_throne.yaml").read_text(encoding="utf-8")
    with starlette_testclient.TestClient(create_app()) as client:
        r = client.post("/api/run", json={"text": text, "verb": "replay", "options": {"rolls": "8,8"}})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["path"] == "options.rolls"
    assert body["error"].startswith("pycombat: replay: options.rolls ran out of dice") and "--rolls" not in body["error"]
    assert body["message"].startswith("options.rolls ran out of dice")
