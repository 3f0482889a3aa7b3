"""Game-neutral name matching: normalisation, "did you mean" suggestions and a name index.

Users type card, character and flag names by hand, often without accents, with straight
apostrophes, or with a hyphen left out. :func:`normalize` maps all of those spellings to one
key; :func:`closest` proposes the nearest known names when a lookup fails; and
:class:`NameIndex` finds records by id or by name.

>>> normalize("Thrór’s  Map")
"thror's map"
>>> closest("Odacer", ["Odoacer", "Gandalf", "Orcrist"])
['Odoacer']
"""
from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterable
from typing import Generic, TypeVar

T = TypeVar("T")

__all__ = ["normalize", "normalize_id", "closest", "NameIndex"]

#: Typographic quotes and accents that users type as a plain apostrophe or quote.
_QUOTES = str.maketrans({
    "\u2019": "'",  # ’ right single quotation mark
    "\u2018": "'",  # ‘ left single quotation mark
    "\u00b4": "'",  # ´ acute accent
    "`": "'",
    "\u02bc": "'",  # ʼ modifier letter apostrophe
    "\u201c": '"',  # “
    "\u201d": '"',  # ”
})

#: Characters treated like a space: hyphens (plain and typographic) and underscores.
_SEPARATORS = re.compile(r"[\s\-_\u2010\u2011\u2012\u2013\u2014]+")

#: Default similarity cutoff for :func:`closest` (difflib ratio, 0..1).
CUTOFF = 0.6

#: Score given to a candidate that contains the query as a whole word sequence.
_CONTAINS_SCORE = 0.85


def _strip_accents(text: str) -> str:
    """Decompose (NFKD) and drop combining marks.

    >>> _strip_accents("Éomer, Fána, Palantír")
    'Eomer, Fana, Palantir'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@functools.lru_cache(maxsize=1 << 16)  # (pure; the readers ask the same names again and again)
def normalize(name: str) -> str:
    """Return the matching key of a display name.

    Case-folds, strips accents, maps typographic apostrophes and quotes to ASCII, treats
    ``-`` and ``_`` like spaces, and collapses runs of whitespace.

    >>> normalize("Éomer")
    'eomer'
    >>> normalize("  Fána ")
    'fana'
    >>> normalize("Saw-toothed Blade") == normalize("saw toothed  blade")
    True
    >>> normalize("Durin’s Axe") == normalize("Durin's Axe") == normalize("Durin`s axe")
    True
    >>> normalize("phase2_assignment")
    'phase2 assignment'
    """
    text = _strip_accents(name.translate(_QUOTES)).casefold()
    return _SEPARATORS.sub(" ", text).strip()


@functools.lru_cache(maxsize=1 << 16)
def normalize_id(card_id: str) -> str:
    """Return the matching key of an id such as ``TW-156``.

    Ids match case-insensitively; a space or underscore may stand for the hyphen.

    >>> normalize_id(" tw_156 ")
    'TW-156'
    >>> normalize_id("tw 156") == normalize_id("TW-156")
    True
    """
    return re.sub(r"[\s_]+", "-", card_id.strip()).upper()


def _contains_words(haystack: str, needle: str) -> bool:
    """True if ``needle`` occurs in ``haystack`` as a whole word sequence (both normalized).

    >>> _contains_words("the balrog", "balrog")
    True
    >>> _contains_words("balrogs", "balrog")
    False
    >>> _contains_words("grond, hammer of the underworld", "grond")  # (punctuation ends a word)
    True
    """
    if not needle or needle == haystack:
        return False
    return f" {_WORD_END.sub(' ', needle)} " in f" {_WORD_END.sub(' ', haystack)} "


#: punctuation that ends a word ("Grond, Hammer of the Underworld"), read as a space when words are matched
_WORD_END = re.compile(r"[,;:!?.()]+")


def with_article(word: str) -> str:
    """``word`` with "a" or "an" before it.

    >>> with_article("Elf"), with_article("Man"), with_article("event")
    ('an Elf', 'a Man', 'an event')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """``"; did you mean 'X'?"`` with the candidate closest to ``name`` (:func:`closest`), or ``""``.

    >>> did_you_mean("kil_mp", ["kill_mp", "survive"]), did_you_mean("zzz", ["win"])
    ("; did you mean 'kill_mp'?", '')
    """
    hint = closest(str(name), candidates, n=1)
    return f"; did you mean {hint[0]!r}?" if hint else ""


def closest(name: str, candidates: Iterable[str], n: int = 3, cutoff: float = CUTOFF) -> list[str]:
    """Return up to ``n`` candidate display names closest to ``name``, best first.

    A candidate qualifies if its normalized form is similar enough (difflib ratio at least
    ``cutoff``) or if it contains the query as a whole word sequence. Exact matches of the
    normalized form come first. Duplicates are dropped.

    >>> closest("Odacer", ["Odoacer", "Gandalf", "Orcrist"])
    ['Odoacer']
    >>> closest("Broad Spear", ["Broad-headed Spear", "Black Arrow", "Orcrist"])
    ['Broad-headed Spear']
    >>> closest("Balrog", ["The Balrog", "The Balrog", "Balrog of Moria", "Bilbo"])
    ['The Balrog', 'Balrog of Moria']
    >>> closest("zzz", ["Gandalf"])
    []
    """
    query = normalize(name)
    if not query or n <= 0:
        return []
    scored: dict[str, tuple[float, float]] = {}
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(query)
    for display in candidates:
        if display in scored:
            continue
        key = normalize(display)
        matcher.set_seq1(key)
        ratio = 1.0 if key == query else matcher.ratio()
        contained = _contains_words(key, query)
        if ratio < cutoff and not contained:
            continue
        score = max(ratio, _CONTAINS_SCORE) if contained else ratio
        scored[display] = (score, ratio)
    ranked = sorted(scored, key=lambda d: (-scored[d][0], -scored[d][1], d))
    return ranked[:n]


class NameIndex(Generic[T]):
    """Look records up by id (case-insensitive) or by normalized display name.

    Several records may share a display name (the same card reprinted in several sets, or
    in hero and minion versions); :meth:`lookup` returns all of them, in insertion order.

    >>> idx = NameIndex([("Gandalf", "TW-156", "hero Gandalf"),
    ...                  ("Gandalf", "WH-4", "fallen Gandalf"),
    ...                  ("Éomer", "TW-146", "Eomer")])
    >>> idx.lookup("gandalf")
    ['hero Gandalf', 'fallen Gandalf']
    >>> idx.lookup("tw-156")
    ['hero Gandalf']
    >>> idx.lookup("EOMER")
    ['Eomer']
    >>> idx.lookup("Gandolf")
    []
    >>> idx.suggest("Gandolf")
    ['Gandalf']
    >>> len(idx), "Gandalf" in idx.names
    (3, True)
    """

    def __init__(self, entries: Iterable[tuple[str, str | None, T]]):
        self._by_id: dict[str, T] = {}
        self._by_name: dict[str, list[T]] = {}
        self._names: dict[str, None] = {}
        self._count = 0
        for display, ident, item in entries:
            self.add(display, ident, item)

    def add(self, display: str, ident: str | None, item: T) -> None:
        """Add one record under its display name and (optional) id."""
        if ident:
            self._by_id.setdefault(normalize_id(ident), item)
        self._by_name.setdefault(normalize(display), []).append(item)
        self._names.setdefault(display, None)
        self._count += 1

    def __len__(self) -> int:
        return self._count

    @property
    def names(self) -> list[str]:
        """Distinct display names, in insertion order."""
        return list(self._names)

    def lookup(self, query: str) -> list[T]:
        """All records whose id or normalized name matches ``query`` (empty if none).

        An id match wins over a name match.
        """
        by_id = self._by_id.get(normalize_id(query))
        if by_id is not None:
            return [by_id]
        return list(self._by_name.get(normalize(query), ()))

    def suggest(self, query: str, n: int = 3) -> list[str]:
        """Closest display names to ``query`` (see :func:`closest`)."""
        return closest(query, self._names, n=n)
