"""Checked citations: every verdict of every shipped example with claims (the ruling files
``examples/rulings/<game>/`` and the other examples), for every game, cites only what its
digest says.

* every cited id is a rule of the game's digest (or of the extension its package ships, such as
  ``card_flags.md``);
* every text quoted is the digest's own: the part shown is verbatim (each piece between the
  ellipses is in the rule's text), the full text is the rule's, and the part names a sub-item
  the rule has;
* every source a cited rule names is in the digest's source list (section 0);
* no verdict's citation fails at run time (a failing one is never printed as decided: the last
  tests break a digest on purpose and see the verdict become unsettled);
* no ruling file's text output quotes a rule by its lead-in alone ("... as follows.", "one of
  the following.", a colon, or the opening paragraph of a rule whose sub-items say the rest).

The digest is read here from its markdown with a parser written in this file, not with
:mod:`pycombat.rulebook`, so a parsing fault there cannot hide a quotation that is not verbatim.
"""
from __future__ import annotations

import functools
import importlib
import io
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from rich.console import Console

from pycombat import api, registry
from pycombat.rulebook import Rule, RuleItem, lead_in_only, load_rulebook
from pycombat.verdicts import Claim, citation_problems, reasons, verify_claims
from verify_runs import verify_run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("meccg", "riftbound", "wotr")
RULE_ID = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)+-\d+")


def _examples() -> list[tuple[str, Path]]:
    """(game, file) of every shipped example that has claims."""
    out = []
    for path in sorted((ROOT / "examples").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        game = re.search(r"^game:\s*(\w+)", text, flags=re.M)
        if game and game.group(1) in GAMES and re.search(r"^claims:", text, flags=re.M):
            out.append((game.group(1), path))
    return out


FILES = _examples()
RULINGS = [(g, p) for g, p in FILES if "rulings" in p.parts]


def _params(items: list[tuple[str, Path]]) -> list:
    return [pytest.param(g, p, id=str(p.relative_to(ROOT / "examples"))) for g, p in items]


@functools.cache
def _report(game: str, path: Path):
    """``pycombat verify PATH``'s report (once per file and test process, shared with the other tests of the file)."""
    return verify_run(path).report


def _fresh_report(game: str, path: Path):
    """``pycombat verify PATH``'s report computed now (after a change to the digest)."""
    s = api.read_scenario(path)
    return importlib.import_module(f"pycombat.games.{game}.verbs").verify(s)


@functools.cache
def _raw_digest(game: str) -> str:
    """The digest's markdown and its package's extensions, as shipped."""
    files = [ROOT / "pycombat" / "rules" / f"{game}.md", *registry.digest_extensions(game)]
    return "\n".join(Path(f).read_text(encoding="utf-8") for f in files)


def _plain_words(markdown: str) -> str:
    """The words of markdown text, emphasis, list markers and spacing dropped (an independent
    reading: the digest's text reduced to its words in order)."""
    text = re.sub(r"\*\*|(?<![\w*])\*|\*(?![\w*])", "", markdown)
    text = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", " ", text, flags=re.M)
    text = re.sub(r"(?<=\s)\d+\)\s", " ", " " + text)
    return re.sub(r"\s+", " ", text).strip()


@functools.cache
def _rule_words(game: str) -> dict[str, str]:
    """Each rule's block of the raw digest, reduced to its words (:func:`_plain_words`)."""
    out: dict[str, list[str]] = {}
    current = None
    for line in _raw_digest(game).splitlines():
        m = re.match(rf"^- \*\*({RULE_ID.pattern})\*\*(.*)$", line)
        if m:
            current = m.group(1)
            out[current] = [m.group(2)]
        elif current and (not line.strip() or line[0].isspace()):
            out[current].append(line)
        else:
            current = None
    return {rid: _plain_words("\n".join(lines)) for rid, lines in out.items()}


def _in_digest(game: str, rule_id: str, piece: str) -> bool:
    """True if ``piece`` (its number marks aside) is in the raw digest's text of the rule, either
    whole or in two parts around the rule's ``Src:`` sentence (which a quotation leaves out)."""
    raw, want = _rule_words(game)[rule_id], _plain_words(piece)
    if want in raw:
        return True
    if " → " in want:  # a table, quoted as "[head → head] cell → cell; cell → cell.": each cell is the digest's
        before, _, rest = want.partition("[")
        cells = [cell.strip(" .;") for cell in re.split(r" → |; |\] ", rest) if cell.strip(" .;")]
        return (not before.strip() or _in_digest(game, rule_id, before)) and all(c in raw for c in cells)
    src = raw.find("Src: ")
    if src < 0:
        return False
    before, after = raw[:src].rstrip(), raw[src:]
    for k in range(1, len(want)):
        head, tail = want[:k].strip(), want[k:].strip()
        if head and tail and before.endswith(head):
            at = after.find(" " + tail)
            if 0 <= at < 400 and "." in after[:at]:  # the Src sentence, then the rest of the quotation
                return True
    return False


@functools.cache
def _source_keys(game: str) -> set[str]:
    """The keys of the digest's section 0 table, and of an extension's ("Sources beyond the
    digest's", e.g. riftbound/card_flags.md), and the first word of each "Cite as" example."""
    text = (ROOT / "pycombat" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    sections = [text.split("\n## 1.")[0]]
    for ext in sorted((ROOT / "pycombat" / "games" / game).glob("*.md")):
        extra = ext.read_text(encoding="utf-8")
        if "\n## 0. Sources" in extra:
            sections.append(extra.split("\n## 0. Sources", 1)[1].split("\n## 1.")[0])
    keys = set()
    for row in re.findall(r"^\|(.+)\|\s*$", "\n".join(sections), flags=re.M):
        cells = [c.strip() for c in row.split("|")]
        if cells[0] in ("Key", "") or set(cells[0]) <= set("-:"):
            continue
        keys |= {cells[0], cells[0].split()[0]}
        keys |= {v.split()[0] for v in re.findall(r"`([^`]+)`", cells[-1])}
    return keys


@pytest.mark.parametrize("game,path", _params(FILES))
def test_every_citation_holds(game: str, path: Path) -> None:
    """Every reason of every verdict: a rule of the digest, quoted verbatim, its sources listed."""
    book = load_rulebook(game)
    report = _report(game, path)
    assert report.verdicts, path
    for v in report.verdicts:
        j = v.as_json()
        where = f"{path.name} {j['id']}"
        assert not any("citation(s) do not hold" in n for n in j.get("notes", [])), (where, j["notes"])
        assert j["reasons"], (where, "a verdict with no rule cited")
        for note in j.get("notes", []):  # a rule named in a note is a citation too
            assert all(rid in book.rules for rid in RULE_ID.findall(note) if rid.split("-")[0] == book.prefix), \
                (where, note)
        for r in j["reasons"]:
            rid = r["rule"]
            assert "citation_error" not in r, (where, r)
            assert rid in book.rules and rid in _rule_words(game), (where, rid)
            rule = book.rules[rid]
            assert r["full_text"] == rule.text, (where, rid)
            pieces = r["text"].split(" … ")
            assert all(p and p in rule.text for p in pieces), (where, rid, r["text"])
            assert all(_in_digest(game, rid, p) for p in pieces), (where, rid, r["text"])
            if r["decisive"] is None:
                assert r["text"] == rule.text, (where, rid)
            else:
                chosen = [r["decisive"]] if isinstance(r["decisive"], str) else r["decisive"]
                assert all(any(_plain_words(c).casefold() in it.text.casefold() for it in rule.items)
                           for c in chosen), (where, rid, chosen)
                assert len(pieces) >= 1 and r["text"] != rule.lead, (where, rid)
            names = book.source_names(rule.source)
            assert not [n for n in names if not RULE_ID.match(n) and n not in _source_keys(game)
                        and not re.fullmatch(r"[A-Z]{2,4}-\d+", n)], (where, rid, rule.source)
            assert all(RULE_ID.match(n).group(0) in book.rules for n in names if RULE_ID.match(n)), (where, rid)
            if game != "riftbound" or report.flags.get("rules_version", "v1.3") == "v1.3":
                assert r["source"] == rule.source, (where, rid)


def test_every_game_and_both_kinds_of_example_walked() -> None:
    """The walk covers the ruling files of all three games and the other examples with claims."""
    assert {g for g, _ in RULINGS} == set(GAMES)
    assert len(RULINGS) >= 80 and len(FILES) > len(RULINGS)


def test_cited_sources_of_the_digests_are_listed() -> None:
    """Every source a rule of a shipped digest (not an extension) names is a key of its section 0."""
    for game in GAMES:
        book = load_rulebook(game)
        base = set(re.findall(rf"^- \*\*({RULE_ID.pattern})\*\*",
                              (ROOT / "pycombat" / "rules" / f"{game}.md").read_text(encoding="utf-8"), flags=re.M))
        for rid in base:
            assert book.unknown_sources(rid) == [], (rid, book.rules[rid].source)


_LINE = re.compile(rf"^    ({RULE_ID.pattern}): (.*)$")


def _text_output(game: str, path: Path) -> str:
    """``pycombat verify PATH``'s text (the run the other tests of the game read)."""
    return verify_run(path).text


@pytest.mark.parametrize("game,path", _params(RULINGS))
def test_no_lead_in_only_rule_text(game: str, path: Path) -> None:
    """No rule quoted in a ruling file's text output is its lead-in alone."""
    book = load_rulebook(game)
    quoted = 0
    for line in _text_output(game, path).splitlines():
        m = _LINE.match(line)
        if not m or m.group(1) not in book.rules:
            continue
        quoted += 1
        rule = book.rules[m.group(1)]
        text = m.group(2).rsplit(" (source: ", 1)[0]
        assert not lead_in_only(text), (path.name, line)
        assert not (rule.items and text == rule.lead), (path.name, line)
        assert text.startswith(rule.lead or rule.text[:20]), (path.name, line)
    assert quoted, path


def test_lead_in_only_recognises_the_issue_texts() -> None:
    """The lead-ins that used to be printed alone are recognised, and their sub-item completes them."""
    assert lead_in_only("Overt is defined as follows.")
    assert lead_in_only("Army result: one of the following.")
    assert lead_in_only("Step 5 works as follows.")
    assert lead_in_only("A company is overt if it contains any of:")
    assert not lead_in_only(load_rulebook("wotr").rule("WOTR-DICE-2").quote("Attack with one Army"))
    seq10 = load_rulebook("meccg").rule("MECCG-SEQ-10")
    assert seq10.items and seq10.lead == "Step 8 (compare). Compare the defender's total D with the attacker's total A."


# ---- a citation that fails leaves the verdict unsettled ------------------------------------------
@dataclass
class _Verdict:
    claim: Claim
    verdict: bool | None
    rules: list[str]
    notes: list[str] = field(default_factory=list)
    deciding_flags: dict[str, str] = field(default_factory=dict)
    parts: dict = field(default_factory=dict)


@dataclass
class _Scenario:
    flags: dict


def _first_rule_with_items(game: str) -> Rule:
    return next(r for r in load_rulebook(game).rules.values() if len(r.items) >= 2)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("break_it", ["unknown id", "unknown sub-item"])
def test_failing_citation_is_not_decided(game: str, break_it: str) -> None:
    """The engine's verify loop, for every game's digest: a good citation keeps the verdict; an id
    the digest lacks or a sub-item the rule lacks makes it not decided, with the reason."""
    rule = _first_rule_with_items(game)
    item = re.sub(r"^\d+\)\s*", "", rule.items[1].text)
    good = {"rules": [rule.id], "parts": {rule.id: item}}
    bad = ({"rules": [rule.id, rule.id + "0"], "parts": {}} if break_it == "unknown id"
           else {"rules": [rule.id], "parts": {rule.id: "no such words in any sub-item"}})
    s = _Scenario(flags=load_rulebook(game).defaults())
    claims = [Claim("good", "k", "good claim", {}), Claim("bad", "k", "bad claim", {})]

    def decide(_s, c):
        return _Verdict(c, True, **(good if c.id == "good" else bad))

    got = verify_claims(s, claims, decide, game=game, with_flags=lambda sc, f: _Scenario(f),
                        relevant_flags=lambda sc, c: [])
    assert got[0].verdict is True and not got[0].notes
    assert reasons(game, got[0].rules, parts=got[0].parts)[0]["text"].endswith(rule.items[1].text)
    assert got[1].verdict is None
    assert any("do not hold" in n and "the verdict would be True" in n for n in got[1].notes), got[1].notes
    assert citation_problems(game, bad["rules"], bad["parts"])


def _broken(game: str, rule_id: str, monkeypatch, *, drop: str | None = None) -> None:
    """Change the loaded digest on purpose: remove ``rule_id``, or its sub-item starting ``drop``."""
    book = load_rulebook(game)
    monkeypatch.setattr(book, "rules", dict(book.rules))  # a copy: the cached digest keeps its order
    if drop is None:
        monkeypatch.delitem(book.rules, rule_id)
        return
    rule = book.rules[rule_id]
    items = tuple(RuleItem(it.text.replace(drop, "Something else"), it.depth) for it in rule.items)
    text = " ".join([rule.lead, *(it.text for it in items)])
    monkeypatch.setitem(book.rules, rule_id, replace(rule, items=items, text=text))


def test_changed_digest_unsettles_a_meccg_verdict(monkeypatch) -> None:
    """MECCG: with MECCG-ALIGN-6 gone from the digest, the overtness verdicts are not decided,
    and the text output says so instead of printing TRUE or FALSE."""
    path = ROOT / "examples" / "rulings" / "meccg" / "overt_fallen_wizard.yaml"
    before = _fresh_report("meccg", path)
    assert {v.claim.id: v.verdict for v in before.verdicts}["overt"] is False
    _broken("meccg", "MECCG-ALIGN-6", monkeypatch)
    after = _fresh_report("meccg", path)
    v = {v.claim.id: v for v in after.verdicts}["overt"]
    assert v.verdict is None and any("MECCG-ALIGN-6" in n for n in v.notes)
    out = io.StringIO()
    registry.get("meccg").verbs["verify"].resolve_present()(after, Console(file=out, width=132, markup=False))
    assert "NOT DECIDED the defending company is covert" in out.getvalue()


def test_changed_sub_item_unsettles_a_wotr_verdict(monkeypatch) -> None:
    """WotR: when WOTR-DICE-3 no longer has the sub-item a verdict names, it is not decided."""
    path = ROOT / "examples" / "rulings" / "wotr" / "dice_and_cards.yaml"
    before = {v.claim.id: v for v in _fresh_report("wotr", path).verdicts}
    assert before["character-plays-character"].verdict is True
    assert before["character-plays-character"].parts == {"WOTR-DICE-3": ["Play a Character card"],
                                                         "WOTR-EVT-1": ["Character events"]}
    _broken("wotr", "WOTR-DICE-3", monkeypatch, drop="Play a Character card")
    after = {v.claim.id: v for v in _fresh_report("wotr", path).verdicts}
    v = after["character-plays-character"]
    assert v.verdict is None and v.as_json()["decided"] is False
    assert any("WOTR-DICE-3 has no sub-item 'Play a Character card'" in n for n in v.notes), v.notes
    assert after["character-plays-no-army"].verdict is before["character-plays-no-army"].verdict is False


def test_json_carries_id_full_text_and_decisive_part() -> None:
    """``verify --json``: each reason has the rule id, its full text and the part that decided."""
    path = ROOT / "examples" / "rulings" / "meccg" / "seed_strike_results.yaml"
    report = _report("meccg", path)
    book = load_rulebook("meccg")
    seen = 0
    for v in report.verdicts:
        for r in v.as_json()["reasons"]:
            assert {"rule", "text", "full_text", "decisive", "source"} <= set(r)
            if r["rule"] == "MECCG-SEQ-10" and r["decisive"]:
                seen += 1
                assert r["full_text"] == book.rules["MECCG-SEQ-10"].text
                assert r["text"].startswith("Step 8 (compare). Compare the defender's total D with the attacker's total A. ")
                rule = book.rules["MECCG-SEQ-10"]
                item = rule.items[rule.item(r["decisive"])].text
                assert item.startswith(r["decisive"]) and r["text"].endswith(item)
                assert len(r["text"]) < len(r["full_text"])
    assert seen
