"""MECCG-ASSIGN-1..5: the ASP encodings against a brute-force replay of the three phases.

Hypothesis draws random small positions (statuses, allies that may not be attacked or may
not face strikes at a site, members assigned strikes as if untapped, an ally struck before the
member it is an ally of: MECCG-FX-18), under both readings of phase II (flag phase2_assignment) and
of site-barred allies (flag site_barred_ally_strikes), and compares:

* complete assignments streamed through symmetry breaking + expansion,
* complete assignments from the direct encoding (no symmetry breaking),
* the count computed from orbit sizes,
* traces (which pair was made in which phase),
* check mode: every replayed assignment is accepted, every other matching is refused with
  a rule id,

with the set the replay produces.
"""
from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle_meccg import replay, strikes_and_targets
from pycombat.games.meccg.assignment.legal import Assignment, LegalAssignments, LegalTraces
from pycombat.games.meccg.schema import scenario_from_dict
from budget import examples  # noqa: E402

STATUS = st.sampled_from(["untapped", "tapped", "wounded"])


@st.composite
def positions(draw, max_attackers=5, max_defenders=5):
    n_att = draw(st.integers(0, max_attackers))
    n_def = draw(st.integers(0, max_defenders))
    attackers = []
    for i in range(n_att):
        attackers.append({"name": f"A{i}", "status": draw(STATUS), "site_barred": draw(st.booleans()) and i % 3 == 2})
    defenders = []
    characters = []  # the defenders an ally may be an ally of: characters, not allies
    for i in range(n_def):
        kind = draw(st.sampled_from(["character", "character", "character", "unattackable", "site_barred",
                                     "as_untapped", "hound"]))
        d = {"name": f"D{i}", "status": draw(STATUS), "may_not_be_attacked": kind == "unattackable",
             "site_barred": kind == "site_barred", "assignable_as_untapped": kind in ("as_untapped", "hound")}
        if kind == "hound" and characters:  # MECCG-FX-18: struck before the member it is an ally of
            d["before"] = draw(st.sampled_from(characters))
        if kind in ("character", "as_untapped"):
            characters.append(d["name"])
        defenders.append(d)
    flags = {"phase2_assignment": draw(st.sampled_from(["mandatory", "optional"])),
             "site_barred_ally_strikes": draw(st.sampled_from(["none", "strike"]))}
    return attackers, defenders, flags


def scenario_for(attackers, defenders, flags):
    def member(m, race):
        out = {"name": m["name"], "custom": True, "status": m["status"], "prowess": 3, "body": 7, "race": race}
        if m.get("site_barred"):
            out.update(type="ally", may_not_face_strikes_at_site=True)
            del out["race"]
        if m.get("may_not_be_attacked"):
            out.update(type="ally", may_not_be_attacked=True)
            del out["race"]
        if m.get("assignable_as_untapped"):
            out["assignable_as_untapped"] = True
        if m.get("before"):
            out.update(type="ally", ally_of=m["before"], struck_before_controller=True)
            out.pop("race", None)
        return out

    # A company needs a member: pad with one member that strikes nothing / is no target.
    att = [member(m, "Man") for m in attackers] or [
        {"name": "A-barred", "custom": True, "type": "ally", "prowess": 1, "body": 1, "may_not_face_strikes_at_site": True}]
    dfn = [member(m, "Hobbit") for m in defenders] or [
        {"name": "D-unattackable", "custom": True, "type": "ally", "prowess": 1, "body": 1, "may_not_be_attacked": True}]
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": att},
            "defender": {"alignment": "hero", "site": "Moria", "members": dfn},
            "rules": dict(flags)}
    return scenario_from_dict(data, file="<hypothesis>")


def as_complete(a: Assignment):
    return frozenset(a.pairs), frozenset(a.excess)


def oracle(attackers, defenders, flags):
    if not attackers:  # the padding member commits no strike under 'none', one under 'strike'
        attackers = [{"name": "A-barred", "status": "untapped", "site_barred": True}]
    if not defenders:
        defenders = [{"name": "D-unattackable", "status": "untapped", "may_not_be_attacked": True}]
    strikes, targets = strikes_and_targets(attackers, defenders, flags["site_barred_ally_strikes"])
    before = {m["name"]: m["before"] for m in defenders if m.get("before")}
    return replay(strikes, targets, flags["phase2_assignment"], before), strikes, targets


SETTINGS = settings(max_examples=examples(520), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(positions())
def test_complete_assignments_match_bruteforce(pos):
    """MECCG-ASSIGN-7: symmetric stream, direct stream and count all equal the replay."""
    attackers, defenders, flags = pos
    (completes, _), _, _ = oracle(attackers, defenders, flags)
    s = scenario_for(attackers, defenders, flags)
    view = LegalAssignments(s)
    streamed = [as_complete(a) for a in view]
    assert len(streamed) == len(set(streamed)), "symmetry expansion produced a duplicate"
    assert set(streamed) == completes
    assert view.count() == len(completes)
    direct = [as_complete(a) for a in LegalAssignments(s, symmetry=False)]
    assert len(direct) == len(set(direct)) and set(direct) == completes


@settings(max_examples=examples(520), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_attackers=4, max_defenders=4))
def test_traces_match_bruteforce(pos):
    """MECCG-ASSIGN-2..4: the phase-by-phase traces equal the replay's, and project onto the
    complete assignments."""
    attackers, defenders, flags = pos
    (completes, traces), _, _ = oracle(attackers, defenders, flags)
    s = scenario_for(attackers, defenders, flags)
    got = [frozenset(t.steps) for t in LegalTraces(s)]
    assert len(got) == len(set(got))
    assert set(got) == traces
    projected = {(frozenset((a, b) for a, b, _ in t.steps), frozenset(t.excess)) for t in LegalTraces(s)}
    assert projected == completes
    assert LegalTraces(s).count() == len(traces)  # counted from orbit sizes, without listing


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_attackers=4, max_defenders=3))
def test_check_mode_agrees_with_bruteforce(pos):
    """Check mode: a matching is accepted exactly when the replay reaches it; a refused one
    names at least one rule id of the digest (MECCG-ASSIGN-3/4, MECCG-STRUCT-5 ...)."""
    attackers, defenders, flags = pos
    (completes, _), strikes, targets = oracle(attackers, defenders, flags)
    s = scenario_for(attackers, defenders, flags)
    view = LegalAssignments(s)
    names = [n for n, _ in strikes]
    tnames = [t for t, _ in targets]
    for k in range(0, min(len(names), len(tnames)) + 1):
        for src in itertools.combinations(names, k):
            for dst in itertools.permutations(tnames, k):
                pairs = tuple(zip(src, dst))
                excess = tuple(n for n in names if n not in src)
                cand = Assignment(pairs, excess)
                legal = (frozenset(pairs), frozenset(excess)) in completes
                violations = view.violations(cand)
                assert (not violations) == legal, (cand, violations)
                assert all(v.rule.startswith("MECCG-") for v in violations)
