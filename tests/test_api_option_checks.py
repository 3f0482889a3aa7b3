"""The Python API checks a verb's options as the CLI does (the option's type and bounds, its choices, a
flag of true or false), and every wrong value is one PycombatError naming the option, never a Python
exception from deep inside a verb; the flags are a mapping; replay's dice are checked whether they come as
text or as a list."""
from __future__ import annotations

import pytest

import pycombat
from pycombat import PycombatError

TWO = pycombat.example("meccg", "two_on_two.yaml")
WIND = pycombat.example("meccg", "wind_throne.yaml")


@pytest.mark.parametrize("verb, options, message", [
    ("enumerate", {"limit": -1}, "--limit: must be at least 1, not -1"),
    ("enumerate", {"limit": True}, "--limit: True is not a whole number"),
    ("enumerate", {"limit": "three"}, "--limit: 'three' is not a whole number"),
    ("enumerate", {"count": "yes"}, "--count: true or false, not 'yes'"),
    ("optimize", {"top": 0}, "--top: must be at least 1, not 0"),
    ("optimize", {"max_nodes": 2.5}, "--max-nodes: 2.5 is not a whole number"),
])
def test_a_wrong_option_value_is_refused_naming_the_option(verb, options, message):
    with pytest.raises(PycombatError) as got:
        pycombat.load(TWO).run(verb, **options)
    assert str(got.value) == message


def test_an_option_given_as_text_is_read_as_the_cli_reads_it():
    s = pycombat.load(TWO)
    assert s.enumerate(limit="2").to_json() == s.enumerate(limit=2).to_json()


def test_flags_must_be_a_mapping():
    with pytest.raises(PycombatError, match="flags: a mapping of flag names to values"):
        pycombat.load(TWO, flags="phase2_assignment=optional")


@pytest.mark.parametrize("rolls", [[100] * 12, [0] * 12, [True] * 12, [8.5] * 12, 12, [[8]]])
def test_replay_dice_from_a_list_are_checked_as_2d6_totals(rolls):
    with pytest.raises(PycombatError, match="--rolls: "):
        pycombat.load(WIND).replay(rolls=rolls)


def test_replay_dice_as_a_list_or_as_text_give_one_narration():
    s = pycombat.load(WIND)
    text = s.replay(rolls="8,8,6,9,5,7,7,7,7,7,7,7,7").to_json()
    assert s.replay(rolls=[8, 8, 6, 9, 5, 7, 7, 7, 7, 7, 7, 7, 7]).to_json() == text


def test_wotr_replay_dice_are_the_rolls_list_or_its_text():
    s = pycombat.load(pycombat.example("wotr", "osgiliath.yaml"))
    with pytest.raises(PycombatError, match="--rolls: expected the `rolls:` list"):
        s.replay(rolls=42)
