"""Position claims given as ``kind:`` and fields: each field is read against the values it may take
(Nations, regions, cards by name in any case; figures, decks, sides and die results from closed
lists; numbers as numbers). A wrong field is one error naming the file and ``claims[i].field``
(exit 2), never a traceback, and no field's text reaches the ASP program as rule text."""
from __future__ import annotations

import pytest

from pycombat.cli import main

HEAD = """game: wotr
title: "kind claims"
politics: {Gondor: at_war, Sauron: at_war}
position:
  regions:
    Osgiliath: {units: {Gondor: {regulars: 2}}}
    North Ithilien: {units: {Sauron: {regulars: 3}}}
action: {side: free_peoples, die: army_muster, elven_rings: 1}
hand: [Mithril Coat and Sting, {name: X card, type: army}]
decks: {character: 3, strategy: 0}
claims:
"""


def _verify(tmp_path, capsys, claim: str):
    path = tmp_path / "claims.yaml"
    path.write_text(HEAD + f"  - {claim}\n", encoding="utf-8")
    code = main(["verify", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("claim,field,words", [
    ("{id: k, kind: place, by: muster_die, nation: Gondr, figure: regular, count: 1, region: Pelargir}",
     "nation", "unknown nation 'Gondr'; did you mean 'Gondor'?"),
    ('{id: k, kind: place, by: muster_die, nation: "x). bad(1", figure: regular, count: 1, region: Pelargir}',
     "nation", "unknown nation 'x). bad(1'"),
    ("{id: k, kind: place, by: muster_die, nation: Gondor, figure: dragon, count: 1, region: Pelargir}",
     "figure", "'dragon' is not a figure"),
    ("{id: k, kind: place, by: muster_die, nation: Gondor, figure: regulr, count: 1, region: Pelargir}",
     "figure", "did you mean 'regular'?"),
    ("{id: k, kind: place, nation: Gondor, figure: regular, count: 1, region: Pelargir}",
     "by", "is required: `muster_die`"),
    ("{id: k, kind: place, by: muster_die, nation: Gondor, figure: regular, count: 1, region: Pelargr}",
     "region", "did you mean 'Pelargir'?"),
    ("{id: k, kind: die_face, side: Sauron, face: eye}", "side", "'Sauron' is not a side"),
    ("{id: k, kind: die_face, side: shadow, face: dragon}", "face", "'dragon' is not a die result"),
    ("{id: k, kind: elven_ring, result: Armee}", "result", "did you mean 'army'?"),
    ("{id: k, kind: may_draw, deck: Strategie}", "deck", "did you mean 'strategy'?"),
    ("{id: k, kind: move_count}", "value", "is required"),
    ("{id: k, kind: move_count, value: five}", "value", "must be a whole number"),
    ("{id: k, kind: hand_excess, value: 1, count: 1}", "count", "not both"),
    ("{id: k, kind: hand_limit, card: X card}", "card", "a `hand_limit` claim has no `card:` field"),
    ("{id: k, claim: there are 5 legal moves, nation: Gondor}", "nation", "a claim sentence takes no `nation:`"),
])
def test_a_wrong_field_is_one_error_naming_its_path(tmp_path, capsys, claim, field, words):
    code, out, err = _verify(tmp_path, capsys, claim)
    assert code == 2
    assert f"claims.yaml: claims[0].{field}: " in err and words in err
    assert "Traceback" not in err and "unsafe" not in err


@pytest.mark.parametrize("claim,sentence", [
    # the schema's form (capitalised Nation, region by name) and the lower-case one: the same claim as the sentence
    ("{id: k, kind: place, by: muster_die, nation: Gondor, figure: regular, count: 1, region: Pelargir}",
     "TRUE  a muster die may recruit 1 Gondor Regular in Pelargir"),
    ("{id: k, kind: place, by: Muster Die, nation: gondor, figure: Regulars, count: 1, region: pelargir}",
     "TRUE  a muster die may recruit 1 Gondor Regular in Pelargir"),
    ("{id: k, kind: die_face, side: Shadow, face: Eye}", "TRUE  the Shadow dice have an Eye face"),
    ("{id: k, kind: die_face, side: Free Peoples, face: Eye}", "FALSE the Free Peoples dice have an Eye face"),
    ("{id: k, kind: elven_ring, result: Character}", "TRUE  an Elven Ring may change the die to a Character"),
    ("{id: k, kind: may_draw, deck: Strategy, die: event}", "FALSE the player may draw a strategy card"),
    ("{id: k, kind: hand_excess, count: 0}", "TRUE  the player must discard 0 cards"),
    ("{id: k, kind: move_count, count: 14}", "TRUE  there are 14 legal moves"),
    ("{id: k, kind: move_count, value: 5}", "FALSE there are 5 legal moves"),
])
def test_fields_are_read_like_the_sentences(tmp_path, capsys, claim, sentence):
    code, out, err = _verify(tmp_path, capsys, claim)
    assert code == 0, err
    assert sentence in out


def test_the_sentence_and_the_fields_give_the_same_verdict(tmp_path, capsys):
    """`nation: gondor` (lower case) is Gondor, as in the sentence."""
    _, by_fields, _ = _verify(tmp_path, capsys, "{id: k, kind: place, by: muster_die, nation: gondor, figure: regular, "
                                                "count: 1, region: Dol Amroth}")
    _, by_sentence, _ = _verify(tmp_path, capsys, "{id: k, claim: a muster die may recruit 1 gondor regular in dol amroth}")
    assert by_fields.splitlines()[-2:] == by_sentence.splitlines()[-2:]  # the rules and notes (the text is as written)
    assert "TRUE  a muster die may recruit 1 Gondor Regular in Dol Amroth" in by_fields


def test_a_shipped_card_not_in_the_hand_is_said_so(tmp_path, capsys):
    """Deadly Strife is a shipped Combat card, printed on three Events, none in this hand: not "unknown"."""
    code, _, err = _verify(tmp_path, capsys, "{id: k, kind: combat_card, card: Deadly Strife}")
    assert code == 2
    assert "claims[0].card: 'Deadly Strife' (the Combat card of" in err
    assert "is not in the hand (the hand: Mithril Coat and Sting, X card)" in err
    assert "unknown card" not in err
    code, _, err = _verify(tmp_path, capsys, "{id: k, claim: Return to Valinor may be played as a combat card}")
    assert code == 2 and "'Return to Valinor' is not in the hand" in err
    code, _, err = _verify(tmp_path, capsys, "{id: k, kind: combat_card, card: Mithril Coat and Stin}")
    assert code == 2 and "did you mean 'Mithril Coat and Sting'?" in err
