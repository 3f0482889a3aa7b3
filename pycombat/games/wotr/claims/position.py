"""Claims about a position scenario: movement with a die result, cards and the hand, decided
by the ASP encodings (``move_*.lp`` through :mod:`..position.moves`, ``cards.lp`` through :mod:`..cards.events`).

A claim is a sentence or a ``kind:`` with fields; a negative sentence ("may not", "cannot", "is
not") flips the positive claim's verdict. Sentences:

* ``the Army in Osgiliath may move to Minas Tirith`` (the whole Army: every figure of the mover
  there that can move), ``Legolas and Gimli may move from Lorien to Fangorn``, ``2 Nazgûl may move
  from Morannon to Fangorn``, ``3 Gondor Regulars and 1 Gondor Leader may move from X to Y``;
  ``... and then to Z`` (the same figures a second time, WOTR-MOVE-2); ``the Army in A may move to
  B and the Army in C to D`` (two Armies); any of them ending ``with a Character die`` (another die
  result than the file's);
* ``there are 46305 legal moves``;
* ``Riders of Theoden may be played`` (with the file's die) / ``... with an Army die``,
  ``X may be played as a Combat card``, ``X counts as an attack``, ``X is discarded once played``;
* ``the hand is within the limit``, ``the player must discard 1 card``, ``the player may draw a
  Character card``, ``an Elven Ring may change the die to Army``, ``the Free Peoples dice have an
  Eye face``;
* ``X may bring 2 Gondor Regulars into Minas Tirith`` (a card, WOTR-EVT-6), ``a Muster die may
  recruit 2 Gondor Regulars in Pelargir`` (WOTR-DICE-4).

Structured form: ``{kind: move, steps: [{from: X, to: Y, figures: {units: ..., nazgul: N,
characters: [...]}}], die: character}``.
"""
from __future__ import annotations

from .words import GROUP_TERMS as _GROUP_TERMS, detail_words

import re
from dataclasses import dataclass, replace
from typing import Any

from pycombat.sentences import guard, guard_reader
from pycombat.errors import ScenarioError
from pycombat.in_force import in_force
from pycombat.names import closest, with_article
from pycombat.scenario import Node
from pycombat.verdicts import ClaimBook, verify_claims
from ..board import load_board, load_nations
from ..characters import load_characters
from .claim import NEGATIONS, THIRD_PERSON, Claim, Verdict, engaged_parts
from ..position.facts import MGroup, groups_of
from ..position.scenario import DIE_FACES, DIE_LABEL, POSITION_FLAGS, PositionScenario
from ..reading import _force
from ..cards.event_halves import recruit_parts

KINDS = ("move", "move_count", "card_play", "combat_card", "counts_as_attack", "discarded", "hand_limit",
         "hand_excess", "may_draw", "elven_ring", "die_face", "place")
DIE_WORDS = {"army/muster": "army_muster", "army-muster": "army_muster", "army": "army", "character": "character",
             "muster": "muster", "event": "event", "will of the west": "will_of_the_west", "eye": "eye"}
_DIE = r"(?P<die>army/muster|army-muster|army|character|muster|event|will of the west|eye)"
_WITH_DIE = re.compile(rf"\s+with (?:an? |the )?{_DIE}(?: action)?(?: die result| die| result)?$", re.I)
_KIND = r"(?P<kind>regulars?|elites?|leaders?|nazg[uû]l)"

TEMPLATES: list[tuple[re.Pattern, str]] = [
    (re.compile(r"^there (?:is|are) (?P<value>[\d,]+) legal moves?$", re.I), "move_count"),
    (re.compile(r"^(?P<card>.+?) may be played as a combat card$", re.I), "combat_card"),
    (re.compile(r"^(?P<card>.+?) may be played$", re.I), "card_play"),
    (re.compile(r"^(?:playing )?(?P<card>.+?) counts as an attack(?: on the political track| for political "
                r"purposes)?$", re.I), "counts_as_attack"),
    (re.compile(r"^(?P<card>.+?) is discarded (?:once|after it is|when it is|when) played$", re.I), "discarded"),
    (re.compile(r"^the hand is within the (?:hand )?limit$", re.I), "hand_limit"),
    (re.compile(r"^the player must discard (?P<value>\d+) cards?$", re.I), "hand_excess"),
    (re.compile(r"^the player may draw an? (?P<deck>character|strategy) card$", re.I), "may_draw"),
    (re.compile(rf"^an elven ring may change the die to (?:an? )?{_DIE}$", re.I), "elven_ring"),
    (re.compile(rf"^the (?P<side>shadow|free peoples) dice have an? {_DIE} face$", re.I), "die_face"),
    # (the Nation may be left out of a Nazgûl's: they are Sauron's, WOTR-POL-5)
    (re.compile(rf"^a muster (?:die|result|die result) may recruit (?P<n>\d+) (?:(?P<nation>.+?) )?{_KIND} "
                r"(?:in|into) (?P<region>.+)$", re.I), "recruit"),
    (re.compile(rf"^(?P<card>.+?) may bring (?P<n>\d+) (?:(?P<nation>.+?) )?{_KIND} into (?P<region>.+)$", re.I),
     "place"),
    (re.compile(r"^the army in (?P<f>.+?) may move to (?P<t>.+?) and the army in (?P<f2>.+?) to (?P<t2>.+)$", re.I),
     "two_armies"),
    (re.compile(r"^the army in (?P<f>.+?) may move to (?P<t>.+)$", re.I), "army"),
    (re.compile(r"^(?P<who>.+?) may move from (?P<f>.+?) to (?P<t>.+?) and then (?:on )?to (?P<t2>.+)$", re.I),
     "chain"),
    (re.compile(r"^(?P<who>.+?) may move from (?P<f>.+?) to (?P<t>.+)$", re.I), "figures"),
]
ARG_KEYS = ("die", "steps", "card", "value", "deck", "result", "side", "face", "nation", "figure", "count",
            "region", "by")
#: the flags whose other value may flip a verdict
RELEVANT_FLAGS = POSITION_FLAGS  # (the flags a position's rules read: every other is a battle's)


# ---- reading ------------------------------------------------------------------------------------
#: template kinds read as a `move` (whole Armies, named figures, a second movement) or a `place`
_KIND_OF = {"army": "move", "two_armies": "move", "chain": "move", "figures": "move", "recruit": "place"}


def _read_sentence(candidate: str) -> tuple[str, dict] | None:
    """A sentence's kind and its words (``_t``: the template, ``_m``: its groups; the names in them
    are read against the scenario by :func:`_fields`), or None."""
    m_die = _WITH_DIE.search(candidate)
    body = candidate[:m_die.start()] if m_die else candidate
    for pattern, kind in TEMPLATES:
        m = pattern.match(body)
        if not m:
            continue
        args: dict[str, Any] = {}
        if m_die and kind not in ("elven_ring", "die_face"):
            args["die"] = m_die["die"]
            args["_w"] = m_die.group(0).strip()  # the phrase as written, for an error naming it
        elif m_die:  # the die is part of those sentences: match the whole sentence
            m = pattern.match(candidate)
            if not m:
                continue
        got = {k: v for k, v in m.groupdict().items() if v is not None}
        return _KIND_OF.get(kind, kind), {**args, "_t": kind, "_m": got}
    return None


def _fields(n: Node, s: PositionScenario, args: dict) -> dict:
    """The claim's names read against the position (regions, figures, cards), in ``args``; its
    ``steps:`` and ``die:`` (read here, not copied as they are). Every field is checked against
    the values it may take (:data:`KIND_FIELDS`): the facts built from it hold only ids of the
    shipped data, words of a closed list and numbers."""
    if "_t" in args:  # a sentence: its words, and at most a `die:` field
        for key in ARG_KEYS:
            if key != "die" and n.has(key):
                raise n.error(f"a claim sentence takes no `{key}:` field (the sentence says it; only `die:` may be "
                              "added): write the claim as `kind:` and its fields instead", key)
        template, words, phrase = args.pop("_t"), args.pop("_m"), args.pop("_w", None)
        kind = _KIND_OF.get(template, template)
        if "die" not in KIND_FIELDS[kind] and ("die" in args or n.has("die")):
            said = f"{phrase!r}" if "die" in args else "`die:`"
            raise n.error(f"{said}: {_NO_DIE.get(kind, 'this claim does not depend on the die result')}, so it takes "
                          f"no die result: drop it", "claim" if "die" in args else "die")
        given: dict[str, Any] = {}
        if "die" in args:
            given["die"] = _die(n, s, args.pop("die"), key="claim")
        if n.has("die"):
            given["die"] = _die(n, s, n.str("die"))
        _, out = _build(n, s, template, words, given)
    else:
        out = _structured(n, s, n.str("kind"))
    args.clear()
    args.update(out)
    return {}


def _choice(n: Node, key: str, words: dict[str, str], what: str) -> str:
    """The field ``key`` read as one of ``words`` (any case, spaces or underscores, plurals): its id;
    otherwise an error naming the closest word."""
    raw = n.str(key)
    word = _norm_word(raw)
    if word in words:
        return words[word]
    choices = sorted(set(words.values()))
    hint = closest(word, sorted(words), n=1)
    extra = f"; did you mean {words[hint[0]]!r}?" if hint else ""
    raise n.error(f"{raw!r} is not {what}: one of {', '.join(choices)}{extra}", key)


def _norm_word(text: str) -> str:
    return " ".join(str(text).strip().lower().replace("_", " ").replace("-", " ").replace("/", " ").split())


def _die(n: Node, s: PositionScenario, word: str, key: str = "die") -> str:
    got = _DIE_IDS.get(_norm_word(word))
    if got is None:
        hint = closest(_norm_word(word), sorted(_DIE_IDS), n=1)
        extra = f"; did you mean {_DIE_IDS[hint[0]]!r}?" if hint else ""
        raise n.error(f"{word!r} is not a die result: one of {', '.join(DIE_LABEL)}{extra}", key)
    return got


#: a die result as the user may write it (normalized by :func:`_norm_word`) -> its id
_DIE_IDS = {**{_norm_word(k): v for k, v in DIE_WORDS.items()}, **{_norm_word(k): k for k in DIE_LABEL},
            **{_norm_word(v): k for k, v in DIE_LABEL.items()}, "army muster": "army_muster", "wotw": "will_of_the_west"}
#: a figure kind as the user may write it -> its id (the kinds of ``reinforcements/3`` in cards.lp)
_FIGURE_IDS = {"regular": "regular", "regulars": "regular", "elite": "elite", "elites": "elite",
               "leader": "leader", "leaders": "leader", "nazgul": "nazgul", "nazgûl": "nazgul"}
_DECK_IDS = {"character": "character", "strategy": "strategy"}
_BY_IDS = {"muster die": "muster_die", "muster": "muster_die", "card": "card", "event card": "card"}
_SIDE_IDS = {"free peoples": "free_peoples", "fp": "free_peoples", "freepeoples": "free_peoples",
             "shadow": "shadow"}

#: why a claim kind without a ``die`` field reads no die result (a sentence naming one is refused)
_NO_DIE = {
    "combat_card": "a Combat card is played without an action die (WOTR-EVT-7, WOTR-CARD-1)",
    "counts_as_attack": "whether a card counts as an attack does not depend on the die that plays it (WOTR-POL-3)",
    "discarded": "whether a card is discarded once played does not depend on the die that plays it (WOTR-EVT-4/5)",
    "hand_limit": "the hand limit does not depend on a die result (WOTR-EVT-2)",
    "hand_excess": "the hand limit does not depend on a die result (WOTR-EVT-2)",
    "elven_ring": "an Elven Ring changes the file's die result (`action.die`, WOTR-DICE-7)",
    "die_face": "the sentence names the face itself (WOTR-DICE-1)",
}

#: the fields of each ``kind:`` claim (``value`` of a count also as ``count``); ``die`` is another
#: die result than the file's
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "move": ("steps", "die"), "move_count": ("value", "count", "die"), "card_play": ("card", "die"),
    "combat_card": ("card",), "counts_as_attack": ("card",), "discarded": ("card",), "hand_limit": (),
    "hand_excess": ("value", "count"), "may_draw": ("deck", "die"), "elven_ring": ("result",),
    "die_face": ("side", "face"), "place": ("by", "card", "nation", "figure", "count", "region", "die"),
}


def _number(n: Node, kind: str) -> int:
    """A count claim's number: ``value:`` (or ``count:``), a whole number of at least 0."""
    given = [k for k in ("value", "count") if n.has(k)]
    if len(given) > 1:
        raise n.error(f"a `{kind}` claim takes its number once: `value:` or `count:`, not both", "count")
    if not given:
        raise n.error(f"is required: the number the `{kind}` claim states (`value: N`)", "value")
    return n.int(given[0], minimum=0)


def _region(n: Node, name: str, key: str = "claim") -> str:
    return load_board().region(name.strip(), file=n.file, path=f"{n.path}.{key}").id


def _build(n: Node, s: PositionScenario, kind: str, m: dict, args: dict) -> tuple[str, dict]:
    out = dict(args)
    if kind == "move_count":
        out["value"] = int(m["value"].replace(",", ""))
        return "move_count", out
    if kind in ("combat_card", "card_play", "counts_as_attack", "discarded"):
        out["card"] = m["card"].strip().strip('"').strip("'")
        _known_card(n, s, out["card"])
        return kind, out
    if kind in ("hand_limit",):
        return kind, out
    if kind == "hand_excess":
        out["value"] = int(m["value"])
        return kind, out
    if kind == "may_draw":
        out["deck"] = m["deck"].lower()
        return kind, out
    if kind == "elven_ring":
        out["result"] = DIE_WORDS[m["die"].lower()]
        return kind, out
    if kind == "die_face":
        out["side"] = "shadow" if m["side"].lower() == "shadow" else "free_peoples"
        out["face"] = DIE_WORDS[m["die"].lower()]
        return kind, out
    if kind in ("place", "recruit"):
        word = m["kind"].lower().rstrip("s")
        fig = {"regular": "regular", "elite": "elite", "leader": "leader", "nazgul": "nazgul",
               "nazgûl": "nazgul"}[word]
        if m.get("nation") is None and fig != "nazgul":
            raise n.error(f"names no Nation: say whose {m['kind']} (e.g. \"{m['n']} Gondor {m['kind']}\")", "claim")
        nation = load_nations().nation(m["nation"].strip() if m.get("nation") else "Sauron", file=n.file,
                                       path=f"{n.path}.claim")
        out.update(nation=nation.id, figure=fig, count=int(m["n"]), region=_region(n, m["region"]))
        if kind == "place":
            out["card"] = m["card"].strip()
            _known_card(n, s, out["card"])
            out["by"] = "card"
        else:
            out["by"] = "muster_die"
        return "place", out
    groups = groups_of(s)
    side = s.action.side
    if kind in ("army", "two_armies"):
        steps = [_whole_army(n, s, groups, _region(n, m["f"]), _region(n, m["t"]))]
        if kind == "two_armies":
            steps.append(_whole_army(n, s, groups, _region(n, m["f2"]), _region(n, m["t2"])))
        out["steps"] = steps
        return "move", out
    f, t = _region(n, m["f"]), _region(n, m["t"])
    carried = _figures(n, s, groups, m["who"], f, side)
    out["steps"] = [(f, t, carried)]
    if kind == "chain":
        out["steps"].append((t, _region(n, m["t2"]), dict(carried)))
    return "move", out


def _known_card(n: Node, s: PositionScenario, name: str, key: str = "claim") -> None:
    from ..cards.events import hand_card  # cards (and moves, below) load the solver: only when a claim needs them

    hand_card(s, name, file=n.file, path=f"{n.path}.{key}")


def _whole_army(n: Node, s: PositionScenario, groups: list[MGroup], f: str, t: str):
    chars = load_characters().characters
    mine = [g for g in groups if g.region == f and g.side == s.action.side]
    if not any(g.is_unit for g in mine):
        raise n.error(f"the {s.action.side.replace('_', ' ')} player has no Army units in "
                      f"{load_board().regions[f].name}")
    carried = {}
    for g in mine:
        if g.kind == "character":
            c = chars[g.character]
            if c.never_moves:
                continue  # he never moves (WOTR-CHMOVE-8): the Army moves without him
        carried[g.id] = g.count
    return (f, t, carried)


#: numbers written as words, as a figure count may be ("one Nazgûl", "two Gondor Regulars")
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10}
_FIG = re.compile(rf"^(?P<n>\d+|{'|'.join(_NUMBER_WORDS)})\s+(?:(?P<nation>.+?)\s+)?"
                  r"(?P<kind>regulars?|elites?|leaders?|nazg[uû]l)$", re.I)


def _figures(n: Node, s: PositionScenario, groups: list[MGroup], who: str, f: str, side: str) -> dict[int, int]:
    """``Legolas and Gimli``, ``2 Nazgûl``, ``3 Gondor Regulars, 1 Gondor Leader``: group id -> count."""
    chars = load_characters()
    here = [g for g in groups if g.region == f]
    carried: dict[int, int] = {}
    parts = [p.strip() for p in re.split(r",\s*|\s+and\s+", who) if p.strip()]
    for p in parts:
        p = re.sub(r"^the\s+(?=army|figures)", "", p, flags=re.I)
        m = _FIG.match(p)
        if m:
            k = m["kind"].lower().rstrip("s").replace("û", "u")
            nation = None
            if k != "nazgul":
                if not m["nation"]:
                    raise n.error(f"{p!r}: name the Nation, e.g. '3 Gondor Regulars'", "claim")
                nation = load_nations().nation(m["nation"], file=n.file, path=f"{n.path}.claim").id
            g = next((g for g in here if g.kind == k and g.nation == nation), None)
            want = int(m["n"]) if m["n"].isdigit() else _NUMBER_WORDS[m["n"].lower()]
            if g is None or g.count < want:
                raise n.error(f"{load_board().regions[f].name} holds "
                              f"{g.count if g else 0} of {p!r}", "claim")
            carried[g.id] = carried.get(g.id, 0) + want
            continue
        c = chars.character(p, file=n.file, path=f"{n.path}.claim")
        g = next((g for g in here if g.kind == "character" and g.character == c.id), None)
        if g is None:
            raise n.error(f"{c.name} is not in {load_board().regions[f].name}", "claim")
        carried[g.id] = 1
    return carried


def _structured(n: Node, s: PositionScenario, kind: str) -> dict:
    """A ``kind:`` claim's fields, each read against what it may be (:data:`KIND_FIELDS`)."""
    allowed = KIND_FIELDS[kind]
    for key in ARG_KEYS:
        if n.has(key) and key not in allowed:
            fields = ", ".join(f"`{k}`" for k in allowed) or "none"
            raise n.error(f"a `{kind}` claim has no `{key}:` field (its fields: {fields})", key)
    out: dict[str, Any] = {}
    if "die" in allowed and n.has("die"):
        out["die"] = _die(n, s, n.str("die"))
    if kind == "move":
        out["steps"] = _steps(n, s)
    elif kind in ("move_count", "hand_excess"):
        out["value"] = _number(n, kind)
    elif kind in ("card_play", "combat_card", "counts_as_attack", "discarded"):
        out["card"] = n.str("card")
        _known_card(n, s, out["card"], key="card")
    elif kind == "may_draw":
        out["deck"] = _choice(n, "deck", _DECK_IDS, "an Event deck")
    elif kind == "elven_ring":
        out["result"] = _die(n, s, n.str("result"), key="result")
    elif kind == "die_face":
        out["side"] = _choice(n, "side", _SIDE_IDS, "a side")
        out["face"] = _die(n, s, n.str("face"), key="face")
    elif kind == "place":
        by = _choice(n, "by", _BY_IDS, "what brings the figures into play") if n.has("by") else \
            "card" if n.has("card") else None
        if by is None:
            raise n.error("is required: `muster_die` (recruiting with a Muster result, WOTR-DICE-4) or `card` "
                          "(with `card:`, an Event card, WOTR-EVT-6)", "by")
        if by == "card":
            out["card"] = n.str("card")
            _known_card(n, s, out["card"], key="card")
        elif n.has("card"):
            raise n.error("a Muster die recruits without a card: drop `card:` or say `by: card`", "card")
        out["by"] = by
        out["nation"] = load_nations().nation(n.str("nation"), file=n.file, path=f"{n.path}.nation").id
        out["figure"] = _choice(n, "figure", _FIGURE_IDS, "a figure")
        out["count"] = n.int("count", 1, minimum=1)
        out["region"] = load_board().region(n.str("region"), file=n.file, path=f"{n.path}.region").id
    return out


def _steps(n: Node, s: PositionScenario) -> list:
    groups = groups_of(s)
    steps: list = []
    raw = n.raw("steps")
    if not isinstance(raw, list) or not raw:
        raise n.error("steps: a list of {from: REGION, to: REGION, figures: {...}}", "steps")
    for i, item in enumerate(raw):
        sn = Node(item, file=n.file, path=f"{n.path}.steps[{i}]")
        sn._mapping()
        f, t = _region(sn, sn.str("from"), "from"), _region(sn, sn.str("to"), "to")
        if sn.has("figures"):
            fn = sn.child("figures")
            fn._mapping()
            force = _force(fn, load_nations(), load_characters(), top=False)
            # the figures stand in `from`, or (a second movement of the same figures) where an
            # earlier movement took them from
            origins = [f] + [st[0] for st in reversed(steps) if st[1] == f]
            carried = None
            for origin in origins:
                try:
                    carried = _carried_of(fn, force, groups, origin, s)
                    break
                except ScenarioError:
                    continue
            if carried is None:
                _carried_of(fn, force, groups, f, s)  # raises the error for `from`
        else:
            carried = _whole_army(sn, s, groups, f, t)[2]
        sn.finish(("from", "to", "figures"))
        steps.append((f, t, carried))
    return steps


def _carried_of(fn: Node, force, groups: list[MGroup], region: str, s: PositionScenario) -> dict[int, int]:
    here = [g for g in groups if g.region == region]
    out: dict[int, int] = {}
    for kind, who, cnt in force.iter_groups():
        g = next((g for g in here if g.kind == kind and (g.character == who if kind == "character" else
                                                             (kind == "nazgul" or g.nation == who))), None)
        if g is None or g.count < cnt:
            raise fn.error(f"{load_board().regions[region].name} does not hold these figures")
        out[g.id] = cnt
    return out


#: a figure kind as a sentence names it: (one, several)
_FIGURE_WORDS = {"regular": ("Regular", "Regulars"), "elite": ("Elite", "Elites"), "leader": ("Leader", "Leaders"),
                 "nazgul": ("Nazgûl", "Nazgûl")}


def _describe(kind: str, a: dict) -> str:
    """A claim given as ``kind:`` and its fields, as the sentence that says it (:data:`TEMPLATES` read it
    back: ``tests/wotr/test_wotr_position_claims.py``)."""
    board = load_board()
    if kind == "move":
        text = "; ".join(f"{board.regions[f].name} -> {board.regions[t].name}" for f, t, _ in a["steps"])
        return f"the move {text} is legal"
    card, value = a.get("card"), a.get("value")
    if kind == "place":
        count = int(a.get("count", 1))
        fig = _FIGURE_WORDS.get(str(a.get("figure")), (str(a.get("figure")),) * 2)[count != 1]
        nation = load_nations().nations[a["nation"]].name if a.get("nation") in load_nations().nations \
            else a.get("nation")
        region = board.regions[a["region"]].name if a.get("region") in board.regions else a.get("region")
        text = (f"{card} may bring {count} {nation} {fig} into {region}" if a.get("by") == "card"
                else f"a muster die may recruit {count} {nation} {fig} in {region}")
    else:
        side = {"shadow": "Shadow", "free_peoples": "Free Peoples"}.get(str(a.get("side")), a.get("side"))
        result, face = (DIE_LABEL.get(a.get(k), str(a.get(k))) for k in ("result", "face"))
        text = {
            "move_count": "there is 1 legal move" if value == 1 else f"there are {value:,} legal moves"
            if isinstance(value, int) else f"there are {value} legal moves",
            "card_play": f"{card} may be played",
            "combat_card": f"{card} may be played as a Combat card",
            "counts_as_attack": f"playing {card} counts as an attack",
            "discarded": f"{card} is discarded once played",
            "hand_limit": "the hand is within the hand limit",
            "hand_excess": f"the player must discard {value} card{'' if value == 1 else 's'}",
            "may_draw": f"the player may draw {with_article(str(a.get('deck')))} card",
            "elven_ring": f"an Elven Ring may change the die to {with_article(result)}",
            "die_face": f"the {side} dice have {with_article(face)} face",
        }.get(kind, f"{kind} {', '.join(f'{k}={v}' for k, v in a.items())}")
    die = a.get("die")
    if die and kind not in ("elven_ring", "die_face"):
        text += f" with {with_article(DIE_LABEL.get(die, str(die)))} die"
    return text


# ---- deciding -------------------------------------------------------------------------------------
def _with_die(s: PositionScenario, die: str | None) -> PositionScenario:
    if not die or die == s.action.die:
        return s
    card = s.action.card if die in ("event", "will_of_the_west") else None
    return replace(s, action=replace(s.action, die=die, card=card))


def decide(s: PositionScenario, c: Claim, flags: dict[str, str] | None = None) -> Verdict:
    v = _decide_positive(s, c, flags or dict(s.flags))
    if c.negated:
        v.verdict = not v.verdict
    return v


def _decide_positive(s: PositionScenario, c: Claim, flags: dict[str, str]) -> Verdict:
    from ..cards import events as C
    from ..position.moves import check_move, count_moves

    a = c.args
    s = replace(s, flags=flags)
    die = a.get("die")
    if c.kind in ("move", "move_count", "card_play", "may_draw", "place") and die and in_force("WOTR-DICE-1"):
        if die not in DIE_FACES[s.action.side]:  # WOTR-DICE-1: the faces of each side's dice
            return Verdict(c, False, ["WOTR-DICE-1"], notes=[f"the {s.action.side.replace('_', ' ')} dice have no "
                                                             f"{DIE_LABEL[die]} face"])
    s2 = _with_die(s, die)
    if c.kind == "move":
        groups = groups_of(s2)
        by_id = {g.id: _ClaimedGroup(g, a["steps"]) for g in groups}
        mv = check_move(s2, a["steps"], groups)
        notes = [f"{x.rule}: {_fmt(x.detail, by_id)}" for x in mv.violations] if not mv.legal else \
            [f"{r}: {_fmt(d, by_id)}" for r, d in mv.engaged]
        rules = mv.rules
        if mv.legal:
            rules = [_die_rule(s2, mv.result)] + rules
        return Verdict(c, mv.legal, rules or ["WOTR-MOVE-1"], notes=notes)
    if c.kind == "move_count":
        n = count_moves(s2)
        rules = [_die_rule(s2, None), "WOTR-MOVE-1", "WOTR-MOVE-2"]
        if s2.action.die in ("character", "will_of_the_west"):
            rules += ["WOTR-CHMOVE-2", "WOTR-CHMOVE-7"]
        return Verdict(c, n.total == a["value"], rules,
                       notes=[f"{n.total:,} legal move{'' if n.total == 1 else 's'}: {n.armies:,} of Armies, "
                              f"{n.characters:,} of Characters"])
    if c.kind == "card_play":
        card = s.card(a["card"])
        if card is not None and card.icon is None and s2.action.die in ("army", "muster"):
            raise C.unknown_icon_error(s, card.name, DIE_LABEL[s2.action.die], s.file, c.path)
        play = C.may_play(s, a["card"], die=s2.action.die, flags=flags)  # the one decision (WOTR-DICE-8, WOTR-EVT-8)
        v = _card_verdict(c, play.verdict)
        v.notes += play.set_aside
        return v
    if c.kind == "combat_card":
        return _card_verdict(c, C.judge(s, [C.QCombat(c=C.card_key(a["card"]))], flags=flags))
    if c.kind == "counts_as_attack":
        return _card_verdict(c, C.judge(s, [C.QAttack(c=C.card_key(a["card"]))], flags=flags))
    if c.kind == "discarded":
        return _card_verdict(c, C.judge(s, [C.QDiscarded(c=C.card_key(a["card"]))], flags=flags))
    if c.kind == "hand_limit":
        return _card_verdict(c, C.judge(s, [C.QHand()], flags=flags), note=f"{len(s.hand)} cards in hand")
    if c.kind == "hand_excess":
        v = C.judge(s, [C.QHand()], flags=flags)
        excess = max(0, len(s.hand) - 6)
        return Verdict(c, excess == a["value"], ["WOTR-EVT-2"],
                       notes=[f"{len(s.hand)} cards in hand: {excess} over the limit of 6"] + _notes(v))
    if c.kind == "may_draw":
        return _card_verdict(c, C.judge(s2, [C.QDraw(deck=a["deck"])], flags=flags))
    if c.kind == "elven_ring":
        v = C.judge(s, [C.QRing(r=a["result"])], flags=flags)
        same = any(isinstance(x.detail, tuple) and x.detail[:1] == ("die_already_shows",) for x in v.violations)
        return _card_verdict(c, v, note=(f"the die already shows {DIE_LABEL[a['result']]}: an Elven Ring changes "
                                         "a die to another result (RB p.21), so this is no change") if same else None)
    if c.kind == "die_face":
        return _card_verdict(c, C.judge(s, [C.QFace(side=a["side"], die=a["face"])], flags=flags))
    if c.kind == "place":
        placed = _place_judged(s, c, flags)
        v = placed.verdict
        out = _card_verdict(c, v)
        if placed.play is not None and not placed.play.holds:
            out.notes.append(f"{placed.card_name} cannot be played, so it brings no figures into play")
        if placed.play is not None:
            out.notes += placed.play.set_aside
        card = s.card(str(a["card"])) if a.get("by", "card") == "card" and a.get("card") else None
        if card is not None and card.shipped and card.musters and not v.holds and not placed.recruit_could_change:
            out.notes.append(f"set aside: {card.name}'s printed recruit ({'; '.join(recruit_parts(card.name))}) "
                             "cannot change this verdict: the placement fails on the grounds above")
        return out
    raise ScenarioError(f"unknown claim kind {c.kind!r}", file=s.file, path=c.path)


def _die_rule(s: PositionScenario, result: str | None) -> str:
    if s.action.card is not None and s.action.die in ("event", "will_of_the_west"):
        return "WOTR-MOVE-10"
    if s.action.card is not None and s.action.die == "muster" and s.action.card.type == "army":
        return "WOTR-DICE-2"  # the Mouth of Sauron's Muster result used as an Army result plays an Army card
    if s.action.die == "will_of_the_west":
        return "WOTR-DICE-6"
    return {"army": "WOTR-DICE-2", "army_muster": "WOTR-DICE-4", "character": "WOTR-DICE-3",
            "muster": "WOTR-DICE-4", "event": "WOTR-DICE-5", "eye": "WOTR-DICE-1"}[s.action.die]


class _ClaimedGroup:
    """A figure group as a move claim's notes name it: the figures the claim moves (the group's whole count
    when it moves them all), "1 Nazgûl (of 2 there)" when it moves some; the figures it leaves behind for
    ``stays_alone``; those it moves to the region for ``flies``."""

    def __init__(self, group, steps):
        self.group = group
        self.moved = max((figs.get(group.id, 0) for _, _, figs in steps), default=0)
        self.to: dict[str, int] = {}
        for _, t, figs in steps:
            if figs.get(group.id):
                self.to[t] = self.to.get(t, 0) + figs[group.id]

    def label(self) -> str:
        return self.group.label()

    def _some(self, n: int) -> str:
        g = self.group
        return g.label() if n in (0, g.count) or g.kind == "character" else f"{g.label(n)} (of {g.count} there)"

    def label_for(self, term: str, rest) -> str:
        if term == "stays_alone":
            return self._some(self.group.count - self.moved)
        if term == "flies" and rest and rest[0] in self.to:
            return self._some(self.to[rest[0]])
        return self._some(self.moved)


#: detail terms whose first argument is a figure group id
def _fmt(d, groups: dict | None = None) -> str:
    """An ASP detail term for people (:func:`detail_words`), group ids as their figures."""
    return detail_words(d, groups)


def _notes(v) -> list[str]:
    return [f"{x.rule}: {_fmt(x.detail)}" for x in v.violations] if not v.holds else \
        [f"{r}: {_fmt(d)}" for r, d in v.engaged]


def _card_verdict(c: Claim, v, note: str | None = None) -> Verdict:
    return Verdict(c, v.holds, v.rules or ["WOTR-DICE-8"], notes=([note] if note else []) + _notes(v),
                   parts=engaged_parts(v.engaged))


@dataclass
class _Placement:
    """A ``place`` claim decided: ``verdict`` is the card's play (:func:`..cards.events.may_play`) when the card
    may not be played (a card that is not played brings nothing, WOTR-EVT-6), else cards.lp's answer on the
    placement; ``play`` is the card's play (None: a Muster die's placement)."""

    verdict: Any
    play: Any = None
    card_name: str = ""

    @property
    def recruit_could_change(self) -> bool:
        """Whether a mustering card's printed recruit, which the model does not interpret, could change the
        verdict: it holds (the card may recruit elsewhere, other figures or fewer), or it fails only on a general
        rule such a text may lift (a region not free, a Nazgûl outside a Sauron Stronghold, a Leader without an
        Army: Dead Men of Dunharrow, The Black Captain Commands, Guards of the Citadel). A card that may not be
        played (the die, WOTR-DICE-8; its requirement, WOTR-EVT-8; played already, WOTR-EVT-3) brings nothing
        whatever it recruits."""
        if self.verdict.holds:
            return True
        names = {(x.rule, x.detail[0] if isinstance(x.detail, tuple) else x.detail) for x in self.verdict.violations}
        return not (names & _DEFINITE_PLACE_REFUSALS)


def _place_judged(s: PositionScenario, c: Claim, flags: dict[str, str] | None = None) -> _Placement:
    """A ``place`` claim (WOTR-EVT-6, WOTR-DICE-4): by a card, first whether the card may be played with the claim's
    die result or the file's (:func:`..cards.events.may_play`, the one decision: WOTR-DICE-8, WOTR-EVT-8,
    WOTR-EVT-3), then cards.lp's answer on the rules every card or Muster die obeys when it brings figures
    into play."""
    from ..cards import events as C

    a, die = c.args, c.args.get("die")
    by = a.get("by", "card")
    flags = flags or dict(s.flags)
    play = None
    if by == "card":
        card = s.card(str(a["card"]))
        play = C.may_play(s, a["card"], die=die, flags=flags)
        if not play.holds:  # a card that may not be played brings nothing into play
            return _Placement(play.verdict, play, card.name if card is not None else str(a["card"]))
    q = C.q_place(by, a.get("card") if by == "card" else None, a["nation"], a["figure"], a["count"], a["region"])
    v = C.judge(_with_die(s, die) if by == "card" else _with_die(s, die or "muster"), [q], placement=True,
                flags=flags)
    return _Placement(v, play)


#: the placement refusals a card's own recruit text never lifts: the card may not be played (the die result,
#: WOTR-DICE-8; its printed requirement, WOTR-EVT-8; it was played, WOTR-EVT-3), its Event brings no figures,
#: the figures are the enemy's or not in the reinforcements (WOTR-EVT-6), the region would hold too many units
#: (WOTR-STACK-1)
_DEFINITE_PLACE_REFUSALS = {("WOTR-EVT-3", "already_played"), ("WOTR-DICE-8", "icon_does_not_match"),
                            ("WOTR-EVT-8", "requirement_not_met"), ("WOTR-EVT-6", "brings_no_figures"),
                            ("WOTR-EVT-6", "not_your_nation"),
                            ("WOTR-EVT-6", "not_in_the_reinforcements"), ("WOTR-STACK-1", "over_stacked")}


def _relevant_flags(s: PositionScenario, c: Claim) -> list[str]:
    """The flags some rule reads when deciding this claim (the others cannot flip it)."""
    if c.kind not in ("move", "move_count", "place"):
        return []
    out = ["stacking_check"]
    if c.kind == "place":
        return out
    pos, side = s.position, s.action.side
    if any(ct.leaders and not pos.at_war(ct.nation) for st in pos.stacks if st.side == side
           for ct in st.force.contingents):
        out.append("non_at_war_leaders")  # WOTR-MOVE-5 / WOTR-POL-4 on Leaders of a Nation not At War
    if side == "shadow" and "mouth-of-sauron" in pos.characters_in_play():
        out.append("mouth_of_sauron_stronghold")  # WOTR-CHMOVE-9
    return out


def unmodelled_for(s: PositionScenario, c: Claim) -> list[dict]:
    """What a card claim depends on and the model cannot state: a shipped card's requirement on the
    Fellowship Track or its being revealed (WOTR-EVT-8); the figures, numbers and regions a shipped card
    recruits (its Event's recruit, not interpreted, WOTR-EVT-6), where they could change the verdict."""
    from ..cards.events import may_play

    if c.kind in ("move", "move_count"):
        return move_unmodelled(s, c)
    die = c.args.get("die")
    if die and die not in DIE_FACES[s.action.side]:  # decided by WOTR-DICE-1 whatever the card
        return []
    name = c.args.get("card")
    card = s.card(str(name)) if name else None
    if card is None or not card.shipped:
        return []
    if c.kind == "card_play":  # only what could change the verdict: a play refused on a definite ground is decided
        return may_play(s, card.name, die=c.args.get("die")).open
    if c.kind == "place":
        placed = _place_judged(s, c)
        if not placed.recruit_could_change:  # decided: the play or the placement fails on a definite ground
            return []
        out = list(placed.play.open) if placed.play is not None else []  # its requirement, when the position
        if card.musters:                                                    # cannot state it (WOTR-EVT-8)
            out += [{"card": card.name, "what": f"Event: {p}",
                     "why": "the figures, numbers and regions its Event recruits are not interpreted: the placement "
                            "is checked against the rules every card obeys (WOTR-EVT-6, WOTR-STACK-1) only"}
                    for p in recruit_parts(card.name)]
        return out
    return []


def move_unmodelled(s: PositionScenario, c: Claim) -> list[dict]:
    """A move claim under a shipped ``action.card`` whose play the position cannot decide (its requirement
    on what the position does not state, WOTR-EVT-8): only when the play could change the verdict, that is
    when the move (or a move, for a count) is legal should the card be played."""
    from ..cards.events import action_card_play
    from ..position.moves import check_move, count_moves

    s2 = _with_die(s, c.args.get("die"))
    play = action_card_play(s2)
    if play is None or not play.open:
        return []
    if c.kind == "move":
        return play.open if check_move(s2, c.args["steps"]).legal else []
    n = count_moves(s2).total
    return play.open if n != 0 or c.args.get("value") != 0 else []


def hand_unmodelled(s: PositionScenario) -> list[dict]:
    """The requirements of the shipped cards held that the position cannot state (``{card, what, why}``,
    as :func:`unmodelled_for` names them for a claim), whatever the claims ask; for a shipped card played
    with ``action.card``, also the parts of its Event the movement does not apply (``data/event_halves.yaml``).
    (A shipped card's recruit, which the model does not interpret, is named by the placing claims it could
    change, :func:`unmodelled_for`; ``verify`` adds those to the scenario's list.)"""
    from ..cards.events import requirement_check

    from ..cards.event_battle import event_card
    from ..cards.event_halves import unapplied_parts
    from ..cards.events import action_card_play

    out = []
    for card in s.hand:
        if card.shipped:
            held, why = requirement_check(s, card)
            if held is None:
                out.append({"card": card.name, "what": f"its requirement: {card.requirement}", "why": why})
    play = action_card_play(s)
    if play is not None and s.action.card.printed is not None:  # the shipped card played: its requirement, and
        out += play.open + unapplied_parts(event_card(s.action.card.name))  # the parts its movement leaves out
    return out


def verify(s: PositionScenario, claims: list[Claim]) -> list[Verdict]:
    """Decide every claim; name the flags whose other value would flip a verdict. A claim left undecided by
    what the model does not interpret cites the rule of that clause: a card's requirement (WOTR-EVT-8), a
    card's recruit (WOTR-EVT-6)."""
    out = verify_claims(s, claims, decide, game="wotr", with_flags=lambda sc, flags: replace(sc, flags=flags),
                        relevant_flags=_relevant_flags, unmodelled=unmodelled_for, unmodelled_rule="WOTR-EVT-8")
    for v in out:
        if v.claim.kind == "place" and v.verdict is None and v.unmodelled:
            # the card's recruit (WOTR-EVT-6), and its requirement where the position cannot state it (WOTR-EVT-8)
            open_rules = (["WOTR-EVT-6"] if any(u["what"].startswith("Event: ") for u in v.unmodelled) else []) + \
                (["WOTR-EVT-8"] if any(u["what"].startswith("its requirement") for u in v.unmodelled) else [])
            v.rules = open_rules + [r for r in v.rules if r not in ("WOTR-EVT-8", "WOTR-EVT-6")]
    return out


def _template_reader(template: str):
    """A :data:`TEMPLATES` pattern's reading, as :func:`_read_sentence` gives it (the book tries
    :func:`_read_sentence` first; the patterns also give a sentence no form reads its closest form)."""
    return lambda m: (_KIND_OF.get(template, template),
                      {"_t": template, "_m": {k: v for k, v in m.groupdict().items() if v is not None}})


#: position claims: a sentence or ``{kind: ..., fields}`` on moves, dice and cards
BOOK = ClaimBook(game="wotr", kinds=KINDS, templates=tuple((p, _template_reader(k)) for p, k in TEMPLATES), arg_keys=ARG_KEYS, negations=guard(NEGATIONS),
                 third_person=THIRD_PERSON, example="\"the Army in Osgiliath may move to Minas Tirith\"",
                 read_sentence=guard_reader(_read_sentence), fields=_fields, own_keys=ARG_KEYS,
                 describe=lambda kind, args, negated: _describe(kind, args), make=Claim)
