"""The closed form of the number of legal complete assignments (``assignment/counting.py``,
MECCG-STRUCT-5, MECCG-ASSIGN-3/4) against the solver's count of ``assign_legal.lp`` (and, for
small companies, the direct encoding without symmetry breaking), on generated companies: any size
up to 5 a side, every status, allies that may not be attacked (MECCG-CARD-6), may not face strikes at
a site (MECCG-STRUCT-2, MECCG-CARD-7) or are assigned strikes as if untapped (MECCG-FX-18), either
reading of MECCG-ASSIGN-3 and MECCG-STRUCT-2."""
from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
import pycombat
from pycombat.games.meccg.assignment.counting import closed_count
from pycombat.games.meccg.assignment.legal import LegalAssignments, judge_attack
from pycombat.games.meccg.schema import scenario_from_dict

SETTINGS = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
MINIONS = ["Shagrat", "Lagduf", "Old Troll", "Bûrat", "Gorbag", "Ostisen"]
MINION_ALLIES = ["Great Troll", "Blackbole", "Great Bats"]
HEROES = ["Aragorn II", "Frodo", "Gimli", "Legolas", "Éowyn", "Sam Gamgee"]
HERO_ALLIES = ["Goldberry"]
STATUS = st.sampled_from(["untapped", "untapped", "tapped", "wounded"])


@st.composite
def companies(draw, characters, allies):
    names = draw(st.lists(st.sampled_from(characters), min_size=1, max_size=4, unique=True))
    names += draw(st.lists(st.sampled_from(allies), max_size=min(2, len(allies)), unique=True))
    members = [{"name": n, "status": draw(STATUS)} for n in names]
    for m in members[1:]:
        if m["name"] in allies:
            m["ally_of"] = members[0]["name"]
    return members


@st.composite
def scenario_docs(draw):
    minions = draw(companies(MINIONS, MINION_ALLIES))
    heroes = draw(companies(HEROES, HERO_ALLIES))
    minion_attacks = draw(st.booleans())
    sides = [("minion", minions), ("hero", heroes)] if minion_attacks else [("hero", heroes), ("minion", minions)]
    doc = {"game": "meccg", "rules": {"phase2_assignment": draw(st.sampled_from(["mandatory", "optional"])),
                                      "site_barred_ally_strikes": draw(st.sampled_from(["none", "strike"]))}}
    for role, (alignment, members) in zip(("attacker", "defender"), sides):
        doc[role] = {"alignment": alignment, "site": "Moria", "members": members}
    return doc


@SETTINGS
@given(scenario_docs())
def test_the_closed_form_is_the_solvers_count(doc):
    s = scenario_from_dict(doc)
    verdict = judge_attack(s)
    if not verdict.legal:
        event("attack not legal")
        return
    got = closed_count(s, verdict)
    assert got is not None
    view = LegalAssignments(s)
    assert got == view.count()
    n, m = len(verdict.strikes), len(verdict.targets)
    event("more strikes than targets" if n > m else "no more strikes than targets")
    if n + m <= 7:
        assert got == LegalAssignments(s, symmetry=False).count()


def test_a_noble_hound_is_left_to_the_solver():
    """MECCG-FX-18: the Noble Hound takes a strike before its controller: no closed form."""
    s = scenario_from_dict({"game": "meccg",
                            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
                            "defender": {"alignment": "hero", "site": "Moria",
                                         "members": ["Frodo", {"name": "Noble Hound", "ally_of": "Frodo"}]}})
    assert closed_count(s, judge_attack(s)) is None
    assert pycombat.load(pycombat.example("meccg", "wind_throne.yaml")).run("enumerate", count=True).count == 288


def test_a_mandatory_phase_two_removes_what_optional_allows():
    """Two untapped strikes and a tapped one on two tapped targets: with phase II mandatory
    (MECCG-ASSIGN-3) an untapped strike is excess only if both targets hold untapped strikes, which
    the tapped strike then cannot: the tapped strike is the excess one (2 seatings); optional: any
    one of the three is excess (3 * 2 = 6)."""
    def doc(flag):
        return {"game": "meccg", "rules": {"phase2_assignment": flag},
                "attacker": {"alignment": "minion", "site": "Moria",
                             "members": ["Shagrat", "Lagduf", {"name": "Gorbag", "status": "tapped"}]},
                "defender": {"alignment": "hero", "site": "Moria",
                             "members": [{"name": "Frodo", "status": "tapped"}, {"name": "Gimli", "status": "tapped"}]}}
    mandatory, optional = (scenario_from_dict(doc(f)) for f in ("mandatory", "optional"))
    assert closed_count(mandatory, judge_attack(mandatory)) == 2 == LegalAssignments(mandatory).count()
    assert closed_count(optional, judge_attack(optional)) == 6 == LegalAssignments(optional).count()
