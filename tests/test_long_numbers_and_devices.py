"""Input too large for Python's own readers is refused as bad input: a number of more digits than Python
reads (4,300) is named with its line and column in YAML and JSON alike, and a message about a huge number
gives its size, not its digits; batch reads a file as every verb does (a device such as /dev/zero is
refused, never read without end)."""
from __future__ import annotations

import math

from hypothesis import given, strategies as st

from pycombat.batch import expand_inputs
from pycombat.cli import main
from pycombat.schemaspec import _num

DIGITS = "9" * 5000


def test_a_yaml_number_of_5000_digits_is_refused_with_its_place(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(f"game: meccg\nattacker:\n  prowess: {DIGITS}\n", encoding="utf-8")
    assert main(["odds", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 3, column 12: a number of 5,000 digits" in err and "Exceeds" not in err


def test_a_json_number_of_5000_digits_is_refused_with_its_place(tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text('{"game": "meccg", "x": ' + DIGITS + "}", encoding="utf-8")
    assert main(["odds", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 1, column 24: a number of 5,000 digits" in err and "Exceeds" not in err


@given(st.integers(min_value=-10 ** 6000, max_value=10 ** 6000) | st.integers())
def test_a_number_in_a_message_is_its_digits_or_their_count(n):
    digits = 1 if n == 0 else math.floor(math.log10(abs(n))) + 1
    if abs(n) >= 10 ** digits:  # (log10 of a huge int rounds)
        digits += 1
    elif abs(n) < 10 ** (digits - 1):
        digits -= 1
    assert _num(n) == (str(n) if digits <= 20 else f"a number of {digits:,} digits")


def test_batch_refuses_a_device_as_the_verbs_do(capsys):
    items = dict(expand_inputs(["/dev/zero", "/dev/null"]))
    assert items == {p: ("error", "is not a regular file (a device, a pipe or a socket); give a scenario file")
                     for p in ("/dev/zero", "/dev/null")}


def test_pretty_without_json_is_refused(capsys):
    assert main(["enumerate", "--pretty"]) == 2
    assert "--pretty indents the JSON output: give --json too" in capsys.readouterr().err
