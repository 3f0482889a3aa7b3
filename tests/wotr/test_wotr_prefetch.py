"""``pycombat batch``'s prefetch for WotR (:func:`pycombat.games.wotr.verbs.prefetch`): the attacks of many
scenarios judged from one grounding give the verdicts each scenario's own check-mode grounding gives
(legal and not, with every violated rule, the numbers of both sides), and the verbs then use them."""
from __future__ import annotations

import copy
import os

from pycombat import registry, solver
from pycombat.games.wotr import verbs
from pycombat.games.wotr.battle import splits
from pycombat.games.wotr.battle.judge_closed import asp_only
from pycombat.games.wotr.model import content_key
from pycombat.games.wotr.schema import scenario_from_dict

BASE = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
        "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": 2, "elites": 1}}, "nazgul": 1},
        "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 2}}}}
SIEGE = {"attacker__region": "Minas Tirith", "defender__region": "Minas Tirith",
         "defender__units": {"Gondor": {"regulars": 2}}}

#: (changes to BASE, a rule the attack breaks or None): legal and illegal attacks of every kind
CASES = [
    ({}, None),
    ({"attacker__region": "Eastern Emyn Muil"}, None),
    ({"defender__region": "Osgiliath", "attacker__region": "Ash Mountains"}, "WOTR-ATK-3"),
    ({"battle": {"action": "muster"}}, "WOTR-ATK-6"),
    ({"battle": {"action": "event", "card": "Rage of the Dunlendings"}}, "WOTR-ATK-1"),
    ({"politics": {"Sauron": {"steps": 1}, "Gondor": "at_war"}}, "WOTR-ATK-2"),
    ({"attacker__units": {"Sauron": {"regulars": 9, "elites": 2}}}, "WOTR-STACK-2"),
    ({"attacker__nazgul": 0, "attacker__units": {"Sauron": {"regulars": 0}}, "attacker__characters": ["The Witch-king"]},
     "WOTR-ATK-8"),
    ({"defender__units": {}, "defender__characters": ["Boromir"]}, "WOTR-CAS-8"),
    ({**SIEGE, "defender__besieged": True, "battle": {"kind": "siege"}}, None),
    ({**SIEGE, "battle": {"kind": "siege"}}, "WOTR-SIEGE-1"),
    ({**SIEGE, "defender__units": {"Gondor": {"regulars": 6}}, "defender__besieged": True, "battle": {"kind": "siege"}},
     "WOTR-SITE-5"),
    ({"attacker__units": {"Sauron": {"regulars": 4, "elites": 1}}, "attacker__rearguard": {"units": {"Sauron": {"regulars": 1}}}},
     None),
    ({"rules": {"max_rounds": 2}}, None),  # other flags: another grounding
]


def edit(changes: dict, title: str):
    data = copy.deepcopy(BASE)
    for path, value in changes.items():
        node = data
        keys = path.split("__")
        for k in keys[:-1]:
            node = node.setdefault(k, {})
        node[keys[-1]] = value
    data["title"] = title
    return scenario_from_dict(data, file=f"{title}.yaml")


def _fields(v):
    return v.legal, v.attacking, v.rearguard, v.violations, v.numbers


def test_prefetched_verdicts_are_the_own_groundings():
    with asp_only():  # (the ASP paths; the Python evaluation is tests/wotr/test_wotr_judge_closed.py's)
        _prefetched_verdicts_are_the_own_groundings()


def test_prefetch_without_a_grounding_when_the_closed_form_answers():
    scenarios = [edit(changes, f"case{i}") for i, (changes, _) in enumerate(CASES)]
    with asp_only():
        want = [splits._judge(s, None) for s in scenarios]
    solver.clear_caches()
    before = solver.loaded_stats()["grounded"]
    verbs.prefetch("odds", scenarios)
    if not os.environ.get(solver.RULES_DIR_VARIABLE):  # (a changed copy of the rules is judged by itself: grounded)
        assert solver.loaded_stats()["grounded"] == before
    for s, v in zip(scenarios, want):
        assert _fields(splits._VERDICTS.get((content_key(s), None))) == _fields(v)


def _prefetched_verdicts_are_the_own_groundings():
    scenarios = [edit(changes, f"case{i}") for i, (changes, _) in enumerate(CASES)]
    want = [splits._judge(s, None) for s in scenarios]
    for (_, rule), v in zip(CASES, want):  # (the cases are what they say)
        assert v.legal == (rule is None) and (rule is None or rule in {x.rule for x in v.violations})
    solver.clear_caches()
    before = solver.loaded_stats()["grounded"]
    verbs.prefetch("odds", scenarios)
    # one grounding per set of flags (two here), not one a scenario
    assert solver.loaded_stats()["grounded"] - before == 2
    for s, v in zip(scenarios, want):
        got = splits._VERDICTS.get((content_key(s), None))
        assert got is not None and _fields(got) == _fields(v)
        assert _fields(splits.judge_attack(s)) == _fields(v)  # the verb finds it


def test_prefetch_judges_only_for_the_verbs_that_judge():
    solver.clear_caches()
    s = edit({}, "one")
    verbs.prefetch("enumerate", [s])
    assert (content_key(s), None) not in splits._VERDICTS
    verbs.prefetch("odds", [s])
    assert (content_key(s), None) in splits._VERDICTS


def test_the_game_registers_its_prefetch():
    assert registry.resolve(registry.get("wotr").prefetch) is verbs.prefetch


def _doc(changes: dict, title: str) -> dict:
    data = copy.deepcopy(BASE)
    for path, value in changes.items():
        node = data
        keys = path.split("__")
        for k in keys[:-1]:
            node = node.setdefault(k, {})
        node[keys[-1]] = value
    data["title"] = title
    return data


def test_batch_with_prefetch_answers_as_the_api(tmp_path, monkeypatch):
    """``pycombat batch`` (one worker: the chunk prefetched, then each verb) writes for every scenario
    what the Python API answers alone: the odds of a legal attack, the one error of an illegal one;
    no scenario is judged in a grounding of its own."""
    import io
    import json

    import pycombat
    from pycombat.batch import run_batch

    docs = [_doc(changes, f"case{i}") for i, (changes, _) in enumerate(CASES)]
    stream = tmp_path / "many.jsonl"
    stream.write_text("".join(json.dumps(d) + "\n" for d in docs))
    solver.clear_caches()
    out = io.StringIO()
    alone = []
    own = splits._judge
    monkeypatch.setattr(splits, "_judge", lambda s, a: alone.append(s.title) or own(s, a))
    run_batch([str(stream)], "odds", out=out, workers=1)
    assert alone == []
    monkeypatch.setattr(splits, "_judge", own)
    lines = [json.loads(x) for x in out.getvalue().splitlines() if x.strip()]
    assert len(lines) == len(docs)
    for i, ((_, rule), doc, line) in enumerate(zip(CASES, docs, lines)):
        solver.clear_caches()  # the API alone: no verdict remembered from the batch
        if rule is None:
            name = f"{stream}:{i + 1}"  # (the name batch gives a line of a stream)
            game = pycombat.api.game_of(doc, name)
            alone = pycombat.api.Scenario(game, game.read_scenario(doc, file=name, flag_overrides={}))
            assert line["result"] == alone.run("odds").to_json()
        else:
            assert "error" in line and rule in line["error"]["message"]
