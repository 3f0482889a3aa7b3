"""A claim sentence that matches no form: one error line naming the file and field, the sentence
quoted whole, then the accepted kinds and example sentences, uncut (every game)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import tidy

ROOT = Path(__file__).resolve().parent.parent
ONE_RULING = {"meccg": "seed_attack_structure.yaml", "wotr": "attack_declaration.yaml",
              "riftbound": "seed_example.yaml"}


@pytest.mark.parametrize("game", sorted(ONE_RULING))
def test_an_unreadable_claim_lists_the_forms(game, tmp_path, capsys):
    data = yaml.safe_load((ROOT / "examples" / "rulings" / game / ONE_RULING[game]).read_text())
    data["claims"] = ["the moon is made of cheese"]
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(data))
    assert main(["verify", str(f)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"pycombat: {f}: claims[0].claim: cannot read the claim 'the moon is made of cheese'")
    assert err[1].startswith("  claim kinds (")
    kinds = err[1].split(": ", 1)[1].split(", ")
    assert len(kinds) == int(err[1].split("(")[1].split(")")[0]) >= 3
    assert "..." not in "\n".join(err[1:]), err  # nothing cut
    assert any(line.startswith("  sentences such as \"") for line in err[2:]), err


def test_an_apostrophe_is_no_quote():
    """tidy cuts a long quoted value, never the text between a closing quote and a word's apostrophe."""
    msg = "cannot read 'x'; such as " + ", ".join(f'"unit {i}\'s lethal damage is {i}"' for i in range(12))
    assert tidy(msg) == msg[:285] + "..." if len(msg) > 288 else tidy(msg) == msg
    assert "'..." not in tidy(msg)
    long_quote = "unknown '" + "y" * 200 + "'"
    assert tidy(long_quote).endswith("'...") and len(tidy(long_quote)) < 100


def _books():
    from claim_pattern_probe import books  # every registered claim book

    for game, book in books():
        if book.templates:
            yield game, [p.pattern for p, _ in book.templates]


def _sentence(form: str) -> str:
    """A sentence of ``form``, written here: a number for <N>, a name for any other placeholder, the first
    word of each choice ("attacker/defender" -> "attacker")."""
    words = []
    for token in form.split(" "):
        token = "3" if token == "<N>" else "Gandalf" if token.startswith("<") and token.endswith(">") else token
        words.append(token.split("/")[0])
    return " ".join(words)


def test_a_mistyped_sentence_is_offered_its_form():
    """Every shipped claim pattern (every game) reads as a form with no pattern syntax left, and a sentence
    of that form with a typo in its longest word (which no pattern then reads) is offered that form, or one
    with the same words, as the closest; a sentence of no form is offered none."""
    from pycombat.sentences import closest_form, form_of

    checked = 0
    for game, patterns in _books():
        for p in patterns:
            form = form_of(p)
            assert not set(form) & set("\\[]{}()?*+^$|"), (game, p, form)
            literal = [w for w in re.findall(r"[A-Za-z]{4,}", _sentence(form)) if w != "Gandalf"]
            if len(form.replace("<", " <").split()) - form.count("<") < 2 or not literal:
                continue  # (a form of one word besides its placeholders is offered to no typo)
            longest = max(literal, key=len)
            typo = _sentence(form).replace(longest, longest[:-2] + longest[-1], 1)
            got = closest_form(typo, patterns)
            assert got is not None, (game, form, typo)
            same = [w for w in got.split() if not w.startswith("<")] == [w for w in form.split() if not w.startswith("<")]
            assert got == form or same, (game, form, typo, got)
            checked += 1
        assert closest_form("the moon is made of cheese", patterns) is None
    assert checked >= 90


def test_the_error_names_the_closest_form(tmp_path, capsys):
    data = yaml.safe_load((ROOT / "examples" / "rulings" / "meccg" / "aiglos_doors_of_night.yaml").read_text())
    data["claims"] = ["the final prowes of Aragorn II in strike 1 is 11"]
    f = tmp_path / "typo.yaml"
    f.write_text(yaml.safe_dump(data))
    assert main(["verify", str(f)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("cannot read the claim 'the final prowes of Aragorn II in strike 1 is 11': write it as one "
                           "of the game's sentences or give `kind:` and its fields")
    assert err[1] == "  the closest sentence form: the final prowess of <character> in strike <N> is <N>"
    assert err[2].startswith("  claim kinds (")


#: per game, a sentence claim and the `kind:` claim that says something else
MIXED = {"meccg": ({"claim": "the attack is legal"}, {"kind": "final_prowess", "character": "Thorin II", "strike": 1,
                                                        "value": 13}),
         "wotr": ({"claim": "the attack is legal"}, {"kind": "hits", "role": "attacker", "round": 1, "at_least": 1}),
         "riftbound": ({"claim": "the attacker conquers"}, {"kind": "outcome", "outcome": "hold"})}


@pytest.mark.parametrize("game", sorted(ONE_RULING))
def test_a_claim_is_a_sentence_or_a_kind_never_both(game, tmp_path, capsys):
    """A claim entry with a sentence and `kind:` fields is refused: its text would say one claim and its verdict
    decide the other."""
    data = yaml.safe_load((ROOT / "examples" / "rulings" / game / ONE_RULING[game]).read_text())
    sentence, kind = MIXED[game]
    data["claims"] = [{**sentence, **kind}]
    f = tmp_path / "mixed.yaml"
    f.write_text(yaml.safe_dump(data))
    assert main(["verify", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pycombat: {f}: claims[0]") and "claim, kind" in err, err


@pytest.mark.parametrize("game", sorted(ONE_RULING))
def test_a_sentence_claim_takes_no_negated_field(game, tmp_path, capsys):
    data = yaml.safe_load((ROOT / "examples" / "rulings" / game / ONE_RULING[game]).read_text())
    data["claims"] = [{**MIXED[game][0], "negated": True}]
    f = tmp_path / "negated.yaml"
    f.write_text(yaml.safe_dump(data))
    assert main(["verify", str(f)]) == 2
    assert capsys.readouterr().err.startswith(f"pycombat: {f}: claims[0].negated: `negated:` belongs to a `kind:`")


def test_a_field_may_not_undo_what_the_sentence_says(tmp_path, capsys):
    data = yaml.safe_load((ROOT / "examples" / "rulings" / "meccg" / "biter_and_beater.yaml").read_text())
    data["claims"] = [{"claim": "the final prowess of Thorin II in strike 1 is 14", "value": 13}]
    f = tmp_path / "undo.yaml"
    f.write_text(yaml.safe_dump(data))
    assert main(["verify", str(f)]) == 2
    assert "claims[0].value: the sentence already gives `value` (14)" in capsys.readouterr().err
