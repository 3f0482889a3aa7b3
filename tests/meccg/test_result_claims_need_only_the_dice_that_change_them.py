"""A claim on the result of strike N ("strike 3 succeeds", "Gimli survives strike 3", "Lagduf is discarded in
strike 2") needs the dice of an earlier strike only when that strike's outcome can change how strike N resolves
(MECCG-SEQ-1): it shares a member with strike N (a character, a supporter, a payer, an ally or its controlling
character: leaving play, wounded or tapped there, he is not the same in strike N), or plays a card (its cost or
effect may last after its strike), or can change such a strike. ``verify`` decides the others without those dice;
where a die is still needed, the refusal names the claim and why that strike matters.

The rule is checked against a brute force: for random small combats, the verdicts decided without an earlier
strike's dice equal the verdicts under every value of those dice (each value of its two rolls and of its body
check replayed; ``verify`` run once for each different way the replay resolves the attack, the verdicts of a
result claim resting on the strikes' outcomes alone).
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.claims.combat import _with_rolls
from pycombat.games.meccg.combat.strikes import BodyRollMissing, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import verify

RESULT_CLAIMS = ["strike 3 succeeds", "Gimli survives strike 3", "Lagduf is discarded in strike 2"]


def _statuses(strike_1_rolls=None, **changes) -> dict:
    # the three strikes share no member, supporter, card or excess strike (tests/meccg: the audit's a2b.yaml)
    first = {"defender": "Éomer", "attacker": "Lieutenant of Angmar", "attacker_untapped": True,
             "defender_untapped": True}
    if strike_1_rolls:
        first["rolls"] = strike_1_rolls
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "The Wind Throne",
                        "members": [{"name": "Lagduf", "status": "wounded"}, {"name": "Shagrat", "status": "tapped"},
                                    {"name": "Lieutenant of Angmar"}]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "The Wind Throne",
                        "members": [{"name": "Aragorn II", "status": "wounded"}, {"name": "Gimli", "status": "tapped"},
                                    {"name": "Éomer"}]},
           "combat": {"strikes": [first,
                                  {"defender": "Aragorn II", "attacker": "Lagduf",
                                   "rolls": {"attacker": 3, "defender": 6, "body": 7}},
                                  {"defender": "Gimli", "attacker": "Shagrat",
                                   "rolls": {"attacker": 9, "defender": 6, "body": 7}}]},
           "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(RESULT_CLAIMS)]}
    for path, value in changes.items():
        where = doc
        *keys, last = path.split("__")
        for key in keys:
            where = where[int(key)] if key.isdigit() else where[key]
        where[last] = value
    return doc


def _run(doc: dict) -> list:
    return [v.verdict for v in verify(scenario_from_dict(doc, file="<t>")).verdicts]


def test_result_claims_need_no_die_of_a_strike_that_cannot_change_theirs():
    assert _run(_statuses()) == [True, True, True]


@pytest.mark.parametrize("rolls", [{"attacker": 12, "defender": 2, "body": 12}, {"attacker": 2, "defender": 12},
                                   {"attacker": 7, "defender": 7}, {"body": 7}])  # (a body-check roll alone)
def test_the_verdicts_are_those_of_every_value_of_that_die(rolls):
    assert _run(_statuses(rolls)) == [True, True, True]


def test_the_ally_of_an_earlier_strikes_character_supporting_makes_the_die_needed_and_the_refusal_says_why():
    # Goldberry, Éomer's ally, supports Gimli in strike 3: Éomer eliminated in strike 1, she would leave with him
    doc = _statuses(combat__strikes__2__support=["Goldberry"])
    doc["defender"]["members"].append({"name": "Goldberry", "ally_of": "Éomer"})
    with pytest.raises(ScenarioError) as exc:
        _run(doc)
    assert exc.value.path == "combat.strikes[0].rolls"
    message = exc.value.message + " ".join(exc.value.help)
    assert "strike 1 (attacker) needs 1 roll" in message
    assert "claims[0] ('strike 3 succeeds') rests on it: Goldberry, Éomer are in strike 1 and in strike 3" in message


def test_an_ally_with_its_controller_in_an_earlier_strike_makes_the_die_needed():
    doc = _statuses()
    doc["defender"]["members"].append({"name": "Goldberry", "ally_of": "Éomer"})
    doc["combat"]["strikes"][1]["support"] = ["Goldberry"]
    doc["claims"] = [{"id": "c0", "claim": "Lagduf is discarded in strike 2"},
                     {"id": "c1", "claim": "strike 3 succeeds"}]
    with pytest.raises(ScenarioError) as exc:
        _run(doc)
    assert "claims[0] ('Lagduf is discarded in strike 2') rests on it: Goldberry, Éomer are in strike 1 and in " \
           "strike 2" in exc.value.message + " ".join(exc.value.help)
    doc["claims"] = doc["claims"][1:]  # strike 3 shares nobody with strikes 1 and 2
    assert _run(doc) == [True]


def test_a_card_played_in_an_earlier_strike_makes_the_die_needed():
    doc = _statuses(combat__strikes__0__defender_cards=["Risky Blow"])
    doc["combat"]["strikes"][0]["defender_untapped"] = False
    doc["defender"]["members"][2]["name"] = "Aragorn II"
    doc["defender"]["members"][0]["name"] = "Éomer"
    doc["combat"]["strikes"][0]["defender"], doc["combat"]["strikes"][1]["defender"] = "Aragorn II", "Éomer"
    doc["claims"] = [{"id": "c0", "claim": "strike 3 succeeds"}]
    with pytest.raises(ScenarioError) as exc:
        _run(doc)
    assert "strike 1 plays Risky Blow: a card's cost or effect may last after its strike" in \
        exc.value.message + " ".join(exc.value.help)


# ---- the brute force ----------------------------------------------------------------------
HEROES = ["Aragorn II", "Gimli", "Éomer", "Faramir", "Legolas"]
MINIONS = ["Lagduf", "Shagrat", "Lieutenant of Angmar", "Horseman in the Night", "Odoacer"]


def _random_combat(rng: random.Random) -> dict:
    n = rng.choice([2, 3])
    attackers = rng.sample(MINIONS, n)
    heroes = rng.sample(HEROES, n + rng.choice([0, 1, 2]))
    defenders = [{"name": h, "status": rng.choice(["untapped", "untapped", "wounded"])} for h in heroes]
    if rng.random() < 0.5:  # an ally, supporting or not
        defenders.append({"name": "Goldberry", "ally_of": rng.choice(heroes)})
    members = [{"name": a, "status": rng.choice(["untapped", "untapped", "wounded"])} for a in attackers]
    struck = heroes[:n]
    rng.shuffle(struck)
    free = [d["name"] for d in defenders if d["name"] not in struck and d.get("status", "untapped") == "untapped"]
    strikes = []
    for d, a in zip(struck, attackers):
        st = {"defender": d, "attacker": a, "rolls": {"attacker": rng.randint(2, 12), "defender": rng.randint(2, 12)}}
        if rng.random() < 0.3 and next(m for m in members if m["name"] == a)["status"] == "untapped":
            st["attacker_untapped"] = True
        if rng.random() < 0.3 and next(m for m in defenders if m["name"] == d)["status"] == "untapped":
            st["defender_untapped"] = True
        if free and rng.random() < 0.5:
            st["support"] = [free.pop(rng.randrange(len(free)))]
        strikes.append(st)
    last = len(strikes)
    claims = [f"strike {last} succeeds", f"strike {last} fails", f"strike {last} is ineffectual",
              f"{struck[-1]} survives strike {last}", f"{struck[-1]} is wounded in strike {last}",
              f"{attackers[-1]} is eliminated in strike {last}", f"{attackers[-1]} survives strike {last}",
              f"{struck[-1]} taps in strike {last}", f"{attackers[-1]} is discarded in strike {last}"]
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "The Wind Throne", "members": members},
            "defender": {"player": "Bob", "alignment": "hero", "site": "The Wind Throne", "members": defenders},
            "combat": {"strikes": strikes},
            "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]}


def _complete(s, rng: random.Random):
    """``s`` with a body-check roll for each strike its dice make lost, or None: an illegal combat."""
    while True:
        try:
            replay(s)
            return s
        except BodyRollMissing as missing:
            s = _with_rolls(s, missing.strike, body=rng.randint(2, 12))
        except ScenarioError:
            return None


def _without_rolls(s, k: int):
    strikes = list(s.combat.strikes)
    strikes[k - 1] = replace(strikes[k - 1], rolls=None)
    return replace(s, combat=replace(s.combat, strikes=tuple(strikes)))


def _every_value(s, k: int) -> list:
    """Strike ``k``'s dice given each value of its two rolls and, where the strike is lost, of its body check:
    one scenario for each different way the replay then resolves the attack."""
    seen = {}
    for ra in range(2, 13):
        for rd in range(2, 13):
            way = _with_rolls(_without_rolls(s, k), k, attacker=(ra,), defender=(rd,))
            for body in (None, *range(2, 13)):
                if body is not None:
                    way = _with_rolls(way, k, body=body)
                try:
                    got = tuple(o for _s, _st, o in replay(way).strikes)
                except BodyRollMissing:
                    continue
                except ScenarioError:
                    break  # a die the file need not give (a body check for a strike not lost)
                seen.setdefault(got, way)
                if body is None:
                    break
    return list(seen.values())


def _check(seed: int) -> str:
    rng = random.Random(seed)
    full = None
    while full is None:
        full = _complete(scenario_from_dict(_random_combat(rng), file="<t>"), rng)
    last = len(full.combat.strikes)
    k = rng.randrange(1, last)  # the earlier strike whose dice the file does not give
    try:
        decided = [v.verdict for v in verify(_without_rolls(full, k)).verdicts]
    except ScenarioError as e:
        said = e.message + " ".join(e.help)
        assert e.path == f"combat.strikes[{k - 1}].rolls", said
        assert "rests on it" in said and "claims[" in said and f"strike {k}" in said, said
        return "asked"
    ways = _every_value(full, k)
    assert len(ways) > 1
    for way in ways:
        assert [v.verdict for v in verify(way).verdicts] == decided, (seed, k)
    return "decided"


def test_an_earlier_die_a_random_combat_needs_is_asked_for_naming_the_claim():
    assert _check(8) == "asked"


@pytest.mark.long
@pytest.mark.parametrize("seed", range(24))
def test_decided_without_an_earlier_die_as_under_every_value_of_it(seed):
    _check(seed)


@pytest.mark.long
def test_the_random_combats_cover_both_kinds():
    assert {_check(seed) for seed in (3, 8)} == {"asked", "decided"}
