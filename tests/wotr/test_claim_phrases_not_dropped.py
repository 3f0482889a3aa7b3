"""A position claim sentence is read whole or refused: a "with a/an ... die" phrase on a claim kind
that takes no die result (a Combat card costs no die, WOTR-CARD-1; whether a card counts as an
attack or is discarded, the hand limit) is refused naming the phrase, never dropped; and a sentence
no form reads gets the closest sentence form, as battle claims do."""
from __future__ import annotations

import pytest

from pycombat.cli import main

HEAD = """game: wotr
politics: {Gondor: at_war}
position:
  regions:
    Minas Tirith: {units: {Gondor: {regulars: 3}}}
action: {side: free_peoples, die: character}
hand: [Elven Cloaks, Guards of the Citadel, Wizard's Staff]
claims:
"""


def _run(tmp_path, capsys, claim: str):
    path = tmp_path / "claims.yaml"
    path.write_text(HEAD + f"  - {claim}\n", encoding="utf-8")
    code = main(["verify", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("claim,phrase", [
    ("{claim: Elven Cloaks may be played as a Combat card with an Eye}", "'with an Eye'"),
    ("{claim: Guards of the Citadel counts as an attack with an Army die}", "'with an Army die'"),
    ("{claim: \"Wizard's Staff is discarded once played with a Muster die\"}", "'with a Muster die'"),
    ("{claim: the hand is within the limit with an Eye}", "'with an Eye'"),
    ("{claim: the player must discard 0 cards with an Event die}", "'with an Event die'"),
])
def test_a_die_phrase_the_claim_kind_does_not_read_is_refused(tmp_path, capsys, claim, phrase):
    code, out, err = _run(tmp_path, capsys, claim)
    assert code == 2 and not out
    assert "claims[0].claim" in err and phrase in err and "takes no die result" in err
    assert "Traceback" not in err


def test_a_die_field_on_such_a_sentence_is_refused(tmp_path, capsys):
    code, _, err = _run(tmp_path, capsys, "{claim: Elven Cloaks may be played as a Combat card, die: eye}")
    assert code == 2 and "claims[0].die" in err


def test_a_die_phrase_on_a_card_play_is_still_read(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, "{claim: Elven Cloaks may be played with an Event die}")
    assert code == 0 and "TRUE  Elven Cloaks may be played with an Event die" in out


def test_an_unreadable_position_claim_gets_the_closest_sentence_form(tmp_path, capsys):
    code, _, err = _run(tmp_path, capsys, "{claim: a Muster die may recruits 1 Gondor Regular in Pelargir}")
    assert code == 2
    assert "the closest sentence form: a muster die may recruit <N> <kind> in <region>" in err
