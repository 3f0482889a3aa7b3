"""RB-CARD-10, RB-CARD-8, RB-CARD-2: what a trigger reveals is a fact its player knows, stated on the trigger's entry
(`revealed:`), and a unit played from hand states whether its player paid its "you may pay" (`condition:`).

Twisted Fate, Gambler: "When I attack, reveal the top rune of your rune deck, then recycle it. Do one of the following
based on its domain: fury — Deal 2 to an enemy unit here and 1 to all other enemy units here. mind — Draw 1. order —
Stun an enemy unit." Teemo, Strategist: "When I defend, choose an enemy unit here and reveal the top 5 cards of your
Main Deck. Deal 1 to that unit for each card with [Hidden] revealed this way". Kennen, Keeper of Balance: "When you
play me or I attack, you may pay 2 Energy to [Stun] a unit. While there's a stunned enemy unit here, I have +2 Might."

Each card is checked against a brute force written here from that printed text (the units' damage, Stun and Might
after the trigger, then the outcome from the four numbers of RB-MODEL-4), over every domain, every count and both
payments, on small boards; each verdict flips with the value stated."""
from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.cli import main
from pycombat.games.riftbound.cards.coverage import coverage
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.play.entries import cost, payment_choices
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.spec import RUNE_DOMAINS
from pycombat.games.riftbound.verbs import verify

TF, TEEMO, KENNEN, ANNIE = "Twisted Fate - Gambler", "Teemo - Strategist", "Kennen, Keeper of Balance", "Annie - Fiery"
CONQUERS = "the attacker conquers the battlefield"


def _custom(name: str, might: int) -> dict:
    return {"name": name, "custom": True, "might": might}


def _doc(att: list, dfd: list, showdown: list, **extra) -> dict:
    return {"game": "riftbound", "attacker": {"units": att}, "defender": {"units": dfd}, "showdown": showdown,
            "claims": [{"id": "c", "claim": CONQUERS}], **extra}


def _model(doc: dict) -> tuple[dict, bool | None]:
    """{unit: (Might, marked, stunned)} of the units left after the showdown, and the verdict on CONQUERS."""
    s = scenario_from_dict(doc, file="<t>")
    sd = play_showdown(s)
    units = {u.name: (u.current_might, u.marked, u.stunned) for u in sd.board.attacker + sd.board.defender}
    return units, verify(s).to_json()["claims"][0]["verdict"]


# ---- the brute force, from the printed text ----------------------------------------------------------------------
def _conquers(att: dict, dfd: dict) -> bool:
    """RB-MODEL-4 from the units (name -> [Might, marked, stunned]) after the showdown: the units with lethal damage
    marked died at its cleanup; a side is wiped out when the damage it takes reaches its units' total lethal (Might
    less the damage marked: a Stunned unit adds 0 but still needs it); the Attacker conquers when only his units
    are left."""
    att = {n: v for n, v in att.items() if v[1] < v[0]}
    dfd = {n: v for n, v in dfd.items() if v[1] < v[0]}
    pool = lambda side: sum(m for m, _, s in side.values() if not s)  # noqa: E731
    lethal = lambda side: sum(m - d for m, d, _ in side.values())  # noqa: E731
    return pool(att) >= lethal(dfd) and not pool(dfd) >= lethal(att)


def _fate_text(domain: str, target: str | None, enemies: dict) -> dict:
    """Twisted Fate's trigger on the enemy units here (name -> [Might, marked, stunned]), as printed."""
    out = {n: list(v) for n, v in enemies.items()}
    if domain == "fury":  # Deal 2 to an enemy unit here and 1 to all other enemy units here
        for n in out:
            out[n][1] += 2 if n == target else 1
    elif domain == "order":  # Stun an enemy unit
        out[target][2] = True
    return out  # mind: draw 1 (off the board); another domain: no option


def _teemo_text(n: int, target: str, enemies: dict, bonus: int = 0) -> dict:
    """Teemo's trigger: 1 to the chosen unit for each of the n cards with [Hidden] (one "Deal": Bonus Damage once)."""
    out = {k: list(v) for k, v in enemies.items()}
    if n:
        out[target][1] += n + bonus
    return out


# ---- Twisted Fate, Gambler ------------------------------------------------------------------------------------------
def _check_fate(defenders: tuple[int, ...], ally: int | None) -> set:
    att = [TF] + ([_custom("A", ally)] if ally else [])
    dfd = [_custom(f"D{i}", m) for i, m in enumerate(defenders)]
    verdicts = set()
    for domain in RUNE_DOMAINS:
        for target in ([d["name"] for d in dfd] if domain in ("fury", "order") else [None]):
            entry = {"trigger": TF, "revealed": domain, **({"target": target} if target else {})}
            units, verdict = _model(_doc(att, dfd, [entry]))
            enemies = _fate_text(domain, target, {d["name"]: [d["might"], 0, False] for d in dfd})
            want = {n: tuple(v) for n, v in enemies.items() if v[1] < v[0]}
            assert {n: v for n, v in units.items() if n.startswith("D")} == want, (domain, target)
            mine = {TF: [4, 0, False], **({"A": [ally, 0, False]} if ally else {})}
            assert verdict is _conquers(mine, enemies), (defenders, ally, domain, target)
            verdicts.add(verdict)
    return verdicts


@pytest.mark.parametrize("defenders, ally", [((1, 3), None), ((1, 2, 3), None), ((2, 4), 2)])
def test_twisted_fate_every_domain_against_the_printed_text(defenders, ally):
    assert _check_fate(defenders, ally) == {True, False}  # the verdict flips with the domain revealed


@pytest.mark.long
@settings(max_examples=25)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=3), st.one_of(st.none(), st.integers(1, 4)))
def test_twisted_fate_on_drawn_boards(defenders, ally):
    _check_fate(tuple(defenders), ally)


def test_the_fury_option_spares_the_chosen_unit_its_1_and_each_step_cites_its_rule():
    s = scenario_from_dict(_doc([TF], [_custom("D1", 5), _custom("D2", 5), _custom("D3", 5)],
                                [{"trigger": TF, "revealed": "fury", "target": "D2"}]), file="<t>")
    sd = play_showdown(s)
    assert {u.name: u.marked for u in sd.board.defender} == {"D1": 1, "D2": 2, "D3": 1}
    line = next(ln for ln in sd.lines if "reveals a fury rune" in ln.text)
    assert {"RB-CARD-10", "RB-CARD-8"} <= set(line.rules)
    mind = play_showdown(scenario_from_dict(_doc([TF], [_custom("D1", 5)], [{"trigger": TF, "revealed": "mind"}]),
                                            file="<t>"))
    assert any("mind option (Draw 1.) is off the board" in ln.text for ln in mind.lines)
    assert mind.unmodelled_json() == []


# ---- Teemo, Strategist ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("attackers, annie", [((3, 2), False), ((4, 1), False), ((5, 4), True)])
def test_teemo_every_count_against_the_printed_text(attackers, annie):
    att = [_custom(f"A{i}", m) for i, m in enumerate(attackers)]
    dfd = [TEEMO] + ([{"name": ANNIE}] if annie else [])
    mine = {TEEMO: [2, 0, False], **({ANNIE: [4, 0, False]} if annie else {})}
    verdicts = set()
    for n in range(6):
        for target in (a["name"] for a in att):
            units, verdict = _model(_doc(att, dfd, [{"trigger": TEEMO, "revealed": n, "target": target}]))
            enemies = _teemo_text(n, target, {a["name"]: [a["might"], 0, False] for a in att}, bonus=int(annie))
            assert {k: v for k, v in units.items() if k in enemies} == \
                {k: tuple(v) for k, v in enemies.items() if v[1] < v[0]}, (n, target)
            assert verdict is _conquers(enemies, mine), (attackers, n, target)
            verdicts.add(verdict)
    assert verdicts == {True, False}  # the verdict flips with the count revealed


# ---- Kennen, Keeper of Balance played from hand ----------------------------------------------------------------------
@pytest.mark.parametrize("attackers, defenders", [((3,), (1,)), ((2, 2), (1,)), ((4,), (2,))])
def test_kennen_paid_or_not_against_the_printed_text(attackers, defenders):
    att = [_custom(f"A{i}", m) for i, m in enumerate(attackers)]
    dfd = [_custom(f"D{i}", m) for i, m in enumerate(defenders)]
    verdicts = set()
    for paid in (False, True):
        for target in [u["name"] for u in att + dfd]:
            play = {"play": KENNEN, "by": "defender", "facedown": True, "to": "battlefield", "condition": paid,
                    "paid": {"energy": 5 if paid else 3}, **({"target": target} if paid else {})}
            units, verdict = _model(_doc(att, dfd, [play], rules={"card_costs": "stated"}))
            side_a = {u["name"]: [u["might"], 0, paid and target == u["name"]] for u in att}
            side_d = {u["name"]: [u["might"], 0, paid and target == u["name"]] for u in dfd}
            kennen = 2 + (2 if any(v[2] for v in side_a.values()) else 0)  # +2 while a stunned enemy unit is here
            side_d[KENNEN] = [kennen, 0, False]
            assert units[KENNEN][0] == kennen and {n: v[2] for n, v in units.items()} == \
                {n: v[2] for n, v in {**side_a, **side_d}.items()}, (paid, target)
            assert verdict is _conquers(side_a, side_d), (attackers, defenders, paid, target)
            verdicts.add(verdict)
    assert verdicts == {True, False}  # the verdict flips with the payment


def test_kennen_paying_costs_two_energy_more_with_stated_costs():
    from pycombat.errors import ScenarioError

    play = {"play": KENNEN, "by": "defender", "facedown": True, "to": "battlefield", "condition": True,
            "target": "A", "paid": {"energy": 1}}
    # played from facedown, [Hidden] costs 0 Energy ("react with later for [0 Energy]"); the option's 2 are paid
    with pytest.raises(ScenarioError, match=r"costs 0 Energy .*, and 2 Energy .* for the option") as got:
        play_showdown(scenario_from_dict(_doc([_custom("A", 3)], [_custom("D", 1)], [play],
                                              rules={"card_costs": "stated"}), file="<t>"))
    assert "RB-CARD-2" in got.value.message and got.value.path.endswith(".paid")
    # the showdown game tries both, each paying what it costs
    assert payment_choices(KENNEN) == (False, True) and payment_choices(TEEMO) == (None,)
    assert cost(KENNEN, True, "battlefield", True) == {"energy": 2, "power": 0}
    assert cost(KENNEN, False, "battlefield", True) == {"energy": 0, "power": 0}
    assert cost(KENNEN, True, "battlefield", False) == {"energy": 5, "power": 0}


# ---- not stated, and bad values --------------------------------------------------------------------------------------
def _cli(tmp_path, capsys, doc: dict, *args: str) -> tuple[int, str, str]:
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(doc), encoding="utf-8")
    code = main(["verify", str(p), *args])
    got = capsys.readouterr()
    return code, got.out, got.err


@pytest.mark.parametrize("doc, field", [
    (_doc([TF], [_custom("D1", 3), _custom("D2", 2)], []), "revealed: DOMAIN"),
    (_doc([TF], [_custom("D1", 3), _custom("D2", 2)], [{"trigger": TF, "target": "D1"}]),
     "revealed: fury|calm|mind|body|chaos|order"),
    (_doc([_custom("A", 3)], [TEEMO], [{"trigger": TEEMO, "target": "A"}]), "revealed: N"),
    (_doc([_custom("A", 3)], [_custom("D", 1)], [{"play": KENNEN, "by": "defender", "facedown": True,
                                                   "to": "battlefield", "target": "A"}]), "condition: true|false"),
])
def test_not_stated_is_not_modelled_in_json_and_verify_does_not_decide(tmp_path, capsys, doc, field):
    code, out, _ = _cli(tmp_path, capsys, doc, "--json")
    got = json.loads(out)
    assert code == 0 and got["claims"][0]["verdict"] is None
    assert any(field in u["why"] for u in got["unmodelled"]), got["unmodelled"]


@pytest.mark.parametrize("entry, message", [
    ({"trigger": TF, "revealed": "furry", "target": "D1"}, "did you mean 'fury'"),
    ({"trigger": TF, "revealed": 2, "target": "D1"}, "give its domain, one of fury, calm, mind, body, chaos, order"),
    ({"trigger": TEEMO, "revealed": 6, "target": "A"}, "it reveals the top 5 cards: at most 5"),
    ({"trigger": TEEMO, "revealed": "fury", "target": "A"}, "0..5"),
    ({"trigger": "Crackshot Corsair", "revealed": 1, "target": "D1"}, "reveals nothing"),
    ({"play": "Blood Rush", "by": "attacker", "target": "A", "revealed": 1}, "reveals nothing"),
])
def test_a_bad_revealed_value_is_one_error_naming_the_field(tmp_path, capsys, entry, message):
    att = [TF, _custom("A", 3), "Crackshot Corsair"] if entry.get("trigger") != TEEMO else [_custom("A", 3)]
    dfd = [_custom("D1", 3)] + ([TEEMO] if entry.get("trigger") == TEEMO else [])
    code, out, err = _cli(tmp_path, capsys, _doc(att, dfd, [entry]))
    assert code == 2 and "showdown[0].revealed" in err and message in err and "Traceback" not in err + out


def test_twisted_fate_and_teemo_are_modelled_in_the_coverage():
    rows = {r["name"]: r for r in coverage().to_json()["cards"]}
    assert rows[TF]["status"] == rows[TEEMO]["status"] == "modelled"


def test_revealed_on_a_unit_played_from_hand_whose_combat_trigger_fires_as_it_enters():
    """RB-READ-6 (late_designation_triggers=yes): Teemo played from facedown to the battlefield defends at once; the
    play's `revealed:` is what his "When I defend" reveals; not stated, it is named."""
    def marked(**extra):
        play = {"play": TEEMO, "by": "defender", "facedown": True, "to": "battlefield", "target": "A", **extra}
        sd = play_showdown(scenario_from_dict(_doc([_custom("A", 4)], [_custom("D", 1)], [play],
                                                   rules={"late_designation_triggers": "yes"}), file="<t>"))
        return {u.name: u.marked for u in sd.board.attacker}["A"], sd.unmodelled_json()
    assert marked(revealed=3) == (3, []) and marked(revealed=0) == (0, [])
    left, named = marked()
    assert left == 0 and any("`revealed: N`" in u["why"] for u in named)


def test_the_showdown_game_tries_kennen_paid_and_not(tmp_path, capsys):
    """Kennen in the Defender's hand (card_costs=stated): paying to stun the 4 Might attacker is his best play (Kennen
    then has 4 Might, the attacker adds 0); not paying leaves the 4 against 2 + 2."""
    doc = {"game": "riftbound", "rules": {"card_costs": "stated"}, "attacker": {"units": [_custom("A4", 4)]},
           "defender": {"units": [_custom("D2", 2)]}, "hand": {"defender": [KENNEN]}}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(doc), encoding="utf-8")
    assert main(["optimize", str(p)]) == 0
    out = capsys.readouterr().out
    best = out.split("Line of best play:", 1)[1]
    assert f"defender plays {KENNEN} on A4 to the battlefield from facedown paying its optional cost" in best
    assert f"plays {KENNEN} to the battlefield from facedown not paying" in out  # tried, and worse
