"""``pycombat card --coverage --game meccg`` (cards/listing.py): every card of the data gets one
status from its model, the counts partition the cards, and every part open under the default flags
is listed with why (MECCG-FX-10)."""
from __future__ import annotations

import json

from pycombat.cli import main
from pycombat.games.meccg.cards import interpreter as cardfx
from pycombat.games.meccg.cards.database import load_carddb
from pycombat.games.meccg.cards.listing import STATUSES, coverage
from pycombat.rulebook import load_rulebook


def test_every_card_once_and_the_counts_partition_them():
    r = coverage()
    db = load_carddb()
    ids = {c.id for c in db.characters} | {i.id for i in db.items} | {e.id for e in db.combat_cards}
    assert sorted(c["id"] for c in r.cards) == sorted(ids)
    for kind in ("event", "item", "character"):
        assert sum(r.counts[kind].values()) == sum(1 for c in r.cards if c["kind"] == kind)
        for s in STATUSES:
            assert r.counts[kind][s] == sum(1 for c in r.cards if c["kind"] == kind and c["status"] == s)


def test_statuses_follow_the_models():
    """Independently of the listing's code: a card with a part open under every default is partly
    or not; a card without is never; an unclear card whose flag defaults to no_effect is by flag."""
    defaults = load_rulebook("meccg").defaults()
    barred = {c.id for c in load_carddb().combat_cards if c.cvcc_relevant == "no"}
    for c in coverage().cards:
        m = cardfx.model(c["id"])
        open_ = [u for u in m.unmodelled if all(defaults.get(f) == v for f, v in (u.get("only_if") or {}).items())]
        if m.flag and defaults[m.flag] == "no_effect":
            assert c["status"] == "by flag", c
        elif c["id"] in barred or m.no_effect:
            assert c["status"] == "no effect", c
        elif open_:
            assert c["status"] in ("partly", "not") and len(c["unmodelled"]) == len(open_), c
            assert all(u["why"] for u in c["unmodelled"])
        else:
            assert c["status"] in ("modelled", "none", "no effect") and "unmodelled" not in c, c


def test_the_cli_listing(capsys):
    assert main(["card", "--coverage", "--game", "meccg"]) == 0
    text = capsys.readouterr().out
    r = coverage()
    assert f"all cards: {len(r.cards)}:" in text
    for c in r.cards:
        for u in c.get("unmodelled", ()):
            assert f"{c['name']} ({c['id']}, {c['status']}): {u['what']}: {u['why']}" in text
    assert main(["card", "--coverage", "--game", "meccg", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"] == r.counts
