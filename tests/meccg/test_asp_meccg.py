"""The MECCG encodings themselves: flags, rule-id citations, check-mode verdicts per rule,
and the architecture's import rules."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pycombat.games.meccg.assignment.legal import Assignment, LegalAssignments, LegalTraces, Trace, example_path
from pycombat.games.meccg.schema import load_scenario
from pycombat.rulebook import load_rulebook
import source_tree  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LP = sorted((ROOT / "asp_rules" / "meccg").glob("*.lp"))
RULE_ID = re.compile(r"MECCG-[A-Z]+-\d+")


def test_flags_lp_matches_the_digest():
    """Every interpretation flag of the digest has a #const with the stated default."""
    text = (ROOT / "asp_rules" / "meccg" / "flags.lp").read_text()
    consts = dict(re.findall(r"^#const\s+(\w+)\s*=\s*(\w+)\.", text, re.M))
    assert consts == load_rulebook("meccg").defaults()


def test_every_cited_rule_id_exists():
    book = load_rulebook("meccg")
    for f in LP:
        for rid in RULE_ID.findall(f.read_text()):
            assert rid in book.rules, f"{f.name} cites unknown {rid}"


def _statements(text: str):
    """(comment block above, statement) pairs of an .lp file."""
    comments, stmt, out = [], [], []
    for line in text.splitlines():
        s = line.strip()
        if not stmt and (s.startswith("%") or not s):
            comments = [] if not s else comments + [s]
            continue
        stmt.append(line.split("%")[0] if not s.startswith("%") else "")
        if s.split("%")[0].rstrip().endswith("."):
            out.append(("\n".join(comments), " ".join(stmt)))
            comments, stmt = [], []
    return out


@pytest.mark.parametrize("lp", [f for f in LP if f.name not in ("flags.lp", "input.lp", "show.lp")],
                         ids=lambda f: f.name)
def test_every_violation_rule_carries_its_rule_id(lp):
    """Traceability: each rule deriving violation/2 names its rule id (in the head or in the
    comment right above it)."""
    for comment, stmt in _statements(lp.read_text()):
        if stmt.lstrip().startswith("violation("):
            head = stmt.split(":-")[0]
            assert RULE_ID.search(head) or RULE_ID.search(comment) or "R," in head.replace(" ", ""), stmt


def test_flags_have_valid_values_in_asp():
    """Each flag value the encodings compare against is an allowed value of that flag."""
    book = load_rulebook("meccg")
    for f in LP:
        for name, value in re.findall(r"\b(\w+)\s*=\s*(\w+)\b", f.read_text()):
            if name in book.flags and not f.name == "flags.lp":
                assert value in book.flags[name].values, (f.name, name, value)


# ---- check mode: one candidate per rule id that it breaks -----------------------------
@pytest.fixture(scope="module")
def wind():
    return load_scenario(example_path("wind_throne.yaml"))


@pytest.fixture(scope="module")
def wind_coe():
    return load_scenario(example_path("wind_throne.yaml"), {"site_barred_ally_strikes": "none"})


SEED = (("Lagduf", "Gandalf"), ("Old Troll", "Gimli"), ("Shagrat", "Aragorn II"), ("Blackbole", "Frodo"),
        ("Horseman in the Night", "Éomer"))


def rules_of(view, pairs, excess=None):
    return {v.rule for v in view.violations(Assignment(tuple(pairs), tuple(excess) if excess is not None else ()))}


def test_check_seed_assignment_legal(wind):
    assert rules_of(LegalAssignments(wind), SEED, ["Odoacer"]) == set()


def test_check_card_6_goldberry_is_no_target(wind):
    """MECCG-ASSIGN-1 / MECCG-CARD-6: Goldberry may not be attacked."""
    pairs = [p for p in SEED if p[1] != "Éomer"] + [("Horseman in the Night", "Goldberry")]
    assert "MECCG-CARD-6" in rules_of(LegalAssignments(wind), pairs)


def test_check_struct_2_blackbole_commits_no_strike_under_coe(wind_coe):
    """MECCG-STRUCT-2 [site_barred_ally_strikes=none]."""
    assert "MECCG-STRUCT-2" in rules_of(LegalAssignments(wind_coe), SEED)


def test_check_struct_1_and_assign_1_membership(wind):
    pairs = list(SEED[:4]) + [("Aragorn II", "Éomer")]
    got = rules_of(LegalAssignments(wind), pairs)
    assert "MECCG-STRUCT-1" in got
    pairs = list(SEED[:4]) + [("Horseman in the Night", "Shagrat")]
    assert "MECCG-ASSIGN-1" in rules_of(LegalAssignments(wind), pairs)


def test_check_struct_5_one_strike_per_character(wind):
    pairs = list(SEED) + [("Odoacer", "Gandalf")]
    assert "MECCG-STRUCT-5" in rules_of(LegalAssignments(wind), pairs)
    pairs = list(SEED) + [("Lagduf", "Éomer")]
    assert "MECCG-STRUCT-5" in rules_of(LegalAssignments(wind), pairs)


def test_check_assign_4_phase3_is_mandatory(wind):
    """MECCG-ASSIGN-4: an excess strike while a target has none."""
    assert rules_of(LegalAssignments(wind), SEED[1:]) == {"MECCG-ASSIGN-4"}


def test_check_assign_3_phase2_is_mandatory_under_the_default(wind):
    """MECCG-ASSIGN-3 [phase2_assignment=mandatory]: the Old Troll's (untapped) strike left as
    excess while tapped Gimli holds tapped Odoacer's strike."""
    pairs = [("Odoacer" if s == "Old Troll" else s, t) for s, t in SEED]
    assert rules_of(LegalAssignments(wind), pairs, ["Old Troll"]) == {"MECCG-ASSIGN-3"}
    optional = load_scenario(example_path("wind_throne.yaml"), {"phase2_assignment": "optional"})
    assert rules_of(LegalAssignments(optional), pairs, ["Old Troll"]) == set()


def test_check_assign_5_excess_named_wrong(wind):
    assert "MECCG-ASSIGN-5" in rules_of(LegalAssignments(wind), SEED, ["Shagrat"])


def trace_rules(s, steps):
    return {v.rule for v in LegalTraces(s).violations(Trace(tuple(steps)))}


SEED_TRACE = [("Shagrat", "Aragorn II", 1), ("Horseman in the Night", "Éomer", 1), ("Blackbole", "Frodo", 2),
              ("Old Troll", "Gimli", 2), ("Lagduf", "Gandalf", 3)]


def test_trace_seed_is_legal(wind):
    assert trace_rules(wind, SEED_TRACE) == set()


def test_trace_assign_2_phase1_only_untapped_targets(wind):
    steps = [x if x[1] != "Gandalf" else ("Lagduf", "Gandalf", 1) for x in SEED_TRACE]
    assert "MECCG-ASSIGN-2" in trace_rules(wind, steps)


def test_trace_assign_3_untapped_strikes_and_mandatory(wind):
    steps = [x if x[0] != "Lagduf" else ("Lagduf", "Gandalf", 2) for x in SEED_TRACE]
    assert "MECCG-ASSIGN-3" in trace_rules(wind, steps)
    # the attacker passes in phase II (Blackbole and the Old Troll placed by the defender)
    steps = [(s, t, 3 if p == 2 else p) for s, t, p in SEED_TRACE]
    assert trace_rules(wind, steps) == {"MECCG-ASSIGN-3"}
    optional = load_scenario(example_path("wind_throne.yaml"), {"phase2_assignment": "optional"})
    assert trace_rules(optional, steps) == set()


def test_trace_assign_4_phase3_mandatory(wind):
    assert trace_rules(wind, SEED_TRACE[:-1]) == {"MECCG-ASSIGN-4"}


# ---- architecture ---------------------------------------------------------------------
def _imports(path: Path) -> set[str]:
    return source_tree.imports(path)


def test_only_solver_imports_clingo():
    for f in (ROOT / "pycombat").rglob("*.py"):
        if f.parent == ROOT / "pycombat" / "solver":  # the solver package
            continue
        assert not any(m == "clingo" or m.startswith("clingo.") for m in _imports(f)), f


def test_engine_never_imports_a_game_or_the_cli():
    solver_modules = sorted(f"solver/{f.name}" for f in (ROOT / "pycombat" / "solver").glob("*.py"))
    for name in (*solver_modules, "scenario.py", "rulebook.py", "names.py", "errors.py"):
        mods = _imports(ROOT / "pycombat" / name)
        parts = {part for m in mods for part in m.split(".")}
        assert not parts & {"games", "cli"}, (name, mods)


def test_games_never_import_the_cli():
    for f in (ROOT / "pycombat" / "games").rglob("*.py"):
        assert "cli" not in {part for m in _imports(f) for part in m.split(".")}, f


def test_check_card_7_blackbole_faces_no_strike_at_a_site():
    """MECCG-CARD-7 (LE-152): Blackbole may not face strikes at a site, so a strike assigned to him
    as a defender is refused citing that rule (CvCC always happens at a site)."""
    from pycombat.games.meccg.schema import scenario_from_dict

    doc = {"game": "meccg",
           "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria",
                        "members": ["Aragorn II", "Legolas"]},
           "defender": {"player": "Jim", "alignment": "minion", "site": "Moria",
                        "members": ["Shagrat", {"name": "Blackbole", "ally_of": "Shagrat"}]}}
    view = LegalAssignments(scenario_from_dict(doc))
    assert "MECCG-CARD-7" in rules_of(view, [("Aragorn II", "Blackbole"), ("Legolas", "Shagrat")])
    assert "MECCG-CARD-7" not in rules_of(view, [("Aragorn II", "Shagrat")], ["Legolas"])
