"""The coverage listing (`pycombat card --coverage --game riftbound`): every unit, spell and gear card
once, with a status computed from what the model reads (RB-CARD-4), checked against the card data."""
from __future__ import annotations

import json
from collections import Counter
from importlib.resources import files

import pytest

from pycombat.cli import main
from pycombat.games.riftbound.cards.coverage import STATUSES, coverage
from pycombat.games.riftbound.cards.records import effect_text
from pycombat.games.riftbound.cards.spells import clauses_of, overlay
from pycombat.games.riftbound.cards.statics import describe
from pycombat.games.riftbound.cards.units import load_units
from overlay_corrections import corrected


def _records(name: str) -> list[dict]:
    return json.loads(files("pycombat.games.riftbound.data").joinpath(name).read_text(encoding="utf-8"))["records"]


@pytest.fixture(scope="module")
def report():
    return coverage()


def test_the_statuses_partition_the_cards(report):
    units = [r for r in _records("units.json") if not r.get("reprint_of")]
    spells, gear = _records("spells.json"), _records("gear.json")
    want = Counter([("unit", r["id"]) for r in units] + [("spell", r["id"]) for r in spells]
                   + [("gear", r["id"]) for r in gear])
    got = Counter((c["type"], c["id"]) for c in report.cards)
    assert got == want  # each card exactly once
    assert all(c["status"] in STATUSES for c in report.cards)
    for t in ("unit", "spell", "gear"):
        assert report.counts[t] == {s: sum(1 for c in report.cards if c["type"] == t and c["status"] == s)
                                    for s in STATUSES}
    assert sum(report.counts["all"].values()) == len(units) + len(spells) + len(gear)


def test_status_agrees_with_what_is_listed(report):
    for c in report.cards:
        if c["status"] == "modelled":
            assert c["modelled"] and not c["unmodelled"], c
        elif c["status"] == "partly":
            assert c["modelled"] and c["unmodelled"], c
        elif c["status"] == "not":
            assert not c["modelled"] and c["unmodelled"], c
        else:
            assert not c["modelled"] and not c["unmodelled"] and c["why"], c
        assert all(u["why"] for u in c["unmodelled"]), c


def test_every_unit_with_combat_text_is_read_or_listed_unmodelled(report):
    """A unit with `combat_relevant: true` or `unparsed_clauses` has a status other than `none`, and
    each of its combat effects and unparsed clauses is named in what is read or what is not."""
    by_id = {c["id"]: c for c in report.cards if c["type"] == "unit"}
    db = {u.id: u for u in load_units().cards}
    checked = 0
    for r in _records("units.json"):
        if r.get("reprint_of") or not (r.get("combat_relevant") is True or r.get("unparsed_clauses")):
            continue
        row, unit = by_id[r["id"]], db[r["id"]]
        assert row["status"] != "none", row
        listed = " | ".join(row["modelled"] + [u["what"] for u in row["unmodelled"]])
        # a clause the project's overlay structures (a `kind: unit` record) is read: its effects are checked below
        ours = [o for o in overlay() if o.get("kind") == "unit" and o["id"] == r["id"]]
        for o in ours:  # the data's reading of a clause the overlay corrects ("there" is where the unit moved from)
            r = corrected(r, o)
        extra = [o for o in ours if o.get("effects")]
        structured = {c for o in extra for c in clauses_of(o)}
        why = {c: " ".join(str(o["not_modelled"]).split()) for o in ours if o.get("not_modelled") for c in clauses_of(o)}
        for clause in r.get("unparsed_clauses") or ():
            if clause not in structured:
                said = [u for u in row["unmodelled"] if clause in u["what"]]
                assert said, (r["name"], clause)
                if clause in why:  # the overlay's reason, not the data's "could not structure it"
                    assert " ".join(said[0]["why"].split()) == why[clause], (r["name"], said)
        statics = unit.static_abilities()
        for e in [*(r.get("effects") or ()), *(e for o in extra for e in o["effects"])]:
            if e.get("effect") not in (r.get("combat_effects") or ()) and not any(e in o["effects"] for o in extra):
                continue
            if unit.read_as_flag(e):  # the unit's own unconditional "no combat damage" / "ignore Tank here"
                assert any(m in ("deals no combat damage", "its controller ignores Tank here")
                           for m in row["modelled"]), row
                continue
            text = describe(e) if any(e == s for s in statics) else effect_text(e)
            assert text in listed, (r["name"], text, listed)
        checked += 1
    assert checked > 300


def test_showdown_playable_cards_with_effects_are_not_none(report):
    by_id = {(c["type"], c["id"]): c for c in report.cards}
    for kind, name in (("spell", "spells.json"), ("gear", "gear.json")):
        for r in _records(name):
            row = by_id[(kind, r["id"])]
            if r.get("showdown_playable") and (r.get("effects") or r.get("unparsed")):
                assert row["status"] != "none", row
            if not r.get("showdown_playable") and not r.get("equipment") and "Hidden" not in (r.get("keywords") or {}):
                assert row["status"] == "none" and "RB-SHOW-4" in row["why"], row


def test_a_card_with_an_effect_kind_not_read_lists_it(report):
    row = next(c for c in report.cards if c["name"] == "Hostile Takeover")
    assert row["status"] in ("partly", "not") and any("take_control" in u["what"] for u in row["unmodelled"])


def test_cli_coverage_text_and_json(capsys):
    assert main(["card", "--coverage", "--game", "riftbound", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "riftbound" and sum(data["counts"]["all"].values()) == len(data["cards"])
    assert main(["card", "--coverage", "--game", "riftbound"]) == 0
    out = capsys.readouterr().out
    n = data["counts"]["all"]
    assert f"all cards: {len(data['cards'])}: {n['modelled']} modelled, {n['partly']} partly, {n['not']} not, " \
           f"{n['none']} none" in out


@pytest.mark.parametrize("args, message", [
    (["card", "--coverage"], "give --game"),
    (["card", "--coverage", "--game", "wotr"], "wotr has no coverage listing"),
    (["card"], "give a card NAME"),
])
def test_cli_coverage_errors(capsys, args, message):
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_the_docs_table_is_current(report):
    from pathlib import Path

    from pycombat.games.riftbound.cards.coverage import counts_table

    doc = (Path(__file__).resolve().parents[2] / "docs" / "riftbound.md").read_text(encoding="utf-8")
    shown = doc.split("<!-- coverage-counts -->\n", 1)[1].split("<!-- /coverage-counts -->", 1)[0]
    assert shown.strip().splitlines() == counts_table(report)
