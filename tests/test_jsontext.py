"""The JSON text of reports (pycombat/jsontext.py): the same values as the standard library's, read back
equal, one text for the CLI, ``Report.dumps`` and the batch lines, and plain-data-only as before."""
from __future__ import annotations

import dataclasses
import io
import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pycombat
from pycombat import jsontext
from pycombat.batch import run_batch
from pycombat.cli import main

KEYS = st.text(max_size=4)
SCALARS = (st.none() | st.booleans() | st.integers() | st.text(max_size=6)
           | st.floats(allow_nan=False, allow_infinity=False))
DOCS = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=6) | st.tuples(kids, kids)
                    | st.dictionaries(KEYS, kids, max_size=5), max_leaves=30)
#: documents without floats and with integers orjson writes itself (64 bits)
PLAIN = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 63, 2 ** 63 - 1) | st.text(max_size=6),
                     lambda kids: st.lists(kids, max_size=6) | st.dictionaries(KEYS, kids, max_size=5),
                     max_leaves=30)


def _plain(x):
    """What JSON keeps of ``x``: tuples become lists."""
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    return x


@settings(max_examples=200, deadline=None)
@given(DOCS)
def test_the_text_reads_back_as_the_same_data(doc):
    text = jsontext.dumps(doc)
    assert "\n" not in text
    assert json.loads(text) == _plain(doc)
    assert json.loads(jsontext.dumps(doc, pretty=True)) == _plain(doc)


@settings(max_examples=200, deadline=None)
@given(PLAIN)
def test_without_floats_the_text_is_the_standard_librarys(doc):
    assert jsontext.dumps(doc) == json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    assert jsontext.dumps(doc, pretty=True) == json.dumps(doc, ensure_ascii=False, indent=1)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_float_is_written_as_the_same_number(x):
    text = jsontext.dumps([x])
    back = json.loads(text)[0]
    assert back == x and math.copysign(1, back) == math.copysign(1, x)


def test_what_is_spelled_differently_and_what_falls_back():
    assert jsontext.dumps([6.8e-05, 1e-07, 0.5]) == "[0.000068,1e-7,0.5]"  # JavaScript's spelling
    assert jsontext.dumps({"n": 2 ** 70, "x": 6.8e-05}) == '{"n":1180591620717411303424,"x":6.8e-05}'  # Python's
    assert jsontext.dumps({1: "a", "é": "ü"}) == '{"1":"a","é":"ü"}'


@pytest.mark.parametrize("bad", [Fraction(1, 3), {1, 2}, object()])
def test_what_is_no_plain_data_is_refused_as_before(bad):
    with pytest.raises(TypeError):
        jsontext.dumps({"x": bad})
    with pytest.raises(TypeError):
        json.dumps({"x": bad})


def test_a_dataclass_is_refused_not_written():
    @dataclasses.dataclass
    class Point:
        x: int = 1

    with pytest.raises(TypeError):
        jsontext.dumps([Point()])


def test_one_text_for_the_cli_the_report_and_the_batch_line(capsys, tmp_path):
    path = str(pycombat.example("wotr", "helms_deep.yaml"))
    report = pycombat.load(path).run("odds")
    text = report.dumps()
    assert main(["odds", path, "--json"]) == 0
    assert capsys.readouterr().out == text + "\n"
    out = io.StringIO()
    run_batch([path], "odds", out=out, workers=1)
    line = out.getvalue().strip()
    assert '"result":' + text in line
    assert json.loads(line)["result"] == json.loads(text)


def test_the_web_page_writes_the_same_text():
    pytest.importorskip("starlette")
    from pycombat.web.app import JSONResponse

    doc = {"decimal": 6.8e-05, "name": "Éomer", "units": [[1, 0]]}
    assert JSONResponse(doc).body == jsontext.dumps(doc).encode("utf-8") == '{"decimal":0.000068,"name":"Éomer","units":[[1,0]]}'.encode()
