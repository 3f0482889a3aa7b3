"""Every option's value in MECCG ``optimize`` (pycombat.tree.options): the first decision's options
in the report's terms, each decision on the line of best play in the mover's own return, best first,
with how much worse each is than the best; ``--top`` limits the text, the JSON keeps all.

Checked against independent computations: each phase-I option's value is the value of the game
solved again from that option's position, and a strike-card decision's two options are the exact
kill-MP expectations ``odds`` gives for the two written ``combat:`` blocks."""
from __future__ import annotations

import io
import json

from rich.console import Console

from pycombat import api, registry
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds, optimize
from pycombat.tree.search import solve_game

KINDLE = {"game": "meccg",
          "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
          "defender": {"alignment": "hero", "site": "Moria", "members": ["Gandalf", "Aragorn II"],
                       "hand": ["Kindling of the Spirit"]}}


def _value(strikes):
    doc = {**KINDLE, "defender": {**KINDLE["defender"], "hand": []}, "combat": {"strikes": strikes}}
    rep = odds(scenario_from_dict(doc, file="<t>"))
    kd, ka = rep.kill_mp
    return kd.expectation() - rep.owner_mp_lost[0] - ka.expectation() + rep.owner_mp_lost[1]


def test_first_options_are_the_values_of_their_positions():
    rep = optimize(scenario_from_dict(KINDLE, file="<t>"))
    root = rep.solved.solution.root
    opts = rep.first_options()
    assert [o.difference for o in opts] == sorted(o.difference for o in opts) and opts[0].difference == 0
    assert sum(o.chosen for o in opts) == 1 and next(o for o in opts if o.chosen).difference == 0
    by_label = {root.action_to_string(a): a for a in root.legal_actions()}
    for o in opts:
        child = root.child(by_label[o.label])
        assert solve_game(child).value[0] + child.rewards()[0] == o.value, o.label


def test_a_card_decision_values_both_plays_as_odds_does():
    rep = optimize(scenario_from_dict(KINDLE, file="<t>"))
    card = next(d for d in rep.decisions if any("Kindling" in o.label for o in d.options))
    (a, d), = [tuple(s.split(" -> ")) for s in [card.state.split("strike ", 1)[1].split(" (")[0]]]
    other = next(p for p in (("Shagrat", "Gandalf"), ("Lagduf", "Gandalf"), ("Shagrat", "Aragorn II"),
                             ("Lagduf", "Aragorn II")) if p[0] != a and p[1] != d)
    first = {"attacker": a, "defender": d}
    second = {"attacker": other[0], "defender": other[1]}
    played = _value([{**first, "defender_cards": ["Kindling of the Spirit"]}, second])
    later = _value([first, {**second, "defender_cards": ["Kindling of the Spirit"]}])
    values = {o.label: o.value for o in card.options}
    assert values == {"plays Kindling of the Spirit": played, "nothing": later}
    assert card.options[0].label == "plays Kindling of the Spirit" and played > later  # it lasts the attack


def test_top_limits_the_text_and_the_json_keeps_every_option():
    """One solve of the Wind Throne under ``--top 3``: the game's printing (the CLI's text) shows three of the first
    decision's 43 options, the report's JSON keeps them all."""
    report = api.load(api.example("meccg", "wind_throne.yaml")).run("optimize", top=3)
    out = io.StringIO()
    registry.get("meccg").verb("optimize").resolve_present()(report, Console(file=out, width=132, highlight=False,
                                                                          markup=False, soft_wrap=True))
    text = out.getvalue()
    assert "43 options" in text and "... 40 more options: --json lists them all" in text
    data = json.loads(json.dumps(report.to_json()))
    assert len(data["first_choices"]) == 43
    assert all(json.loads(json.dumps(c))["difference"] != "" for c in data["first_choices"])
    assert data["first_choices"][0]["difference"] == "0" and data["decisions"][0]["options"][0]["chosen"]
