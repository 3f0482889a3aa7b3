"""Tests for pycombat.rulebook against the three shipped digests."""
from __future__ import annotations

import doctest
import re
from importlib import resources

import pytest

from pycombat import registry, rulebook
from pycombat.errors import ScenarioError, UnknownNameError
from pycombat.rulebook import Flag, Rule, available_games, cite, load_rulebook, parse_rulebook

GAMES = ("meccg", "wotr", "riftbound")

MECCG_DEFAULTS = {
    "phase2_assignment": "mandatory",
    "site_barred_ally_strikes": "none",
    "pre_assignment_attack_effects": "forbidden",
    "strike_count_modifiers": "no_effect",
    "hazard_scope": "attack_or_strike",
    "aiglos_doors_of_night": "ignored",
    "weapon_max_order": "weapon_first",
    "attacker_offstrike_resources": "forbidden",
    "cancelled_strike_taps": "no",
    "elimination_mp_clauses": "apply",
    "ptv_defender_balrog": "allowed",
    "fw_stage_gt10": "off",
    "steal_item": "off",
}
#: the card flags of pycombat/games/meccg/card_flags.md known when this was written (one per unclear
#: card); the file may add more, read by :func:`_meccg_defaults`
MECCG_CARD_DEFAULTS = {
    "praise_to_elbereth": "applies",
    "helm_of_her_secrecy": "no_effect",
    "adunaphel_unleashed": "no_effect",
    "foul_trophies": "no_effect",
    "motionless_among_the_slain": "no_effect",
    "where_theres_a_whip": "no_effect",
    "mount_slain": "no_effect",
    "the_sun_unveiled": "no_effect",
    "bow_of_alatar": "no_effect",
    "unwounded_loser_taps": "yes",  # Sable Shield's loser who is not wounded (MECCG-FX-17)
    "strike_against": "faced",  # how the cards that say "a strike against X" read in CvCC
}


def _meccg_defaults() -> dict[str, str]:
    """The MECCG digest's flags, then every flag row of card_flags.md in file order (read here with a
    regex), each with its default; the known card flags must be among them with their defaults."""
    text = resources.files("pycombat.games.meccg").joinpath("card_flags.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \|[^|]*\| `([^`]+)` \|", text, flags=re.M)
    card = dict(rows)
    assert MECCG_CARD_DEFAULTS.items() <= card.items()
    return {**MECCG_DEFAULTS, **card}


def _digest_text(game: str) -> str:
    """The digest and the extension files its game package ships (merged by load_rulebook)."""
    text = resources.files("pycombat.rules").joinpath(f"{game}.md").read_text(encoding="utf-8")
    return "\n".join([text, *_extensions(game)])


def _extensions(game: str) -> list[str]:
    """The texts of the extension files the game registers (``Game(digest_extensions=...)``)."""
    return [p.read_text(encoding="utf-8") for p in registry.digest_extensions(game)]


def _supplement_prefixes(game: str) -> set[str]:
    """The rule-id areas the extension files use (``MECCG-FX``, ``RB-CARD``, ...)."""
    return {m for extra in _extensions(game) for m in re.findall(r"^- \*\*([A-Z]+-[A-Z]+)-\d+\*\*", extra, flags=re.M)}


def _package_ids(game: str) -> list[str]:
    """Rule ids the game package's card_flags.md adds (a digest extension, merged by the loader)."""
    extra = resources.files(f"pycombat.games.{game}").joinpath("card_flags.md")
    text = extra.read_text(encoding="utf-8") if extra.is_file() else ""
    return re.findall(r"^- \*\*([A-Z0-9-]+)\*\*", text, flags=re.M)


def _readme_prefixes(game: str) -> set[str]:
    """The id prefixes the README's index table lists for a digest, e.g. {'MECCG-INIT', ...}."""
    readme = resources.files("pycombat.rules").joinpath("README.md").read_text(encoding="utf-8")
    row = next(ln for ln in readme.splitlines() if ln.startswith(f"| `{game}.md`"))
    codes = re.findall(r"`([A-Z-]+)`", row.rsplit("|", 2)[1])
    head = codes[0].split("-")[0]
    out = {c if not c.startswith("-") else head + c for c in codes}
    for extra in _extensions(game):  # an extension names its areas in its headings: "(RB-CARD)"
        out |= set(re.findall(r"^#+ .*\(([A-Z]+-[A-Z]+)\)\s*$", extra, flags=re.M))
    return out


def test_doctests() -> None:
    result = doctest.testmod(rulebook)
    assert result.attempted > 0
    assert result.failed == 0


def test_available_games() -> None:
    assert available_games() == sorted(GAMES)


# ------------------------------------------------------------------ MECCG facts


def test_meccg_assign_3() -> None:
    """MECCG-ASSIGN-3 (CoE 3.V): phase II is the attacker's; flag phase2_assignment."""
    rule = load_rulebook("meccg").rule("MECCG-ASSIGN-3")
    assert isinstance(rule, Rule)
    assert "CoE 3.V" in rule.source
    assert rule.source == "CoE 3.V; Seed §3 step 3."
    assert rule.flags == ("phase2_assignment",)
    assert rule.summary.startswith("Phase II (attacker). The attacker assigns the strikes")
    assert "untapped" in rule.text and "**" not in rule.text
    assert "Src" not in rule.text and "CoE 3.V;" not in rule.text
    # the sub-bullet is part of the statement
    assert "Phase II is mandatory" in rule.text


def test_meccg_rule_order_and_count() -> None:
    book = load_rulebook("meccg")
    ids = list(book.rules)
    assert ids[0] == "MECCG-INIT-1"
    assert ids[78] == "MECCG-OPT-2"  # the digest's 79 rules, then the package's 35 card-effect rules
    assert ids[-1] == "MECCG-FX-35"
    assert len(ids) == 79 + 35


@pytest.mark.parametrize("game", GAMES)
def test_rule_ids_unique_and_well_formed(game: str) -> None:
    """Every bullet id is unique, uses a README prefix, and each area counts 1..n."""
    raw_ids = re.findall(r"^- \*\*([A-Z0-9-]+)\*\*", _digest_text(game), flags=re.M)
    book = load_rulebook(game)
    assert raw_ids == list(book.rules), "every rule bullet parsed, in order (digest, then card_flags.md)"
    assert len(set(raw_ids)) == len(raw_ids)
    prefixes = _readme_prefixes(game) | _supplement_prefixes(game)
    numbers: dict[str, list[int]] = {}
    for rule_id in raw_ids:
        match = re.fullmatch(r"([A-Z]+-[A-Z]+)-([1-9]\d*)", rule_id)
        assert match, rule_id
        assert match.group(1) in prefixes, rule_id
        numbers.setdefault(match.group(1), []).append(int(match.group(2)))
    assert set(numbers) == prefixes
    for area, nums in numbers.items():
        assert sorted(nums) == list(range(1, len(nums) + 1)), area


@pytest.mark.parametrize("game", GAMES)
def test_rule_texts_are_plain(game: str) -> None:
    for rule in load_rulebook(game).rules.values():
        assert rule.text and rule.summary, rule.id
        assert rule.text.startswith(rule.summary.rstrip("…")[:40]), rule.id
        assert len(rule.summary) <= 201, rule.id
        outside_code = re.sub(r"`[^`]*`", "", rule.text + rule.source)
        assert "*" not in outside_code, rule.id
        assert "Src:" not in rule.text, rule.id
        assert "\n" not in rule.text, rule.id


def test_meccg_sources() -> None:
    book = load_rulebook("meccg")
    assert book.rule("MECCG-ALIGN-1").source == "CoE 3.V.1.W1."
    # the sentence after the source stays in the text
    assert "Seed §1 says the same" in book.rule("MECCG-ALIGN-1").text
    # a source in a sub-bullet
    assert book.rule("MECCG-PRE-8").source == "CoE 3.V; Seed §3 step 1."
    # a source spanning a line break
    assert book.rule("MECCG-SEQ-7").source == "CoE 3.V.vi, 3.iv.5.1; Seed step 5f."
    # rules without a source
    assert book.rule("MECCG-CARD-1").source == ""
    # parentheses do not end the source
    assert book.rule("MECCG-SEQ-12").source == "CoE 3.V.viii (tapping happens only at step 8)."


def test_meccg_flags_exact() -> None:
    book = load_rulebook("meccg")
    assert list(book.flags) == list(_meccg_defaults())
    assert book.defaults() == _meccg_defaults()
    phase2 = book.flags["phase2_assignment"]
    assert isinstance(phase2, Flag)
    assert phase2.values == ("mandatory", "optional")
    assert "288" in phase2.why and "720" in phase2.why
    assert book.flags["site_barred_ally_strikes"].values == ("none", "strike")
    assert book.flags["hazard_scope"].values == ("attack_or_strike", "all")
    assert not any(f.allows_int for f in book.flags.values())


def test_meccg_every_flag_is_named_by_a_rule() -> None:
    book = load_rulebook("meccg")
    used = {name for rule in book.rules.values() for name in rule.flags}
    assert used == set(book.flags)
    assert "site_barred_ally_strikes" in book.rule("MECCG-STRUCT-2").flags
    assert book.rule("MECCG-ALIGN-8").flags == ("fw_stage_gt10",)


def test_rule_lookup_short_form_and_errors() -> None:
    book = load_rulebook("meccg")
    assert book.rule("ASSIGN-3") is book.rule("MECCG-ASSIGN-3")
    assert book.rule(" meccg-assign-3 ") is book.rule("MECCG-ASSIGN-3")
    with pytest.raises(KeyError, match="no rule 'MECCG-ASSIGN-99' in the meccg digest"):
        book.rule("MECCG-ASSIGN-99")


def test_cite() -> None:
    text = cite("MECCG-ASSIGN-3")
    assert text.startswith("MECCG-ASSIGN-3 (CoE 3.V; Seed §3 step 3): Phase II (attacker).")
    assert load_rulebook("meccg").cite("ASSIGN-3") == text
    assert cite("MECCG-CARD-6").startswith("MECCG-CARD-6: Goldberry (TW-245)")
    assert cite("WOTR-HIT-1") == "WOTR-HIT-1 (RB p.30): Each die scores a hit on a 5 or 6."
    with pytest.raises(KeyError):
        cite("XYZ-FOO-1")


# ------------------------------------------------------------------ WotR and Riftbound


@pytest.mark.parametrize("game", ["wotr", "riftbound"])
def test_other_digests_parse(game: str) -> None:
    book = load_rulebook(game)
    assert book.rules and book.flags
    for flag in book.flags.values():
        assert flag.values, flag.name
        assert flag.accepts(flag.default), flag.name
        assert flag.why, flag.name


def test_wotr_facts() -> None:
    book = load_rulebook("wotr")
    assert len(book.rules) == 132 + len(_package_ids("wotr"))  # the digest, plus card_flags.md
    assert book.rule("WOTR-HIT-1").source == "RB p.30."
    assert book.rule("WOTR-CAS-12").flags == ("casualty_policy",)
    assert book.flags["casualty_policy"].values == ("enumerate", "regulars_first", "downgrade_first")
    max_rounds = book.flags["max_rounds"]
    assert (max_rounds.values, max_rounds.default, max_rounds.allows_int, max_rounds.int_min) == (
        ("none",),
        "none",
        True,
        1,
    )


def test_riftbound_facts() -> None:
    book = load_rulebook("riftbound")
    # the shared digest's 57 rules and 6 flags, and games/riftbound/card_flags.md's (merged)
    assert len(parse_rulebook(_digest_text("riftbound").split("\n# Riftbound: cards")[0], "riftbound").rules) == 57
    assert len(book.rules) == 57 + len(_package_ids("riftbound")) and len(_package_ids("riftbound")) >= 21
    assert book.defaults() == {
        "excess_damage": "free",
        "marked_damage": "remaining",
        "split_repr": "vector",
        "best_split_objective": "kills_then_might",
        "immune_targets": "exclude",
        "rules_version": "v1.3",
        "lethal_order": "as_worded",
        "card_costs": "ignore",
        "mighty_own_keyword": "excluded",
        "late_designation_triggers": "no",
        "kill_on_damage_lethal": "might",
        "one_on_one": "both_sides",
        "deathknell_at_combat_cleanup": "open",
    }
    dmg9 = book.rule("RB-DMG-9")
    assert dmg9.source == "Seed; CR 460.2.c.4; riftrules FAQ."
    assert dmg9.flags == ("excess_damage",)
    # `marked_damage = remaining` in backticks names the flag
    assert book.rule("RB-MODEL-1").flags == ("marked_damage",)
    # an indented paragraph after a blank line belongs to the rule
    assert "A recall (both sides survive) needs a modifier" in book.rule("RB-MODEL-5").text
    # a table inside a rule is kept, as text
    assert "the Defender keeps it" in book.rule("RB-RES-7").text
    # numbered steps do not end the summary early
    assert book.rule("RB-RES-1").summary.startswith("Combat cleanup. 1) Kill every unit")


# ------------------------------------------------------------------ resolve_flags


def test_resolve_flags_defaults_and_overrides() -> None:
    book = load_rulebook("meccg")
    assert book.resolve_flags({}) == _meccg_defaults()
    assert book.resolve_flags(None) == _meccg_defaults()
    got = book.resolve_flags({"phase2_assignment": "optional", "site_barred_ally_strikes": "strike"})
    assert got["phase2_assignment"] == "optional"
    assert got["site_barred_ally_strikes"] == "strike"
    assert list(got) == list(_meccg_defaults())


def test_resolve_flags_yaml_booleans() -> None:
    book = load_rulebook("meccg")
    assert book.resolve_flags({"steal_item": True})["steal_item"] == "on"
    assert book.resolve_flags({"fw_stage_gt10": False})["fw_stage_gt10"] == "off"
    # YAML 1.1 reads `yes`/`no` as booleans too
    assert book.resolve_flags({"cancelled_strike_taps": True})["cancelled_strike_taps"] == "yes"
    with pytest.raises(ScenarioError, match="allowed: 'mandatory', 'optional'"):
        book.resolve_flags({"phase2_assignment": True})


def test_resolve_flags_integers() -> None:
    book = load_rulebook("wotr")
    assert book.resolve_flags({"max_rounds": 3})["max_rounds"] == "3"
    assert book.resolve_flags({"max_rounds": "none"})["max_rounds"] == "none"
    assert book.resolve_flags({"max_rounds": None})["max_rounds"] == "none"
    with pytest.raises(ScenarioError, match="'none' or an integer ≥ 1"):
        book.resolve_flags({"max_rounds": 0})
    assert load_rulebook("riftbound").resolve_flags({"rules_version": "V1.4"})["rules_version"] == "v1.4"


def test_resolve_flags_unknown_flag() -> None:
    book = load_rulebook("meccg")
    with pytest.raises(ScenarioError) as info:
        book.resolve_flags({"phase2_asignment": "optional"}, file="bob.yaml")
    err = info.value
    assert err.file == "bob.yaml"
    assert err.path == "rules.phase2_asignment"
    assert "did you mean 'phase2_assignment'" in str(err)
    assert str(err).startswith("bob.yaml: rules.phase2_asignment: unknown meccg rule flag")


def test_resolve_flags_bad_value() -> None:
    book = load_rulebook("meccg")
    with pytest.raises(ScenarioError) as info:
        book.resolve_flags({"weapon_max_order": "cap"}, path_prefix="flags")
    err = info.value
    assert err.path == "flags.weapon_max_order"
    assert "'cap'" in err.message
    assert "'weapon_first', 'cap_total'" in err.message


def test_load_rulebook_unknown_game() -> None:
    with pytest.raises(UnknownNameError, match="did you mean 'meccg'"):
        load_rulebook("mecg")


def test_load_rulebook_is_cached() -> None:
    assert load_rulebook("meccg") is load_rulebook("meccg")


# ------------------------------------------------------------------ parser edge cases

SYNTHETIC = """# Demo digest

## 1. Things (DEMO-A)

- **DEMO-A-1** *(withdrawn)* Replaced by DEMO-A-2. *Src:* Book p.1.
- **DEMO-A-2** **Bold label.** First line
  continues here (see x. y); e.g. more. Second sentence. *Src:* Book p.2 ("a. b"), Seed.
  Flag `speed` and `speed = fast` and `colour`.
  1. step one;
  2. step two.

  A later paragraph of the same rule.
Not part of the rule.

## 9. Interpretation flags

| Default | Flag | Why | Allowed values |
|---|---|---|---|
| `slow` | `speed` | Because \\| reasons. | `slow`, `fast` |
| `3` | `rounds` | Cap. | an integer >= 2 |
"""


def test_parse_synthetic_digest() -> None:
    book = parse_rulebook(SYNTHETIC, "demo")
    assert book.title == "Demo digest"
    assert list(book.rules) == ["DEMO-A-1", "DEMO-A-2"]
    withdrawn = book.rule("DEMO-A-1")
    assert withdrawn.withdrawn and withdrawn.source == "Book p.1."
    rule = book.rule("A-2")
    assert not rule.withdrawn
    assert rule.summary == "Bold label. First line continues here (see x. y); e.g. more."
    assert rule.source == 'Book p.2 ("a. b"), Seed.'
    assert rule.flags == ("speed",)
    assert rule.text.endswith("1) step one; 2) step two. A later paragraph of the same rule.")
    assert "Not part" not in rule.text
    assert book.flags["speed"] == Flag("speed", ("slow", "fast"), "slow", "Because | reasons.")
    rounds = book.flags["rounds"]
    assert (rounds.values, rounds.default, rounds.allows_int, rounds.int_min) == ((), "3", True, 2)
    assert book.resolve_flags({"rounds": 5}) == {"speed": "slow", "rounds": "5"}


def test_parse_rejects_duplicate_ids() -> None:
    text = "- **DEMO-A-1** One.\n- **DEMO-A-1** Again.\n"
    with pytest.raises(ValueError, match="defined twice"):
        parse_rulebook(text, "demo")


def test_parse_without_flags_table() -> None:
    book = parse_rulebook("- **DEMO-A-1** One. *Src:* X.\n", "demo")
    assert book.flags == {} and book.defaults() == {}
    assert book.cite("DEMO-A-1") == "DEMO-A-1 (X): One."


def test_extension_files_merge_into_the_digest(monkeypatch, tmp_path) -> None:
    """pycombat/games/<game>/card_flags.md adds rules and flags; a repeated id is refused."""
    book = load_rulebook("riftbound")
    assert book.rule("RB-READ-1").flags == ("lethal_order",)
    assert book.flags["lethal_order"].values == ("as_worded", "killable_first")
    assert "RB-DMG-10" in book.rules  # the digest's own rules are kept
    dup = "## 1. X (RB-DMG)\n- **RB-DMG-1** *Again.* A repeated id. *Src:* none.\n"
    extra = tmp_path / "dup.md"
    extra.write_text(dup, encoding="utf-8")
    monkeypatch.setattr(registry, "digest_extensions", lambda game: (extra,))
    load_rulebook.cache_clear()
    try:
        with pytest.raises(ValueError, match="RB-DMG-1"):
            load_rulebook("riftbound")
    finally:
        monkeypatch.undo()
        load_rulebook.cache_clear()


# ---- the parts of a rule: lead-in, sub-items, quotations, sources ------------------------------------
def test_lead_and_items_rebuild_the_text_of_every_rule() -> None:
    """Every rule of every digest is its lead-in then its sub-items, in order, nothing lost."""
    for game in GAMES:
        for rule in load_rulebook(game).rules.values():
            assert " ".join(([rule.lead] if rule.lead else []) + [it.text for it in rule.items]) == rule.text, rule.id
            assert all(it.depth >= 0 for it in rule.items), rule.id


def test_quoting_each_sub_item_picks_it() -> None:
    """For every sub-item whose opening words are its own, quoting by them gives the lead-in, the
    items it belongs to and the item, verbatim; the full text when nothing is chosen."""
    checked = 0
    for game in GAMES:
        for rule in load_rulebook(game).rules.values():
            assert rule.quote() == rule.text
            for i, it in enumerate(rule.items):
                words = re.sub(r"^\d+\)\s*", "", it.text)[:40]
                if sum(re.sub(r"^\d+\)\s*", "", o.text).casefold().startswith(words.casefold()) for o in rule.items) != 1:
                    continue
                assert rule.item(words) == i, (rule.id, words)
                q = rule.quote(words)
                assert q.endswith(it.text) and rule.verbatim(q), (rule.id, q)
                if rule.lead:
                    assert q.startswith(rule.lead), (rule.id, q)
                parents = [o for o in rule.items[:i] if o.depth < it.depth]
                if it.depth:
                    assert parents and parents[-1].text in q, (rule.id, q)
                checked += 1
    assert checked > 200


def test_quote_of_the_lead_ins_named_in_the_verdicts() -> None:
    meccg, wotr = load_rulebook("meccg"), load_rulebook("wotr")
    assert meccg.rule("MECCG-ALIGN-6").quote(["an Orc", "a Troll"]) == \
        "Overt is defined as follows. A company is overt if it contains any of: an Orc; a Troll;"
    assert meccg.rule("MECCG-ALIGN-6").quote("Any other company") == (
        "Overt is defined as follows. … Any other company is covert. A company of only Half-orcs and Men is covert.")
    assert wotr.rule("WOTR-ROUND-3").quote("If he continues") == (
        "Step 5 works as follows. … 2) If he continues, the defender may retreat (WOTR-END-3).")
    assert wotr.rule("WOTR-DICE-2").quote("Move up to two") == (
        "Army result: one of the following. Move up to two different Armies one region each.")
    assert "MECCG-ALIGN-6" in cite("MECCG-ALIGN-6") and "an Orc" in cite("MECCG-ALIGN-6")  # never the lead-in alone


def test_a_selection_must_name_exactly_one_sub_item() -> None:
    rule = load_rulebook("wotr").rule("WOTR-DICE-3")
    with pytest.raises(rulebook.CitationError, match="no sub-item"):
        rule.quote("Play an Army card")
    with pytest.raises(rulebook.CitationError, match="names 2 sub-items"):
        rule.quote("move the")  # "... or move the Companions" and "Shadow: move the Nazgûl ..."
    assert not rule.verbatim("Character result: play any card.")
    assert not rule.verbatim("")


def test_check_citation_reports_each_kind_of_fault() -> None:
    book = load_rulebook("meccg")
    assert book.check_citation("MECCG-SEQ-10", "D = A") == []
    assert "no rule" in book.check_citation("MECCG-SEQ-99")[0]
    assert "no sub-item" in book.check_citation("MECCG-SEQ-10", "D >= A")[0]
    assert "not the digest's" in book.check_citation("MECCG-SEQ-10", quoted="Compare the totals.")[0]
    q = book.quote("MECCG-SEQ-10", "D = A")
    assert book.check_citation("MECCG-SEQ-10", "D = A", quoted=q["text"]) == []
    assert q["full_text"] == book.rule("MECCG-SEQ-10").text and q["decisive"] == "D = A"


def test_sources_of_each_digest() -> None:
    """Section 0's keys, and the names a rule's Src sentence cites, for each digest."""
    assert set(load_rulebook("meccg").sources) == {"CoE", "DB", "GCCG", "MEWH", "Seed"}
    assert set(load_rulebook("wotr").sources) == {"RB", "DZ", "JC", "CH", "Seed-EN", "Seed-FR"}
    rb = load_rulebook("riftbound")
    assert {"CR", "CR v1.4", "Community", "MTG", "Seed"} <= set(rb.sources)
    assert "CR1.4" in rb.sources["CR v1.4"] and "riftrules" in rb.sources["Community"]
    assert rb.source_names(rb.rule("RB-MIGHT-8").source) == ["MTG", "CR"]  # "...; CR is silent."
    assert rb.unknown_sources("RB-MIGHT-8") == []
    demo = parse_rulebook("# D\n## 0. Sources\n| Key | Source | Cite as |\n|---|---|---|\n| X | x | `X 1` |\n"
                          "## 1. A\n- **DEMO-A-1** One. *Src:* X 1; Y 2; from DEMO-A-1; DEMO-A-9.\n", "demo")
    assert demo.source_names(demo.rule("DEMO-A-1").source) == ["X", "Y", "DEMO-A-9"]
    assert demo.unknown_sources("DEMO-A-1") == ["Y", "DEMO-A-9"]
    assert demo.check_citation("DEMO-A-1") == [
        "DEMO-A-1: the source 'Y' is not in the demo digest's source list",
        "DEMO-A-1: the source 'DEMO-A-9' is not in the demo digest's source list"]
