"""The WotR encodings (asp_rules/wotr): flags, rule ids on every rule, check-mode verdicts per rule,
split enumeration against a brute force over every subset of figures (hypothesis), Strength and
Leadership from ASP equal to the Python battle solver's, and the architecture's import rules."""
from __future__ import annotations

import itertools
import re
from math import comb, prod
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycombat.games.wotr.battle.facts import count_in, groups_of
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.battle.splits import LegalSplits, judge_attack
from pycombat.rulebook import load_rulebook
from budget import examples  # noqa: E402
import source_tree  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LP = sorted((ROOT / "asp_rules" / "wotr").glob("*.lp"))
RULE_ID = re.compile(r"WOTR-[A-Z]+-\d+")


def test_flags_lp_matches_the_digest():
    text = (ROOT / "asp_rules" / "wotr" / "flags.lp").read_text()
    consts = dict(re.findall(r"^#const\s+(\w+)\s*=\s*(\w+)\.", text, re.M))
    assert consts == load_rulebook("wotr").defaults()


def test_every_cited_rule_id_exists():
    book = load_rulebook("wotr")
    for f in list(LP) + sorted((ROOT / "pycombat" / "games" / "wotr").rglob("*.py")):
        for rid in RULE_ID.findall(f.read_text()):
            assert rid in book.rules, f"{f.name} cites unknown {rid}"


def _statements(text: str):
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


@pytest.mark.parametrize("lp", [f for f in LP if f.name not in ("flags.lp", "input.lp", "show.lp", "enforce.lp")],
                         ids=lambda f: f.name)
def test_every_rule_carries_its_rule_id(lp):
    """Traceability: each rule (a statement with a body) names a rule id in the comments above it."""
    for comment, stmt in _statements(lp.read_text()):
        if ":-" in stmt:
            assert RULE_ID.search(comment) or RULE_ID.search(stmt), stmt


def test_every_predicate_has_a_comment_header():
    heads = set()
    for f in LP:
        for _, stmt in _statements(f.read_text()):
            m = re.match(r"\s*(?:\d+\s*)?\{?\s*([a-z_]+)\(", stmt)
            if m and ":-" in stmt and not stmt.lstrip().startswith(":-"):
                heads.add(m.group(1))
    documented = "\n".join(f.read_text() for f in LP)
    for h in heads:
        assert re.search(rf"%.*\b{h}\(", documented) or h in ("violation",), h


def test_flags_have_valid_values_in_asp():
    book = load_rulebook("wotr")
    for f in LP:
        if f.name == "flags.lp":
            continue
        for name, value in re.findall(r"\b(\w+)\s*=\s*(\w+)\b", f.read_text()):
            if name in book.flags:
                assert value in book.flags[name].values, (f.name, name, value)


def test_only_solver_imports_clingo_and_dice_imports_no_game():
    for f in source_tree.modules():
        names = source_tree.imports(f)
        if f.parent != ROOT / "pycombat" / "solver":  # (the solver package)
            assert not any(n == "clingo" or n.startswith("clingo.") for n in names), f
    imported = source_tree.imports(ROOT / "pycombat" / "dice.py")
    assert not any("games" in m or "meccg" in m or "wotr" in m for m in imported), imported


def test_game_package_is_light():
    """Registering WotR (importing its package) loads no solver and no heavy module."""
    import subprocess
    import sys

    code = "import sys, pycombat.games.wotr; print('clingo' in sys.modules, 'networkx' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]


# ---- attack-level rules, one candidate each --------------------------------------------------------------
BASE = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
        "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": 2, "elites": 1}}, "nazgul": 1},
        "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 2}}}}


def edit(**changes):
    import copy

    data = copy.deepcopy(BASE)
    for path, value in changes.items():
        node = data
        keys = path.split("__")
        for k in keys[:-1]:
            node = node.setdefault(k, {})
        node[keys[-1]] = value
    return scenario_from_dict(data, file="t.yaml")


@pytest.mark.parametrize("changes,rule", [
    ({}, None),
    ({"attacker__region": "Eastern Emyn Muil"}, None),
    ({"defender__region": "Osgiliath", "attacker__region": "Ash Mountains"}, "WOTR-ATK-3"),  # not adjacent
    ({"battle": {"action": "muster"}}, "WOTR-ATK-6"),
    ({"battle": {"action": "eye"}}, "WOTR-ATK-6"),
    ({"battle": {"action": "event"}}, "WOTR-ATK-1"),
    ({"battle": {"action": "event", "card": "The Ringwraiths Are Abroad"}}, None),  # a card that attacks
    ({"battle": {"action": "event", "card": "Rage of the Dunlendings"}}, "WOTR-ATK-1"),  # a muster card: no attack
    ({"battle": {"action": "event", "card": "an Event card that allows an Army to attack"}}, None),  # described
    ({"battle": {"action": "character"}}, None),  # the Nazgûl leads
    ({"battle": {"action": "army_muster"}}, None),
    ({"battle": {"action": "will_of_the_west"}}, "WOTR-DICE-1"),  # the Shadow die has no such face
    ({"politics": {"Sauron": {"steps": 1}, "Gondor": "at_war"}}, "WOTR-ATK-2"),
    ({"attacker__units": {"Sauron": {"regulars": 9, "elites": 2}}}, "WOTR-STACK-2"),
    ({"attacker__nazgul": 0, "attacker__units": {"Sauron": {"regulars": 0}}, "attacker__characters": ["The Witch-king"]},
     "WOTR-ATK-8"),
    ({"defender__units": {}, "defender__characters": ["Boromir"]}, "WOTR-CAS-8"),
])
def test_attack_rules(changes, rule):
    s = edit(**changes)
    v = judge_attack(s)
    assert v.legal == (rule is None), v.violations
    if rule:
        assert rule in {x.rule for x in v.violations}


def test_muster_attacks_with_the_mouth_of_sauron():
    s = edit(battle={"action": "muster"}, in_play=["The Mouth of Sauron"])
    assert judge_attack(s).legal


def test_siege_and_sortie_rules():
    siege = {"attacker__region": "Minas Tirith", "defender__region": "Minas Tirith",
             "defender__units": {"Gondor": {"regulars": 2}}}
    assert judge_attack(edit(**siege, defender__besieged=True, battle={"kind": "siege"})).legal
    v = judge_attack(edit(**siege, battle={"kind": "siege"}))
    assert "WOTR-SIEGE-1" in {x.rule for x in v.violations}
    v = judge_attack(edit(**siege, battle={"kind": "sortie"}))
    assert "WOTR-SIEGE-6" in {x.rule for x in v.violations}
    v = judge_attack(edit(defender__region="Osgiliath", attacker__region="North Ithilien",
                          defender__units={"Gondor": {"regulars": 6}}, battle={"kind": "field"}))
    assert v.legal
    big = judge_attack(edit(**{**siege, "defender__units": {"Gondor": {"regulars": 6}}}, defender__besieged=True,
                            battle={"kind": "siege"}))
    assert "WOTR-SITE-5" in {x.rule for x in big.violations}


# ---- splits: ASP against a brute force over every subset of figures --------------------------------------------
def brute_force_splits(s):
    """Every subset of the attacker's figures (each figure distinct), kept if the digest's split rules
    allow it: WOTR-ATK-8, WOTR-SPLIT-2, WOTR-SPLIT-5 [non_at_war_leaders], WOTR-ATK-5/SPLIT-3, and the
    attack-level rules (here: at least one unit of a Nation At War, WOTR-ATK-2)."""
    groups = [g for g in groups_of(s) if g.role == "attacker"]
    figures = [(g, k) for g in groups for k in range(g.count)]
    saruman = "saruman" in s.characters_in_play()
    legal = []
    if not any(g.kind in ("regular", "elite") and s.at_war(g.nation) for g in groups):
        return legal
    for pick in itertools.product((0, 1), repeat=len(figures)):
        chosen = [f for f, on in zip(figures, pick) if on]
        left = [f for f, on in zip(figures, pick) if not on]
        units_in = [g for g, _ in chosen if g.kind in ("regular", "elite")]
        units_out = [g for g, _ in left if g.kind in ("regular", "elite")]
        if not units_in:
            continue
        if left and not units_out:
            continue
        if any(not s.at_war(g.nation) for g in units_in):
            continue
        if s.flags["non_at_war_leaders"] == "rearguard" and any(
                g.kind == "leader" and not s.at_war(g.nation) for g, _ in chosen):
            continue
        if s.action == "character" and not any(
                g.kind in ("leader", "nazgul", "character") or (saruman and g.kind == "elite" and g.nation == "isengard")
                for g, _ in chosen):
            continue
        legal.append(tuple(sum(1 for g2, _ in chosen if g2.id == g.id) for g in groups))
    return legal


counts = st.integers(0, 2)
fp_army = st.fixed_dictionaries({
    "Gondor": st.fixed_dictionaries({"regulars": counts, "elites": counts, "leaders": st.integers(0, 1)}),
    "Rohan": st.fixed_dictionaries({"regulars": st.integers(0, 1), "elites": st.integers(0, 1),
                                    "leaders": st.integers(0, 1)})})
sh_army = st.fixed_dictionaries({
    "Sauron": st.fixed_dictionaries({"regulars": counts, "elites": st.integers(0, 1)}),
    "Isengard": st.fixed_dictionaries({"regulars": st.integers(0, 1), "elites": counts})})


@st.composite
def scenarios(draw):
    if draw(st.integers(0, 3)) == 0:  # the White Rider: Gandalf the White may stay in the rearguard
        chars = draw(st.lists(st.sampled_from(["Gandalf the White", "Boromir"]), unique=True, min_size=1))
        data = {"attacker": {"region": "Druadan Forest", "characters": chars,
                             "units": {"Gondor": {"regulars": draw(st.integers(1, 2)), "elites": draw(counts)}}},
                "defender": {"region": "Osgiliath", "units": {"Sauron": {"regulars": 1}},
                             "nazgul": draw(st.integers(0, 2)),
                             "characters": draw(st.sampled_from([[], ["The Witch-king"]]))},
                "politics": {"Gondor": "at_war", "Sauron": "at_war"},
                "battle": {"white_rider": "Gandalf the White" in chars and draw(st.booleans())}}
        units = data["attacker"]["units"]
    elif draw(st.booleans()):
        units = draw(fp_army)
        chars = draw(st.lists(st.sampled_from(["Boromir", "Meriadoc", "Gollum"]), unique=True, max_size=2))
        data = {"attacker": {"region": "Folde", "units": units, "characters": chars},
                "defender": {"region": "Westemnet", "units": {"Isengard": {"regulars": 1}}},
                "politics": {"Gondor": draw(st.sampled_from(["at_war", {"steps": 1}])),
                             "Rohan": draw(st.sampled_from(["at_war", {"steps": 2}])), "Isengard": "at_war"}}
    else:
        units = draw(sh_army)
        chars = draw(st.lists(st.sampled_from(["The Witch-king", "The Mouth of Sauron"]), unique=True, max_size=2))
        data = {"attacker": {"region": "Fords of Isen", "units": units, "characters": chars,
                             "nazgul": draw(st.integers(0, 2))},
                "defender": {"region": "Helm's Deep", "units": {"Rohan": {"regulars": 1}}},
                "politics": {"Sauron": draw(st.sampled_from(["at_war", {"steps": 1}])),
                             "Isengard": draw(st.sampled_from(["at_war", {"steps": 1}])), "Rohan": "at_war"},
                "in_play": draw(st.sampled_from([[], ["Saruman"]]))}
    total = sum(v for c in units.values() for v in c.values()) + len(chars) + data["attacker"].get("nazgul", 0)
    if total == 0:
        data["attacker"]["units"] = {next(iter(units)): {"regulars": 1}}
    data["game"] = "wotr"
    data.setdefault("battle", {})["action"] = draw(st.sampled_from(["army", "character"]))
    data["rules"] = {"non_at_war_leaders": draw(st.sampled_from(["rearguard", "may_attack"]))}
    return scenario_from_dict(data, file="h.yaml")


@settings(max_examples=examples(45), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_split_enumeration_equals_brute_force(s):
    brute = brute_force_splits(s)
    view = LegalSplits(s)
    attacker_groups = [g for g in view.groups if g.role == "attacker"]
    asp = list(view)
    comps = {tuple(count_in(sp.attacking, g) for g in attacker_groups) for sp in asp}
    assert len(comps) == len(asp)  # one answer set per composition
    assert comps == set(brute)
    assert sum(sp.labeled for sp in asp) == len(brute)
    assert view.counts() == {"compositions": len(set(brute)), "labeled": len(brute)}
    for sp in asp:  # Strength and Leadership: ASP (strength.lp) == Python (strength.py)
        setup = battle_setup(s, sp.attacking)
        a, d = setup.start[0], setup.start[2]
        n = sp.numbers
        assert n.strength == (setup.attacker.strength(a), setup.defender.strength(d))
        assert n.dice == (setup.attacker.dice(a), setup.defender.dice(d))
        assert n.leadership == (setup.attacker.leadership(a), setup.defender.leadership(d))
        assert n.reroll == (setup.attacker.reroll_dice(a), setup.defender.reroll_dice(d))
        assert sp.labeled == prod(comb(g.count, count_in(sp.attacking, g)) for g in attacker_groups)


def test_count_fixtures():
    """Like perft tables: split counts of the shipped examples (compositions, labeled)."""
    from pycombat.games.wotr.schema import load_scenario

    expected = {"ten_vs_ten": (205, 32705), "seed_six_and_two": (2 * 27 - 3 - 2 + 1 + 2 * 0, None),
                "edoras_allies": None}
    s = load_scenario(ROOT / "examples" / "wotr" / "ten_vs_ten.yaml")
    assert LegalSplits(s).counts() == {"compositions": 205, "labeled": 32705}
    # 6 R, 2 E, 1 Nazgûl: (7*3 - 1) * 2 compositions with a unit attacking, less those leaving only the Nazgûl behind
    s = load_scenario(ROOT / "examples" / "wotr" / "seed_six_and_two.yaml")
    assert LegalSplits(s).counts() == {"compositions": 39, "labeled": 2 ** 9 - 2 - 1}
    del expected
