"""Copies of frozen dataclass values with some fields changed: :func:`replace`.

``dataclasses.replace`` reads every field and calls the generated ``__init__``, which sets each field
through ``object.__setattr__``: about 10 µs for a value of 45 fields (a Riftbound unit). A search makes
such copies at every move. :func:`replace` gives the same value by copying the instance's fields at
once, for the classes where that is the same thing; every other call goes to ``dataclasses.replace``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> replace(Point(1, 2), y=5)
Point(x=1, y=5)
>>> replace(Point(1), z=3)
Traceback (most recent call last):
...
TypeError: Point.__init__() got an unexpected keyword argument 'z'
"""
from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_UNSET = object()
#: class -> the names of its fields when the fast copy is exact for it, else None
_FIELDS: dict[type, frozenset[str] | None] = {}


def replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``: the same new value, the same errors.

    The fast copy applies to a frozen dataclass whose ``__init__`` is the generated one, with no
    ``__post_init__``, every field set by ``__init__`` (no ``init=False`` field, no ``InitVar``), and an
    instance holding its fields and nothing else (no cached attribute, which ``__init__`` would not
    carry over); the changes must name fields. Anything else is ``dataclasses.replace``'s."""
    cls = type(obj)
    names = _FIELDS.get(cls, _UNSET)
    if names is _UNSET:
        names = _FIELDS[cls] = _copyable(cls)
    if names is not None:
        own = getattr(obj, "__dict__", None)
        if own is not None and own.keys() == names and changes.keys() <= names:
            out = object.__new__(cls)
            new = out.__dict__
            new.update(own)
            new.update(changes)
            return out
    return dataclasses.replace(obj, **changes)


def _copyable(cls: type) -> frozenset[str] | None:
    """The field names of ``cls`` when copying an instance's ``__dict__`` is what its ``__init__`` does."""
    if not dataclasses.is_dataclass(cls):
        return None
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init or hasattr(cls, "__post_init__"):
        return None
    init = getattr(cls, "__init__", None)
    code = getattr(init, "__code__", None)
    if code is None or code.co_filename != "<string>":  # (a class's own __init__, not the generated one)
        return None
    declared = cls.__dataclass_fields__  # every field, ClassVar and InitVar pseudo-fields too
    fields = dataclasses.fields(cls)
    if len(fields) != len(declared) or not all(f.init for f in fields):
        return None
    return frozenset(f.name for f in fields)
