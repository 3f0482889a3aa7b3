"""A Combat card named for a round (``card:``) beside a ``hand:``, in every verb, and hits claims for a
later round with a card named for it (WOTR-CARD-2, WOTR-ROUND-1): the card named for round 1 is that
side's only round-1 play (optimize's card game), applied by odds, replay and verify too, refused by
tree; "the X scores ... k hits in round 2 with probability P" with a card named for round 2 is decided
over the positions round 2 can start from, against two rounds face by face; a card choice the card does
not read and dice for rounds never fought are errors, never dropped."""
from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict

from test_wotr_combat_cards import DB, FIELD, POLITICS, TALLY, army, enumerate_faces, resolve_round

BASE = {"game": "wotr", "title": "named card and hand", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
        "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 4, "elites": 1}},
                     "card": {"name": "Relentless Assault", "self_hits": 1}, "hand": ["Deadly Strife", "Great Host"]},
        "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 3, "leaders": 1}},
                     "hand": ["Shield-wall", "No Quarter"], "retreat_to": []},
        "rules": {"casualty_policy": "downgrade_first", "max_rounds": 2}}


def _scenario(data=None, **changes):
    data = json.loads(json.dumps(data or BASE))
    for role, fields in changes.items():
        for k, v in fields.items():
            if v is None:
                data[role].pop(k, None)
            else:
                data[role][k] = v
    return scenario_from_dict(data, file="both.yaml")


def _write(tmp_path, data) -> str:
    path = tmp_path / "both.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)


# ---- a card named beside a hand, verb by verb ----------------------------------------------------------
def test_a_second_copy_of_the_named_card_in_the_hand_is_played_from_round_two():
    """Several Event cards share a Combat card (Relentless Assault is the bottom half of three), so a side
    may name one for round 1 and hold another: `hand:` lists the cards held besides the named one. Round 1
    plays the named copy; from round 2 the copy in hand is an option like any other card of the hand."""
    assert len(DB.card("Relentless Assault").events) > 1
    data = json.loads(json.dumps(BASE))
    data["attacker"]["hand"] = ["Deadly Strife", "Relentless Assault"]
    rep = verbs.optimize(scenario_from_dict(data, file="two.yaml"))
    assert rep.cards.rows == ["Relentless Assault"] and rep.cards.rounds == "every"
    later = [d for d in rep.cards.decisions if d.round == 2]
    assert later and all(d.hands["attacker"] == ("Deadly Strife", "Relentless Assault") for d in later)
    options = {o.label for d in later for o in d.options.get("attacker", [])}
    assert any(x.startswith("Relentless Assault") for x in options) and "no card" in options


def test_odds_applies_the_named_card_and_says_the_hand_is_not_played():
    """odds plays the card named for round 1; the hand beside it plays no part (the same odds as without
    it) and the text says so, and that the card named is the round-1 play of optimize's card game."""
    with_hand = verbs.odds(_scenario()).to_json()["policies"]["downgrade_first"]["outcomes"]
    no_hand = verbs.odds(_scenario(attacker={"hand": None})).to_json()["policies"]["downgrade_first"]["outcomes"]
    no_card = verbs.odds(_scenario(attacker={"card": None})).to_json()["policies"]["downgrade_first"]["outcomes"]
    assert with_hand == no_hand and with_hand != no_card
    rep = verbs.odds(_scenario())
    lines = rep.extra_lines
    assert any(x.startswith("Combat card, round 1: the attacker plays Relentless Assault") for x in lines)
    assert any("The attacker holds Deadly Strife, Great Host (not played by odds" in x
               and "the card named is the round-1 play" in x for x in lines)


def test_optimize_plays_the_named_card_in_round_one_and_the_hand_after_it():
    """The attacker's only round-1 option is the card he named (not his hand's cards, not "no card"); the
    hand chooses from round 2 without the named card; the note says the card game applies it (nothing
    "not modelled"), and the value is not that of the battle without the named card."""
    rep = verbs.optimize(_scenario())
    cards = rep.cards
    assert cards.rows == ["Relentless Assault"]
    assert cards.rounds == "every"
    later = [d for d in cards.decisions if d.round >= 2]
    assert later and all(d.hands["attacker"] == ("Deadly Strife", "Great Host") for d in later)
    data = rep.to_json()
    assert data["unmodelled"] == []
    assert data["named_cards"] == [{"card": "Relentless Assault", "role": "attacker", "round": 1,
                                    "applied": "its side's only option in round 1 of the Combat card choice",
                                    "rule": "WOTR-CARD-2"}]
    without = verbs.optimize(_scenario(attacker={"card": None}))
    assert "Relentless Assault" not in without.cards.rows
    assert without.cards.value != cards.value


def test_optimize_note_for_a_named_card_beside_the_other_sides_hand(capsys, tmp_path):
    """A round-1 card named by a side without a hand, the other side holding one: the card game applies it
    (its side's only round-1 option); the text says so and prints no "not modelled" line for it."""
    data = json.loads(json.dumps(BASE))
    del data["attacker"]["hand"]
    assert main(["optimize", _write(tmp_path, data)]) == 0
    out = capsys.readouterr().out
    assert "not modelled: Relentless Assault" not in out
    assert ("Named Combat card Relentless Assault (the attacker, round 1): its side's only option in round 1 of "
            "the Combat card choice (WOTR-CARD-2)") in out
    assert "Relentless Assault | " in out  # the card game's row


def test_replay_applies_the_named_card_and_notes_the_hand():
    data = json.loads(json.dumps(BASE))
    data["rolls"] = [{"attacker": {"combat": [6, 5, 3, 2, 1]}, "defender": {"combat": [6, 2, 1], "reroll": [4]}},
                     {"attacker": {"combat": [6, 5, 3, 2]}, "defender": {"combat": [2], "reroll": [3]}}]
    rep = verbs.replay(scenario_from_dict(data, file="both.yaml"))
    text = "\n".join(rep.lines())
    assert "attacker card: Relentless Assault: 1 hit taken on his own Army" in text
    assert "modifier +1" in text
    assert "the attacker holds Deadly Strife, Great Host: not played in a replay" in text


def test_verify_applies_the_named_card_beside_a_hand():
    """Round 1's dice with Relentless Assault's self-hit (5 units -> still 5 dice, +1) and the hits with its
    +1: decided with the card, as without the hand."""
    claims = [{"id": "p", "claim": "the attacker scores exactly 5 hits in round 1 with probability 1/32"}]
    got = verbs.verify(scenario_from_dict({**json.loads(json.dumps(BASE)), "claims": claims}, file="v.yaml"))
    v = got.to_json()["claims"][0]
    # 5 dice hitting on 5+ with +1: each die hits on 4+ (1/2), no re-roll (Leadership 0)
    assert v["verdict"] is True
    assert any("with Relentless Assault" in n for n in v["notes"])


# ---- hits claims in round 2 with a card named for round 2 -----------------------------------------------
SH = army("Sauron", 3, nazgul=1)
FP = army("Gondor", 2, leaders=1)
CARD = "They Are Terrible"


def _brute_round_two(role_index: int, test) -> dict[Fraction, Fraction]:
    """Round 1 face by face without cards, then round 2 face by face with the Shadow's card from every
    position both Armies survive in: {P(test on the role's Combat roll and re-roll hits) at a position:
    the chance of reaching positions with it}."""
    first = enumerate_faces(lambda draw: resolve_round(draw, FP, SH, {"fp": None, "sh": None}))
    out: dict = defaultdict(Fraction)
    i, j = TALLY.index("combat"), TALLY.index("reroll")
    for (a_u, d_u, _, _, _), p in first.items():
        if sum(a_u) == 0 or sum(d_u) == 0:
            continue
        sh2, fp2 = army("Sauron", a_u[0], a_u[1], nazgul=1), army("Gondor", d_u[0], d_u[1], leaders=1)
        second = enumerate_faces(lambda draw: resolve_round(draw, fp2, sh2, {"fp": None, "sh": DB.card(CARD)},
                                                            tally=True))
        q = sum((x for t, x in second.items() if test(t[role_index][i] + t[role_index][j])), Fraction(0))
        out[q] += p
    return dict(out)


def _verify_round_two(claims):
    data = {"game": "wotr", "politics": POLITICS, "rules": {"max_rounds": 2, "casualty_policy": "regulars_first"},
            "attacker": {"region": FIELD[0], **SH, "card": [{"name": CARD, "round": 2}]},
            "defender": {"region": FIELD[1], **FP}, "claims": claims}
    return {v["id"]: v for v in verbs.verify(scenario_from_dict(data, file="r2.yaml")).to_json()["claims"]}


def test_round_two_hits_claims_against_two_rounds_face_by_face():
    """With They Are Terrible named for round 2, the attacker's hits in round 2 depend on how many units
    round 1 left him: TRUE when every position round 2 starts from gives the probability claimed, FALSE
    when none does and neither does the chance given that round 2 is fought, else not decided; every
    number from the two rounds played face by face."""
    exactly2 = _brute_round_two(0, lambda x: x == 2)
    assert len(exactly2) > 1  # the positions differ: the claim cannot hold from all of them
    fought = sum(exactly2.values(), Fraction(0))
    mixed = sum((p * q for p, q in exactly2.items()), Fraction(0)) / fought
    one_position = max(exactly2)
    never = Fraction(1, 7)
    assert never not in exactly2 and never != mixed
    at_most_5 = _brute_round_two(0, lambda x: x <= 5)
    assert set(at_most_5) == {Fraction(1)}
    out = _verify_round_two([
        {"id": "some", "claim": f"the attacker scores exactly 2 hits in round 2 with probability {one_position}"},
        {"id": "mix", "claim": f"the attacker scores exactly 2 hits in round 2 with probability {mixed}"},
        {"id": "none", "claim": f"the attacker scores exactly 2 hits in round 2 with probability {never}"},
        {"id": "all", "claim": "the attacker scores at most 5 hits in round 2 with probability 1"},
        {"id": "not", "claim": f"the attacker does not score exactly 2 hits in round 2 with probability {never}"},
    ])
    assert out["some"]["decided"] is False and out["mix"]["decided"] is False
    assert out["none"]["verdict"] is False and out["all"]["verdict"] is True
    assert out["not"]["verdict"] is True
    note = " ".join(out["some"]["notes"])
    assert f"round 2 is fought with chance {fought}" in note
    for p, q in exactly2.items():
        assert f"{p} = {float(p):.6f} (chance {q})" in note
    assert f"given that round 2 is fought: {mixed}" in note
    assert "WOTR-ROUND-1" in [r["rule"] for r in out["all"]["reasons"]]


# ---- other fields of a card battle never dropped silently ---------------------------------------------
@pytest.mark.parametrize("role, card, key, value", [
    ("defender", "Shield-wall", "self_hits", 2), ("defender", "Shield-wall", "forfeit", 1),
    ("attacker", "Relentless Assault", "sacrifice", "leader"), ("attacker", "Relentless Assault", "forfeit", 1)])
def test_a_choice_the_named_card_does_not_read_is_one_clear_error(role, card, key, value):
    """`self_hits`, `forfeit` and `sacrifice` are read by the effects that take them (Relentless Assault and
    Onslaught, Dread and Despair, Heroic Death); given for another card they are an error naming the
    field, never ignored."""
    data = json.loads(json.dumps(BASE))
    data[role]["card"] = {"name": card, key: value}
    data[role].pop("hand", None)
    with pytest.raises(ScenarioError, match=rf"{card} has no `{key}` choice") as exc:
        scenario_from_dict(data, file="c.yaml")
    assert exc.value.path == f"{role}.card.{key}"


def test_a_choice_the_card_reads_is_accepted():
    data = json.loads(json.dumps(BASE))
    data["attacker"] = {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 3}}, "nazgul": 2,
                        "card": {"name": "Dread and Despair", "forfeit": 1}}
    assert scenario_from_dict(data, file="c.yaml").card_plan.choices["attacker"].forfeit == 1


def test_replay_refuses_dice_for_rounds_after_the_battle_ended(tmp_path, capsys):
    """The dice of a round the battle never reaches are an error naming the first such round, not ignored."""
    path = Path(__file__).resolve().parents[2] / "examples" / "wotr" / "replay_cards.yaml"
    data = yaml.safe_load(path.read_text())
    rounds = len(verbs.replay(scenario_from_dict(data, file="r.yaml")).to_json()["rounds"])
    assert rounds == len(data["rolls"])
    data["rolls"].append({"attacker": {"combat": [2]}, "defender": {"combat": [5]}})
    with pytest.raises(ScenarioError, match=rf"the battle ends in round {rounds} .*1 more round: remove them") as exc:
        verbs.replay(scenario_from_dict(data, file="r.yaml"))
    assert exc.value.path == f"rolls[{rounds}]"
    assert main(["replay", _write(tmp_path, data)]) == 2
    assert f"rolls[{rounds}]" in capsys.readouterr().err


def test_optimize_with_cards_named_for_later_rounds_says_the_hand_is_not_played():
    """Cards named for round 1 and round 2 beside a hand: the card game is round 1's (the card battle plays
    the named cards), the attacker's only option is his named card, and the report says his hand is not
    played; both named cards are listed as applied, none as not modelled."""
    s = _scenario(attacker={"card": [{"name": "Relentless Assault", "self_hits": 1}, {"name": "Onslaught", "round": 2}]})
    rep = verbs.optimize(s)
    assert rep.cards.rows == ["Relentless Assault"] and rep.cards.rounds == "first"
    assert "the attacker plays Relentless Assault in round 1, as named: its hand is not played" in rep.cards.why_first_only
    data = rep.to_json()
    assert [(n["card"], n["round"]) for n in data["named_cards"]] == [("Relentless Assault", 1), ("Onslaught", 2)]
    assert data["unmodelled"] == []


def test_optimize_value_with_the_named_card_is_the_defenders_best_answer_to_it():
    """One round (max_rounds 1): the attacker's only play is his named card, so the card game's value is
    the least, over the defender's options (no card or a card of his hand), of the chance that the
    attacker wins with those two cards named, as `odds` computes it; the attacker's hand plays no part."""
    data = json.loads(json.dumps(BASE))
    data["rules"]["max_rounds"] = 1
    rep = verbs.optimize(scenario_from_dict(data, file="one.yaml"))
    values = []
    for answer in (None, "Shield-wall", "No Quarter"):
        one = json.loads(json.dumps(data))
        del one["attacker"]["hand"], one["defender"]["hand"]
        if answer:
            one["defender"]["card"] = answer
        outcomes = verbs.odds(scenario_from_dict(one, file="o.yaml")).to_json()["policies"]["downgrade_first"]
        values.append(Fraction(outcomes["outcomes"].get("attacker_wins", {"exact": "0"})["exact"]))
    assert rep.cards.rows == ["Relentless Assault"]
    assert rep.cards.value == min(values) and 0 < min(values) < max(values)


def test_tree_refuses_a_named_card_beside_a_hand_and_a_hand(tmp_path, capsys):
    """`tree` builds the battle without Combat cards: a named card (beside a hand too) and a hand are
    each refused with one error, never drawn without them."""
    assert main(["tree", _write(tmp_path, BASE), "-o", str(tmp_path / "t.graphml")]) == 2
    assert "does not model named Combat cards (Relentless Assault)" in capsys.readouterr().err
    data = json.loads(json.dumps(BASE))
    del data["attacker"]["card"]
    assert main(["tree", _write(tmp_path, data), "-o", str(tmp_path / "t.graphml")]) == 2
    err = capsys.readouterr().err
    assert "does not model Combat cards in hand (attacker: Deadly Strife, Great Host; defender: Shield-wall" in err
    assert not (tmp_path / "t.graphml").exists()


def test_optimize_refuses_a_named_card_its_side_may_not_play_here_as_odds_does():
    """Mighty Attack needs a Companion in the battle (WOTR-CARD-5): named beside a hand by a side without
    one, `optimize` refuses it with the field, as `odds` does, rather than forcing it into round 1."""
    data = json.loads(json.dumps(BASE))
    data["defender"]["card"] = "Mighty Attack"
    s = scenario_from_dict(data, file="m.yaml")
    for verb in (verbs.odds, verbs.optimize):
        with pytest.raises(ScenarioError, match="the defender cannot play Mighty Attack here") as exc:
            verb(s)
        assert exc.value.path == "defender.card"
