"""pycombat.frozen.replace against dataclasses.replace: the same values and the same errors, the fast copy
taken only where it is the same thing."""
from __future__ import annotations

import dataclasses
from dataclasses import InitVar, dataclass, field
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycombat import frozen
from pycombat.frozen import replace


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple = ()
    c: str | None = None
    d: frozenset = field(default=frozenset(), compare=False)


@dataclass(frozen=True)
class Posted:
    a: int
    b: int = 0

    def __post_init__(self):
        object.__setattr__(self, "b", self.a * 2)  # a derived field: replace must run it again


@dataclass(frozen=True)
class Hidden:
    a: int
    b: int = field(default=5, init=False)


@dataclass(frozen=True)
class WithInitVar:
    a: int
    scale: InitVar[int] = 1


@dataclass(frozen=True)
class WithClassVar:
    a: int
    kind: ClassVar[str] = "x"


@dataclass
class Mutable:
    a: int


@dataclass(frozen=True)
class OwnInit:
    a: int

    def __init__(self, a):  # a class's own __init__: dataclass keeps it
        object.__setattr__(self, "a", a + 1)


def _both(obj, **changes):
    """(dataclasses.replace's outcome, frozen.replace's): a value, or the error's type and text."""
    out = []
    for fn in (dataclasses.replace, replace):
        try:
            out.append(("value", fn(obj, **changes)))
        except (TypeError, ValueError) as exc:
            out.append((type(exc), str(exc)))
    return out


@given(a=st.integers(), b=st.tuples(st.integers()), c=st.none() | st.text(max_size=3),
       na=st.none() | st.integers(), nb=st.none() | st.tuples(st.integers()), nc=st.none() | st.text(max_size=3))
def test_the_fast_copy_is_the_same_value(a, b, c, na, nb, nc):
    obj = Plain(a, b, c)
    changes = {k: v for k, v in (("a", na), ("b", nb), ("c", nc)) if v is not None}
    slow, fast = _both(obj, **changes)
    assert slow == fast
    got = fast[1]
    assert type(got) is Plain and vars(got) == vars(slow[1])
    assert hash(got) == hash(slow[1])
    assert got is not obj
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.a = 1  # still frozen


def test_the_fast_copy_is_taken_only_where_it_is_exact():
    assert replace(Plain(1), a=2) == Plain(2)
    assert frozen._FIELDS[Plain] == {"a", "b", "c", "d"}
    for cls in (Posted, Hidden, WithInitVar, WithClassVar, Mutable, OwnInit):
        replace(cls(1), a=3)
        assert frozen._FIELDS[cls] is None, cls


@pytest.mark.parametrize("obj, changes", [
    (Posted(1), {"a": 4}),  # __post_init__ runs again: b follows a
    (Hidden(1), {"a": 2}),
    (Hidden(1), {"b": 2}),  # an init=False field: ValueError
    (WithInitVar(1), {"a": 2}),  # an InitVar without default: ValueError
    (WithClassVar(1), {"a": 2}),
    (Mutable(1), {"a": 2}),
    (OwnInit(1), {"a": 2}),
    (Plain(1), {"z": 2}),  # not a field: TypeError
])
def test_every_other_case_is_dataclasses_replace(obj, changes):
    slow, fast = _both(obj, **changes)
    assert slow == fast


def test_an_instance_holding_more_than_its_fields_is_copied_by_init():
    """An attribute kept on an instance besides its fields (a cache) is not carried to the copy."""
    obj = Plain(1)
    object.__setattr__(obj, "_cached", 99)
    got = replace(obj, a=2)
    assert got == Plain(2) and not hasattr(got, "_cached")
