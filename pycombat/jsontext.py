"""JSON text: how every report, batch line and ``--json`` output is written.

One encoder for all of them, so the same data is always the same text. Compact text (one line, no
spaces) comes from :mod:`orjson`, which writes a report of a hundred kilobytes in a tenth of the time
of the standard library's encoder; ``pretty`` text is indented by one space per level, as before.

Both write what :func:`json.dumps` would (``ensure_ascii=False``: non-ASCII text as it is), with two
differences of spelling, never of value:

* floats are written as JavaScript writes them: ``0.000068`` and ``1e-7`` where Python writes
  ``6.8e-05`` and ``1e-07`` (the same numbers when read back);
* a document orjson cannot write (an integer beyond 64 bits, a lone surrogate in a string) is written
  by the standard library instead, with Python's float spelling.

A float that is not a number (NaN, an infinity) is no JSON: orjson writes ``null`` where the
standard library writes ``NaN``. No report holds one (every figure is a Fraction's decimal).

Anything that is not plain JSON data (a dataclass, a ``Fraction``, a set) is refused with the
standard library's ``TypeError``, as before: orjson is told not to write dataclasses itself.

>>> dumps({"exact": "1/3", "decimal": 0.333333, "count": 2, "units": (1, 0), "name": "Éomer"})
'{"exact":"1/3","decimal":0.333333,"count":2,"units":[1,0],"name":"Éomer"}'
>>> print(dumps({"a": [1, {"b": None}]}, pretty=True))
{
 "a": [
  1,
  {
   "b": null
  }
 ]
}
>>> dumps({1: 2 ** 70})  # beyond 64 bits: the standard library writes it (integer keys as text)
'{"1":1180591620717411303424}'
"""
from __future__ import annotations

import json
from typing import Any

import orjson

_COMPACT = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_FALLBACK = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def dumps(obj: Any, *, pretty: bool = False) -> str:
    """``obj`` (plain JSON data: dicts, lists, tuples, strings, numbers, booleans, None) as JSON text:
    compact on one line, or indented one space per level with ``pretty``."""
    if pretty:
        return json.dumps(obj, ensure_ascii=False, indent=1)
    try:
        return orjson.dumps(obj, option=_COMPACT).decode()
    except orjson.JSONEncodeError:  # (a TypeError) an integer beyond 64 bits, a lone surrogate, a type it refuses
        return _FALLBACK(obj)
