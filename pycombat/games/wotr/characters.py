"""War of the Ring Characters (Companions, Minions, Gollum) from the shipped data, by name.

Facts only (``data/characters.json``, copy of ``../shared/data/wotr``; digest section 19):
Level, Leadership, Captain of the West, and the combat-relevant special abilities, which
:mod:`.battle.strength` applies with their rule ids (WOTR-STR-8..11).

>>> db = load_characters()
>>> wk = db.character("witch king")
>>> wk.name, wk.leadership, wk.counts_as_nazgul
('The Witch-king', 2, True)
>>> db.character("Aragorn").captain_of_the_west, db.character("Gandalf the White").white_rider
(True, True)
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources

from ...errors import ScenarioError, UnknownNameError
from ...names import NameIndex

DATA_PACKAGE = "pycombat.games.wotr.data"


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    side: str  #: free_peoples | shadow
    kind: str  #: companion | minion | character (Gollum)
    level: int | None  #: None for the Witch-king (he flies like a Nazgûl)
    leadership: int
    captain_of_the_west: bool  #: WOTR-STR-8
    counts_as_nazgul: bool = False  #: the Witch-king (WOTR-STR-10)
    white_rider: bool = False  #: Gandalf the White (WOTR-STR-11)
    servants_of_the_white_hand: bool = False  #: Saruman (WOTR-STR-9)
    replaces: str | None = None
    starts_in_fellowship: bool = False  #: one of the 7 starting Companions
    shadowfax: bool = False  #: Gandalf the White: Level 4 for movement alone or with one Hobbit (WOTR-CHMOVE-10)
    hobbit: bool = False  #: Meriadoc, Peregrin (for Shadowfax)
    abilities: tuple[str, ...] = ()  #: the names of its abilities as printed (characters.json ``ability_names``)
    #: an ability drawing an Event card in a battle, as characters.json's ``special_flags`` words it (the
    #: Witch-king's Sorcerer), else "": the card game does not model the card drawn (:mod:`.unmodelled`)
    draws_in_battle: str = ""

    def __str__(self) -> str:
        return self.name

    @property
    def never_moves(self) -> str | None:
        """Why the Character never moves (WOTR-CHMOVE-8: Saruman never leaves Orthanc, a Level-0 Character
        never moves), else None."""
        if self.servants_of_the_white_hand:
            return f"{self.name} never leaves Orthanc"
        if self.level == 0:
            return f"{self.name} is Level 0: a Level-0 Character never moves"
        return None


#: short names players use
ALIASES = {"witch-king": ("Witch-king", "Witch King", "Witchking", "WK", "Angmar"),
           "mouth-of-sauron": ("Mouth of Sauron", "Mouth"), "gandalf-grey": ("Gandalf Grey",),
           "gandalf-white": ("Gandalf White", "White Rider"), "meriadoc": ("Merry",), "peregrin": ("Pippin",),
           "aragorn": ("Aragorn, Heir to Isildur", "Heir to Isildur")}


#: short names that fit several characters: refused, with the candidates (never resolved silently)
AMBIGUOUS = {"Gandalf": ("gandalf-grey", "gandalf-white")}


class CharacterDB:
    def __init__(self, records: list[Character]):
        self.characters = {c.id: c for c in records}
        self._index: NameIndex[Character] = NameIndex([])
        for c in records:
            self._index.add(c.name, c.id, c)
            for alias in ALIASES.get(c.id, ()):
                self._index.add(alias, None, c)
        for word, ids in AMBIGUOUS.items():
            for cid in ids:
                self._index.add(word, None, self.characters[cid])

    def __iter__(self):
        return iter(self.characters.values())

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.characters.values()]

    def character(self, name: str, *, file: str | None = None, path: str | None = None) -> Character:
        found = self._index.lookup(str(name))
        if not found:
            raise UnknownNameError("character", str(name), self._index.suggest(str(name)), file=file, path=path)
        ids = list(dict.fromkeys(c.id for c in found))
        if len(ids) > 1:
            names = [self.characters[i].name for i in ids]
            raise ScenarioError(f"ambiguous character {str(name)!r}: it may be " + " or ".join(repr(n) for n in names)
                                + "; name one of them", file=file, path=path)
        return found[0]


@functools.cache
def load_characters() -> CharacterDB:
    text = resources.files(DATA_PACKAGE).joinpath("characters.json").read_text(encoding="utf-8")
    out = []
    for rec in json.loads(text)["records"]:
        flags = " ".join(rec.get("special_flags") or ())
        out.append(Character(id=rec["id"], name=rec["name"], side=rec["side"], kind=rec["kind"], level=rec["level"],
                             leadership=int(rec["leadership"]), captain_of_the_west=bool(rec["captain_of_the_west"]),
                             counts_as_nazgul="counts-as-nazgul" in flags, white_rider="white-rider" in flags,
                             servants_of_the_white_hand="servants-of-the-white-hand" in flags,
                             replaces=rec.get("replaces"),
                             starts_in_fellowship=bool(rec.get("starts_in_fellowship")),
                             shadowfax="shadowfax" in flags, hobbit="hobbit" in (rec.get("title") or "").lower(),
                             abilities=tuple(rec.get("ability_names") or ()),
                             draws_in_battle=next((f for f in rec.get("special_flags") or () if "draw an Event card" in f),
                                                  "")))
    return CharacterDB(out)
