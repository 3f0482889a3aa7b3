"""The rule ids the scenario schema's text cites (``pycombat schema meccg``, pycombat/games/meccg/spec.py)
exist in the rulebook (the digest and card_flags.md), ranges (MECCG-BODY-1..3) and lists (MECCG-FX-25/30)
included; the step fields cite their own steps: support MECCG-SEQ-6, the attacker's -3 not to tap
MECCG-SEQ-4, the defender's MECCG-SEQ-5."""
from __future__ import annotations

import json
import re
from pathlib import Path

from pycombat import api
from pycombat.games.meccg import spec
from pycombat.rulebook import load_rulebook

CITED = re.compile(r"MECCG-([A-Z]+)-(\d+)((?:(?:/|\.\.)\d+)*)")


def cited_ids(text: str) -> set[str]:
    """Every rule id ``text`` cites, each range and list expanded."""
    out: set[str] = set()
    for m in CITED.finditer(text):
        nums = [int(m.group(2))]
        for sep, n in re.findall(r"(/|\.\.)(\d+)", m.group(3)):
            nums += list(range(nums[-1] + 1, int(n) + 1)) if sep == ".." else [int(n)]
        out |= {f"MECCG-{m.group(1)}-{n}" for n in nums}
    return out


def test_every_rule_id_of_the_schema_text_exists():
    known = set(load_rulebook("meccg").rules)
    text = json.dumps(api.schema("meccg"), ensure_ascii=False)
    ids = cited_ids(text)
    assert len(ids) > 20
    assert ids <= known, sorted(ids - known)
    source = Path(spec.__file__).read_text(encoding="utf-8")  # the comments too
    assert cited_ids(source) <= known, sorted(cited_ids(source) - known)


def test_the_strike_steps_cite_their_own_rules():
    for block in ("strikes", "after_check"):
        strike = api.schema("meccg")["properties"]["combat"]["properties"][block]
        strike = (strike["properties"]["strikes"] if block == "after_check" else strike)["items"]["properties"]
        for field, rule in (("support", "MECCG-SEQ-6"), ("attacker_untapped", "MECCG-SEQ-4"),
                            ("defender_untapped", "MECCG-SEQ-5")):
            assert cited_ids(json.dumps(strike[field], ensure_ascii=False)) == {rule}, (block, field, strike[field])
