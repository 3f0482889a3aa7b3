"""Riftbound rulings: claims about a combat, decided by the solver, with the rules that decide them.

A claim is a sentence ("the defender may assign A1 1, A4 2", "the attacker conquers",
"A4 can survive", "D3's lethal damage is 3") or a ``kind:`` with fields. Each is decided on the
scenario under its flags: splits in the ASP's check mode (the violated rule ids), outcomes
and deaths from the ASP's legal splits, numbers from ``derive.lp``. A verdict comes with the
rule ids (text and source, :func:`pycombat.rulebook.cite`) and with the interpretation flags
whose other value would flip it. A negative sentence ("cannot", "may not", "does not") is
decided as its positive form, flipped.
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ...sentences import guard, guard_reader
from ...errors import ScenarioError
from ...frozen import replace
from ...in_force import removed
from ...names import closest
from ...scenario import Node
from ...rulebook import load_rulebook
from ...verdicts import Claim, ClaimBook, readings_json, reasons, verdict_json, verify_claims
from .citations import source_for
from .damage.switched import (best as assignment_best_splits, best_score as assignment_best, fates as assignment_fates,
                              present as assignment_rules, wipes as assignment_wipes)
from .model import OUTCOMES, SIDES, WITHOUT_MODIFIER, Scenario, Split, died, other
from .refs import key as _key, parse_split
from .violations import violation_text

CLAIM_KINDS = ("split_legal", "outcome", "fate", "total", "lethal", "might", "split_count", "excess",
               "assigns_first", "focus_first", "role", "damage_step", "order", "excess_on", "best_split", "scores",
               "no_result", "keyword_effect", "marked_counts", "ignore_tank", "any_order", "rule")
_ARG_KEYS = ("side", "split", "unit", "other", "value", "outcome", "modal", "player", "keyword", "statement")


@dataclass
class Verdict:
    claim: Claim
    verdict: bool | None  #: None: not decided (a card clause is not modelled, RB-CARD-4)
    rules: list[str]
    notes: list[str] = field(default_factory=list)
    violations: list[tuple[str, Any]] = field(default_factory=list)  #: (rule id, detail) from check mode
    deciding_flags: dict[str, str] = field(default_factory=dict)
    version: str = "v1.3"  #: rules_version: the numbering of the sources cited
    parts: dict[str, str] = field(default_factory=dict)  #: rule id -> the sub-item that decided (its opening words)
    readings: list[Any] = field(default_factory=list)  #: the flags' readings side by side (pycombat.verdicts.FlagReadings)

    def __post_init__(self) -> None:
        self.rules = list(dict.fromkeys(self.rules))  # each rule id cited once, in order

    def as_json(self) -> dict:
        extra = {}
        if self.violations:
            extra["violations"] = [{"rule": r, "detail": _plain(d), "text": violation_text(d)}
                                   for r, d in dict.fromkeys(self.violations)]
        return verdict_json(self.claim, self.verdict,
                            reasons("riftbound", self.rules, lambda src: source_for(src, self.version),
                                    parts=self.parts),
                            deciding_flags=self.deciding_flags, notes=self.notes, extra=extra,
                            readings=readings_json("riftbound", self.readings, self.rules,
                                                   lambda src: source_for(src, self.version)))


def _plain(x: Any) -> Any:
    if isinstance(x, tuple):
        return [_plain(v) for v in x]
    return x


# ---- sentences ---------------------------------------------------------------------------------
_SIDE = r"(?P<side>attacker|defender)"
#: the claimed outcome "the defender conquers the battlefield" (RB-RES-4, RB-RES-5): not one of the outcome classes
#: (who has units left, RB-RES-7), but the Defender's gaining control of a battlefield nobody controlled
DEFENDER_CONQUERS = "defender_conquers"
_OUTCOME_WORDS = [
    (r"the attacker (?P<modal>can )?conquers?(?: the battlefield)?", "conquer"),
    (r"the defender (?P<modal>can )?(?:keeps?|holds?) the battlefield", "keep"),
    # RB-RES-4, RB-RES-5: at a battlefield nobody controlled, the Defender left there alone establishes control
    (r"the defender (?P<modal>can )?(?:conquers?|takes? control of)(?: the battlefield)?", DEFENDER_CONQUERS),
    (r"the attackers? (?P<modal>can )?(?:are|be|is) recalled(?: to (?:their |its )?base)?", "recall"),
    (r"the battlefield (?P<modal>can )?(?:is|be) nobody'?s", "nobody"),
]


def _outcome_reader(outcome: str) -> Callable[[re.Match], tuple[str, dict]]:
    def read(m: re.Match) -> tuple[str, dict]:
        return "outcome", {"outcome": outcome, "modal": "can" if m["modal"] else "will"}

    return read


TEMPLATES: list[tuple[re.Pattern, Callable[[re.Match], tuple[str, dict]]]] = [
    (re.compile(rf"^the {_SIDE} may (?:assign|split its damage as) (?P<split>.+)$", re.I),
     lambda m: ("split_legal", {"side": m["side"].lower(), "split": m["split"]})),
    (re.compile(r"^this split is legal$", re.I), lambda m: ("split_legal", {})),
    *[(re.compile(rf"^{pat}$", re.I), _outcome_reader(o)) for pat, o in _OUTCOME_WORDS],
    (re.compile(rf"^the {_SIDE}(?:'s total is| deals) (?P<n>\d+)(?: damage)?$", re.I),
     lambda m: ("total", {"side": m["side"].lower(), "value": int(m["n"])})),
    (re.compile(r"^(?P<unit>.+?)'s lethal damage is (?P<n>\d+|never)$", re.I),
     lambda m: ("lethal", {"unit": m["unit"], "value": "never" if m["n"].lower() == "never" else int(m["n"])})),
    (re.compile(r"^(?P<unit>.+?) needs (?P<n>\d+) damage to die$", re.I),
     lambda m: ("lethal", {"unit": m["unit"], "value": int(m["n"])})),
    (re.compile(r"^(?P<unit>.+?)'s might is (?P<n>-?\d+)$", re.I),
     lambda m: ("might", {"unit": m["unit"], "value": int(m["n"])})),
    (re.compile(rf"^the {_SIDE} has (?P<n>\d+) legal (?:damage )?splits?$", re.I),
     lambda m: ("split_count", {"side": m["side"].lower(), "value": int(m["n"])})),
    (re.compile(rf"^the {_SIDE}'s (?:excess|leftover) damage is (?P<n>\d+)$", re.I),
     lambda m: ("excess", {"side": m["side"].lower(), "value": int(m["n"])})),
    (re.compile(rf"^the {_SIDE} assigns (?:its )?(?:combat )?(?:damage )?first$", re.I),
     lambda m: ("assigns_first", {"side": m["side"].lower()})),
    (re.compile(rf"^the {_SIDE} (?:gains|has|gets) focus first$", re.I),
     lambda m: ("focus_first", {"side": m["side"].lower()})),
    (re.compile(rf"^(?P<player>.+?) is the {_SIDE}$", re.I),
     lambda m: ("role", {"player": m["player"], "side": m["side"].lower()})),
    (re.compile(r"^the (?:combat )?damage step happens$", re.I), lambda m: ("damage_step", {})),
    (re.compile(r"^(?P<unit>.+?) must (?:be assigned|get|receive) lethal damage before (?P<other>.+?) "
                r"(?:gets|receives|is assigned) any$", re.I),
     lambda m: ("order", {"unit": m["unit"], "other": m["other"]})),
    (re.compile(rf"^(?P<unit>.+?) may (?:get|receive|take) (?:some of )?the {_SIDE}'s (?:leftover|excess) damage$",
                re.I), lambda m: ("excess_on", {"unit": m["unit"], "side": m["side"].lower()})),
    (re.compile(r"^(?P<unit>.+?) (?P<modal>can |must |will )?(?P<verb>die|dies|survive|survives)$", re.I),
     lambda m: ("fate", {"unit": m["unit"], "value": "dies" if m["verb"].lower().startswith("die") else "survives",
                         "modal": (m["modal"] or "will").strip().lower()})),
    (re.compile(rf"^the {_SIDE}'s best split is (?P<split>.+)$", re.I),
     lambda m: ("best_split", {"side": m["side"].lower(), "split": m["split"]})),
    (re.compile(r"^the (?:attacker|conquest) scores(?: the battlefield)?$", re.I), lambda m: ("scores", {})),
    (re.compile(r"^the defender scores (?:a )?hold$", re.I), lambda m: ("scores", {"side": "defender", "value": "hold"})),
    (re.compile(r"^the defender scores(?: the battlefield| a point)?$", re.I), lambda m: ("scores", {"side": "defender"})),
    (re.compile(r"^the (?:combat|result) (?:ends in|is) (?:a )?no result$", re.I), lambda m: ("no_result", {})),
    (re.compile(r"^(?P<unit>.+?)'s (?P<kw>deflect|ganking) changes the legal splits$", re.I),
     lambda m: ("keyword_effect", {"unit": m["unit"], "keyword": m["kw"].capitalize()})),
    (re.compile(r"^damage (?:already )?marked (?:earlier )?counts toward lethal$", re.I),
     lambda m: ("marked_counts", {})),
    (re.compile(rf"^the {_SIDE} ignores tank$", re.I), lambda m: ("ignore_tank", {"side": m["side"].lower()})),
    (re.compile(r"^(?P<unit>.+?) and (?P<other>.+?) may be assigned damage in either order$", re.I),
     lambda m: ("any_order", {"unit": m["unit"], "other": m["other"]})),
]

#: Procedure questions players ask, answered by the digest's rule that states the answer
#: (RB-COMB, RB-SHOW and general rules; the computed claims above cover the damage step).
RULE_STATEMENTS: dict[str, tuple[bool, tuple[str, ...]]] = {
    "a combat is staged when units of two opposing players are at one battlefield": (True, ("RB-COMB-1",)),
    "a staged combat is resolved while a chain is open": (False, ("RB-COMB-2",)),
    "the turn player chooses which staged combat is resolved first": (True, ("RB-COMB-2",)),
    "a combat can involve three players": (False, ("RB-COMB-3",)),
    "a unit arriving later gets its designation at the next cleanup": (True, ("RB-COMB-4",)),
    "a standard move can be made during a showdown": (False, ("RB-COMB-5",)),
    "a recall is a move": (False, ("RB-COMB-6",)),
    "a recall removes the unit's damage": (False, ("RB-COMB-6",)),
    "focus passes when the chain of attack and defend triggers closes": (False, ("RB-SHOW-2",)),
    "the attacker's when i attack triggers go on the chain before the defender's": (True, ("RB-SHOW-2",)),
    "the showdown ends when every player passes in sequence": (True, ("RB-SHOW-3",)),
    "reaction cards can be played during a combat showdown": (True, ("RB-SHOW-4",)),
    "only action and reaction cards can be played in a showdown": (True, ("RB-SHOW-4",)),
    "assigning damage is dealing it": (False, ("RB-DMG-4",)),
    "damage can be spread thinly to wound every unit": (False, ("RB-DMG-8", "RB-DMG-6")),
    "lethal-first forces the assigner to kill a unit": (False, ("RB-DMG-10",)),
    "damage reduces might": (False, ("RB-DMG-11",)),
    "the assigner may skip a requirement he is able to obey": (False, ("RB-ORD-1",)),
    "damage heals at the end of the turn": (True, ("RB-MIGHT-9",)),
    "deflect taxes combat damage assignment": (False, ("RB-MIGHT-10",)),
    "ganking changes combat damage": (False, ("RB-MIGHT-11",)),
    "the champion legend fights in combat": (False, ("RB-MIGHT-12",)),
    "the chosen champion fights like any other unit": (True, ("RB-MIGHT-12",)),
    "lethality is checked again after the combat cleanup": (False, ("RB-RES-2",)),
    "holding a battlefield is a combat outcome": (False, ("RB-RES-6",)),
    "this combat effects last after the combat ends": (False, ("RB-RES-8",)),
    "the best split is a game rule": (False, ("RB-MODEL-7",)),
    "marked damage counts toward lethal in every riftbound engine reviewed": (True, ("RB-MIGHT-8",)),
    "a combat is staged when a player moves units onto an empty battlefield": (False, ("RB-COMB-1",)),
    "a combat involves exactly two players": (True, ("RB-COMB-3",)),
    "a recall can be stopped by move restrictions": (False, ("RB-COMB-6",)),
    "the showdown ends as soon as one player passes": (False, ("RB-SHOW-3",)),
    "any card can be played during a combat showdown": (False, ("RB-SHOW-4",)),
    "only the last unit assigned may be left short of lethal": (True, ("RB-DMG-8",)),
    "the first unit may be one whose lethal damage is larger than the whole total": (True, ("RB-DMG-10",)),
    "damage stays on a unit after the turn ends": (False, ("RB-MIGHT-9",)),
    "deflect taxes spells that choose the unit": (True, ("RB-MIGHT-10",)),
    "ganking allows a move from one battlefield to another": (True, ("RB-MIGHT-11",)),
    "lethality is checked once, in the combat cleanup": (True, ("RB-RES-2",)),
    "a hold scores in the beginning phase": (True, ("RB-RES-6",)),
    "the attacker and defender designations end with the combat": (True, ("RB-RES-8",)),
}

_NEGATIONS: list[tuple[re.Pattern, str | None]] = [
    (re.compile(r"\b(?:cannot|can not|can't)\b", re.I), "can"),
    (re.compile(r"\bmay not\b", re.I), "may"),
    (re.compile(r"\bmust not\b", re.I), "can"),
    (re.compile(r"\bdoes not (die|survive|conquer|keep|hold|score|happen|assign|ignore|change|count)\b", re.I), None),
    (re.compile(r"\bdo not (count|change)\b", re.I), None),
    (re.compile(r"\bis not\b", re.I), "is"),
    (re.compile(r"\bare not\b", re.I), "are"),
]
_THIRD = {"die": "dies", "survive": "survives", "conquer": "conquers", "keep": "keeps", "hold": "holds",
          "score": "scores", "happen": "happens", "assign": "assigns", "ignore": "ignores", "change": "changes",
          "count": "counts"}


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'").replace('"', "").strip().rstrip(".")).lower()


def _statement(sentence: str) -> tuple[str, dict] | None:
    """A procedure question of :data:`RULE_STATEMENTS` (tried before the templates)."""
    k = _normal(sentence)
    return ("rule", {"statement": k}) if k in RULE_STATEMENTS else None


#: sentences shown when a claim cannot be read
EXAMPLE = ("\"the defender may assign A1 1, A4 2\", \"the attacker conquers\", \"A4 can survive\", "
           "\"D3's lethal damage is 3\" (see docs/riftbound.md)")


def _split_words(split: Any) -> str:
    """A split as a sentence writes it: ``{A1: 1, A4: 2}`` as "A1 1, A4 2", a sequence with "then"."""
    if isinstance(split, Mapping):
        return ", ".join(f"{u} {n}" for u, n in split.items()) or "nothing"
    if isinstance(split, (list, tuple)):
        return " then ".join(_split_words(x) for x in split) or "nothing"
    return str(split)


#: the sentence of an outcome claim: (will, can)
_OUTCOME_SENTENCES = {"conquer": ("the attacker conquers the battlefield", "the attacker can conquer the battlefield"),
                      "keep": ("the defender keeps the battlefield", "the defender can keep the battlefield"),
                      DEFENDER_CONQUERS: ("the defender conquers the battlefield",
                                          "the defender can conquer the battlefield"),
                      "recall": ("the attackers are recalled to their base",
                                 "the attackers can be recalled to their base"),
                      "nobody": ("the battlefield is nobody's", "the battlefield can be nobody's")}


def describe(kind: str, a: Mapping[str, Any], negated: bool = False) -> str:
    """A claim given as ``kind:`` and its fields, as the sentence that says it (the sentences above read it
    back).

    >>> describe("outcome", {"outcome": "conquer"}), describe("fate", {"unit": "A4", "value": "survives", "modal": "can"})
    ('the attacker conquers the battlefield', 'A4 can survive')
    >>> describe("split_legal", {"side": "defender", "split": {"A1": 1, "A4": 2}}, negated=True)
    'it is not so that the defender may assign A1 1, A4 2'
    """
    side, unit, value = a.get("side"), a.get("unit"), a.get("value")
    if kind == "outcome":
        will, can = _OUTCOME_SENTENCES.get(str(a.get("outcome")), (f"the outcome is {a.get('outcome')}",) * 2)
        text = can if a.get("modal") == "can" else will
    elif kind == "fate":
        modal = str(a.get("modal") or "will")
        verb = "die" if str(value).startswith("die") else "survive"
        text = f"{unit} {verb}s" if modal == "will" else f"{unit} {modal} {verb}"
    else:
        text = {
            "split_legal": f"the {side} may assign {_split_words(a.get('split'))}" if "split" in a
            else "this split is legal",
            "total": f"the {side}'s total is {value}",
            "lethal": f"{unit}'s lethal damage is {value}",
            "might": f"{unit}'s Might is {value}",
            "split_count": f"the {side} has {value} legal split{'' if value == 1 else 's'}",
            "excess": f"the {side}'s excess damage is {value}",
            "assigns_first": f"the {side} assigns first",
            "focus_first": f"the {side} gains Focus first",
            "role": f"{a.get('player')} is the {side}",
            "damage_step": "the damage step happens",
            "order": f"{unit} must be assigned lethal damage before {a.get('other')} gets any",
            "excess_on": f"{unit} may get the {side}'s leftover damage",
            "best_split": f"the {side}'s best split is {_split_words(a.get('split'))}",
            "scores": ("the defender scores a hold" if side == "defender" and value == "hold" else
                       f"the {side or 'attacker'} scores the battlefield"),
            "no_result": "the combat ends in no result",
            "keyword_effect": f"{unit}'s {a.get('keyword')} changes the legal splits",
            "marked_counts": "damage marked earlier counts toward lethal",
            "ignore_tank": f"the {side} ignores Tank",
            "any_order": f"{unit} and {a.get('other')} may be assigned damage in either order",
            "rule": str(a.get("statement")),
        }.get(kind, f"{kind} {dict(a)}")
    return ("it is not so that " if negated else "") + text


# ---- each kind's fields -----------------------------------------------------------------------------
#: the fields of each claim kind (beyond ``id``, ``claim``, ``kind``, ``expect``, ``negated``): field -> required?
KIND_FIELDS: dict[str, dict[str, bool]] = {
    "split_legal": {"side": False, "split": False},  # no split: the scenario's own `splits:` (one side, or `side:`)
    "outcome": {"outcome": True, "modal": False},
    "fate": {"unit": True, "value": True, "modal": False},
    "total": {"side": True, "value": True},
    "lethal": {"unit": True, "value": True},
    "might": {"unit": True, "value": True},
    "split_count": {"side": True, "value": True},
    "excess": {"side": True, "value": True},
    "assigns_first": {"side": True},
    "focus_first": {"side": True},
    "role": {"player": True, "side": True},
    "damage_step": {},
    "order": {"unit": True, "other": True},
    "excess_on": {"unit": True, "side": True},
    "best_split": {"side": True, "split": True},
    "scores": {"side": False, "value": False},  # side: the attacker by default; value: conquer by default, or hold
    "no_result": {},
    "keyword_effect": {"unit": True, "keyword": False},  # keyword: Deflect by default
    "marked_counts": {},
    "ignore_tank": {"side": True},
    "any_order": {"unit": True, "other": True},
    "rule": {"statement": True},
}
assert set(KIND_FIELDS) == set(CLAIM_KINDS) and {f for v in KIND_FIELDS.values() for f in v} <= set(_ARG_KEYS)

_WHOLE = "a whole number, 0 or more"


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


#: what ``value:`` is for each kind that has one: (what it must be, the test)
_VALUES: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "total": (_WHOLE, lambda v: _whole(v) and v >= 0),
    "split_count": (_WHOLE, lambda v: _whole(v) and v >= 0),
    "excess": (_WHOLE, lambda v: _whole(v) and v >= 0),
    "might": ("a whole number (it may be below 0)", _whole),
    "lethal": (f"{_WHOLE}, or never (no amount of damage kills it)", lambda v: v == "never" or (_whole(v) and v >= 0)),
    "fate": ("dies or survives", lambda v: v in ("dies", "survives")),
    "scores": ("hold (a Hold) or conquer (a Conquer, the default)", lambda v: v in ("hold", "conquer")),
}
#: the modal words each kind takes: will (whatever legal splits are chosen, the default), can (some legal split)
_MODALS = {"outcome": ("will", "can"), "fate": ("will", "must", "can")}
_KEYWORDS = ("Deflect", "Ganking")


def check(s: Any, claim: Claim) -> None:
    """The claim book's ``check`` hook (run by :func:`pycombat.verdicts.parse_claims` for every verb, when the scenario
    is read): each field is one of its kind's (:data:`KIND_FIELDS`), present when required, and of its type; a field
    of another kind, a value given as text ("3" for 3) or a missing one is refused, naming the field."""
    a = claim.args
    fields = KIND_FIELDS[claim.kind]
    file = getattr(s, "file", None)

    def refuse(message: str) -> ScenarioError:
        return ScenarioError(message, file=file, path=claim.path)

    def listed() -> str:
        return ", ".join(f"`{f}`" + ("" if req else " (optional)") for f, req in fields.items()) or "no field"

    for key in a:
        if key not in fields:
            raise refuse(f"{key}: not a field of a claim of kind `{claim.kind}`, which takes {listed()}")
    for key, required in fields.items():
        if required and key not in a:
            raise refuse(f"{key}: missing; a claim of kind `{claim.kind}` takes {listed()}")
    if claim.kind == "split_legal" and "split" in a and "side" not in a:
        raise refuse("side: missing; the split judged is the attacker's or the defender's")
    for key in ("unit", "other", "player"):
        if key in a and (not isinstance(a[key], str) or not a[key].strip()):
            raise refuse(f"{key}: a name, not {a[key]!r}")
    if "side" in a:
        if not isinstance(a["side"], str) or a["side"].strip().lower() not in SIDES:
            raise refuse(f"side: attacker or defender, not {a['side']!r}")
        a["side"] = a["side"].strip().lower()
    if "split" in a and not isinstance(a["split"], (str, Mapping, list)):
        raise refuse(f"split: the split judged, e.g. {{A1: 1, A4: 2}}, [{{A1: 1}}, {{A4: 2}}] or \"A1 1, A4 2\", "
                     f"not {a['split']!r}")
    if "value" in a:
        what, ok = _VALUES[claim.kind]
        if not ok(a["value"]):
            raise refuse(f"value: {what}, not {a['value']!r}")
    if "outcome" in a and a["outcome"] not in (*OUTCOMES, DEFENDER_CONQUERS):
        raise refuse(f"outcome: one of {', '.join((*OUTCOMES, DEFENDER_CONQUERS))}, not {a['outcome']!r}")
    if "modal" in a and a["modal"] not in _MODALS[claim.kind]:
        raise refuse(f"modal: {' or '.join(_MODALS[claim.kind])}, not {a['modal']!r}")
    if "keyword" in a:
        kw = next((k for k in _KEYWORDS if isinstance(a["keyword"], str) and a["keyword"].strip().lower() == k.lower()),
                  None)
        if kw is None:
            raise refuse(f"keyword: {' or '.join(_KEYWORDS)} (the keywords whose effect on the legal splits is "
                         f"claimed), not {a['keyword']!r}")
        a["keyword"] = kw
    if "statement" in a:
        said = _normal(a["statement"]) if isinstance(a["statement"], str) else None
        if said not in RULE_STATEMENTS:
            hint = closest(str(a["statement"]), list(RULE_STATEMENTS), n=1)
            raise refuse(f"statement: not one of the procedure statements read ({len(RULE_STATEMENTS)}, "
                         "docs/riftbound.md), not " + repr(a["statement"])
                         + (f"; did you mean {hint[0]!r}?" if hint else ""))
        a["statement"] = said


def book() -> ClaimBook:
    """Riftbound's claims for :func:`pycombat.verdicts.parse_claims`: the sentence templates, the
    procedure statements and the ``kind:`` claims with their fields (:func:`check`)."""
    return ClaimBook(game="riftbound", kinds=CLAIM_KINDS, templates=guard(TEMPLATES), arg_keys=_ARG_KEYS,
                     negations=guard(_NEGATIONS), third_person=_THIRD, example=EXAMPLE, describe=describe,
                     read_sentence=guard_reader(_statement), check=check)


def verify(s: Scenario, claims: list[Claim]) -> list[Verdict]:
    """Decide every claim; name the flags whose other values would change a verdict
    (:func:`pycombat.verdicts.verify_claims`, over every flag of the digest). With a card clause
    the model does not interpret (RB-CARD-4), no claim is decided (verdict None)."""
    out = verify_claims(s, claims, _decide_cited, game="riftbound",
                        with_flags=lambda scenario, flags: scenario.with_flags(**flags),
                        unmodelled=functools.partial(_unmodelled, read={}), unmodelled_rule="RB-CARD-4")
    left = _open(s) if any(v.claim.kind in BOARD_FREE or v.verdict is not None for v in out) else []
    from .cards.units import SCORING_WHY

    scoring = [u for u in left if u.get("why") == SCORING_WHY]
    for v in out:
        if scoring and v.claim.kind not in SCORING and v.claim.kind not in BOARD_FREE and v.verdict is not None:
            v.notes.append("not modelled, and unable to change this verdict (it scores points after the combat's result "
                           "and changes only who scores, RB-RES-5): "
                           + "; ".join(f"{u['card']}: {u['what']}" for u in scoring))
            if "RB-CARD-4" not in v.rules:
                v.rules.append("RB-CARD-4")
        left_v = left if v.claim.kind in SCORING or v.claim.kind in BOARD_FREE else \
            [u for u in left if u.get("why") != SCORING_WHY]
        if left_v and v.claim.kind in AT_ASSIGNMENT and v.verdict is not None and _cleanup_deathknells_only(left_v):
            v.notes.append("not modelled, and unable to change this verdict (it is fixed as the combat damage is "
                           "assigned, before the combat cleanup where that Deathknell would fire, RB-DMG-3, RB-READ-8): "
                           + "; ".join(f"{u['card']}: {u['what']}" for u in left_v))
            if "RB-CARD-4" not in v.rules:
                v.rules.append("RB-CARD-4")
        elif left_v and v.claim.kind in BOARD_FREE:
            v.notes.append("not modelled, and unable to change this verdict (it is about the procedure): "
                           + "; ".join(f"{u['card']}: {u['what']}" for u in left_v))
        elif left_v and v.verdict is not None:  # RB-CARD-4: facts left open that no value of changes it (open_facts)
            own = _after_own_death(s, v.claim, _showdown(s).unmodelled)
            after = [(u.card, u.what) for u in own]
            if after:  # clauses the unit's own death fires, or a choice between its death's replacements
                fired = [(u.card, u.what) for u in own if getattr(u, "replaces_death_of", None) is None]
                chosen = [(u.card, u.what) for u in own if getattr(u, "replaces_death_of", None) is not None]
                if fired:
                    v.notes.append(f"not modelled, and unable to change this verdict (fired by {_unit(s, v.claim)}'s "
                                   "death, after it: it cannot undo it): "
                                   + "; ".join(f"{card}: {what}" for card, what in dict.fromkeys(fired)))
                if chosen:
                    v.notes.append(f"not modelled, and unable to change this verdict (either replacement takes the "
                                   f"place of {_unit(s, v.claim)}'s death: it does not die): "
                                   + "; ".join(f"{card}: {what}" for card, what in dict.fromkeys(chosen)))
                if "RB-CARD-4" not in v.rules:
                    v.rules.append("RB-CARD-4")
                left_v = [u for u in left_v if (u.get("card"), u.get("what")) not in set(after)]
                if not left_v:
                    continue
            aside = [(u.card, u.what, u.acts_on) for u in _set_aside(s, v.claim, _showdown(s).unmodelled)]
            if aside:  # clauses changing only other units' Might (:func:`_set_aside`)
                v.notes.append("not modelled, and unable to change this verdict (each changes only the Might of "
                               "other units, and nothing in this showdown carries one unit's Might into another's): "
                               + "; ".join(f"{card}: {what}" for card, what, _ in dict.fromkeys(aside)))
                if "RB-CARD-4" not in v.rules:
                    v.rules.append("RB-CARD-4")
                left_v = [u for u in left_v if (u.get("card"), u.get("what")) not in {(c, w) for c, w, _ in aside}]
                if not left_v:
                    continue
            v.notes.append("not modelled, and unable to change this verdict (the scenario read with every value of "
                           "the facts they need gives the same verdict, fully modelled): "
                           + "; ".join(f"{u['card']}: {u['what']}" for u in left_v))
            if "RB-CARD-4" not in v.rules:
                v.rules.append("RB-CARD-4")
    book = load_rulebook("riftbound")
    for v in out:  # a flag whose other reading flips the verdict: the game rule that names it is a reason
        for flag in v.deciding_flags:
            if not any(flag in book.rules[r].flags for r in v.rules):
                v.rules += [r.id for r in book.rules.values() if flag in r.flags and not r.id.startswith("RB-JUDGE-")
                            and r.id not in v.rules]
    return out


#: claim kinds about the procedure and the readings, which no card clause on the board can change
#: (who assigns first or has Focus first, who is Attacker, how marked damage counts, a rule statement)
BOARD_FREE = ("assigns_first", "focus_first", "role", "marked_counts", "rule")


#: claim kinds fixed when the combat damage is assigned (the board at the Combat Damage Step, the totals, lethal
#: amounts and the legal splits, RB-DMG-3..7), before the combat cleanup: a Deathknell fired there cannot change them
AT_ASSIGNMENT = ("split_legal", "total", "lethal", "might", "split_count", "excess", "damage_step", "order",
                 "excess_on", "ignore_tank", "any_order")


#: claim kinds on who scores: the only ones a unit's clause scoring points by the combat's result can change
#: (:data:`.cards.units.SCORING_WHY`, RB-RES-5)
SCORING = ("scores",)


def _cleanup_deathknells_only(items: list[dict]) -> bool:
    """Whether what is not modelled is only Deathknells of units the combat cleanup may kill, not fired there
    (RB-READ-8 [deathknell_at_combat_cleanup=open], RB-CARD-19): effects after the damage is assigned."""
    from .cards.deathknell import AFTER_COMBAT

    return bool(items) and all(u.get("why") == AFTER_COMBAT for u in items)


def _unmodelled(s: Scenario, claim: Claim, read: dict | None = None) -> list[dict]:
    """RB-CARD-4: the card clauses of the showdown the model does not interpret. With any, a claim
    they could change is not decided (verdict None); the note says what the verdict would be
    otherwise. A claim about the procedure (:data:`BOARD_FREE`) is decided all the same, and so is a claim fixed as
    the combat damage is assigned (:data:`AT_ASSIGNMENT`) when what is not modelled is only Deathknells at the combat
    cleanup, which fire after it."""
    from .cards.units import SCORING_WHY

    if claim.kind in BOARD_FREE:
        return []
    items = _open(s)
    if claim.kind not in SCORING:  # RB-RES-5: a clause scoring points by the result changes only who scores
        items = [u for u in items if u.get("why") != SCORING_WHY]
        if not items:
            return []
    if claim.kind in AT_ASSIGNMENT and _cleanup_deathknells_only(items):
        return []
    showdown = _showdown(s)
    missing = [u for u in showdown.unmodelled if claim.kind in SCORING or u.why != SCORING_WHY]
    aside = {(u.card, u.what, u.why) for u in _set_aside(s, claim, missing)}  # only other units' Might
    aside |= {(u.card, u.what, u.why) for u in _after_own_death(s, claim, missing)}  # fired after the unit's death
    missing = [u for u in missing if (u.card, u.what, u.why) not in aside]
    items = [u for u in items if (u.get("card"), u.get("what"), u.get("why")) not in aside]
    if not items:
        return []
    if missing and _settled(s, claim, missing, {} if read is None else read):
        return []
    return items


#: RB-CARD-4: what a card's effect may hold and still carry no unit's Might into another unit's: its kind -> the keys
#: it may have (an amount the card prints, its targets, a condition read from a stated fact)
_SELF_CONTAINED = {
    "might_modifier": {"effect", "value", "target", "duration", "condition", "replaces_previous", "min_might",
                       "mode_option"},
    "grant_keyword": {"effect", "keyword", "value", "target", "duration", "mode_option"},
    "stun": {"effect", "target", "mode_option"},
    "buff": {"effect", "value", "target"},
    "deal_damage": {"effect", "amount", "target", "each", "mode_option"},
}
#: the target keys that choose a unit without reading its Might or its state
_PLAIN_TARGET = {"kind", "count", "count_max", "side", "location", "ref", "chosen", "domain"}


def _plain_effect(e: Mapping[str, Any]) -> bool:
    """Whether a card's effect acts on the units it chooses alone, by an amount the card prints, choosing them without
    reading Might or state, under a condition read from a stated fact ("[Level N]", "it's [Empowered]") or none."""
    from .cards.statics import level_of

    def plain_target(t: Any) -> bool:
        return isinstance(t, Mapping) and set(t) <= _PLAIN_TARGET and ("chosen" not in t or plain_target(t["chosen"]))

    keys = _SELF_CONTAINED.get(str(e.get("effect")))
    amount = e.get("amount", e.get("value"))
    cond = e.get("condition")
    return keys is not None and set(e) <= keys and (amount is None or isinstance(amount, int)) \
        and plain_target(e.get("target") or {}) \
        and (cond is None or level_of(cond) is not None or cond == "it's [Empowered]")


def _might_isolated(s: Scenario) -> bool:
    """RB-CARD-4: whether nothing in this showdown can carry one unit's Might (or a change of it) into another unit's
    Might: every unit of it (in play, played, made) has no card ability (a custom unit, or a card whose abilities and
    conditional keywords are none), no Equipment in play does more than its Might bonus, and every card played acts
    only on the units it chooses with printed amounts (:func:`_plain_effect`), choosing no Equipment, countering
    nothing. Then a clause changing only some units' Might (:attr:`.cards.plays.Unmodelled.acts_on`) cannot change
    another unit's Might."""
    from .cards.interpreter import Play
    from .cards.spells import load_cards
    from .cards.units import load_units

    sd = _showdown(s)
    for u in sd.units.values():
        if u.card_id is not None:
            card = load_units().unit(u.card_id)
            if card.abilities or card.conditional_keywords or card.unparsed:
                return False
        for g in u.equipment:
            gear = load_cards().find(g)
            if gear is None or gear.effects or gear.while_attached:
                return False
    if any(s.gear.get(side) for side in SIDES):
        return False
    for e in s.effects:
        if not isinstance(e, Play):
            continue  # a stated effect (`give:`, `might:`, `damage:` ...) acts on its unit alone
        p = e
        if p.trigger_of or p.fired_by or getattr(p, "ability", None) or p.replayed or p.attach or p.detach \
                or p.amounts is not None or p.discard is not None or getattr(p, "plays", None) is not None:
            return False
        card = p.card
        if card.unparsed or card.while_attached:
            return False
        if not all(_plain_effect(x) for x in card.effects):
            return False
    return True


def _set_aside(s: Scenario, claim: Claim, items: list) -> list:
    """RB-CARD-4: those of ``items`` (the showdown's :class:`~.cards.plays.Unmodelled`) that cannot change a claim on
    one unit's Might: each changes only the Might of other units (``acts_on``), and nothing in the showdown carries
    one unit's Might into another's (:func:`_might_isolated`)."""
    if claim.kind != "might":
        return []
    name = _unit(s, claim)
    aside = [u for u in items if getattr(u, "acts_on", ()) and name not in u.acts_on]
    return aside if aside and _might_isolated(s) else []


def _after_own_death(s: Scenario, claim: Claim, items: list) -> list:
    """RB-CARD-4: those of ``items`` (the showdown's :class:`~.cards.plays.Unmodelled`) that the death of the unit a
    claim on whether it dies is about fires (its Deathknell, another unit's "when a unit dies": ``after_death_of``):
    each comes after that death and cannot undo it, nor keep it from dying (RB-CARD-19, CR 346-348); and the choice
    between two replacements of its death (``replaces_death_of``, CR 372): either way it does not die (RB-CARD-12)."""
    if claim.kind != "fate":
        return []
    name = _unit(s, claim)
    return [u for u in items if name in (getattr(u, "after_death_of", None), getattr(u, "replaces_death_of", None))]


def _open(s: Scenario) -> list[dict]:
    """What the showdown read from the file does not interpret (RB-CARD-4), and the hands it does not play."""
    from .play.hands import hands_unmodelled

    return _showdown(s).unmodelled_json() + hands_unmodelled(s)


def _settled(s: Scenario, claim: Claim, items: list, read: dict) -> bool:
    """RB-CARD-4: whether what is not modelled is only facts of units the scenario leaves open, and no value of
    them changes the claim's verdict (:mod:`.open_facts`: the scenario read again with each stated; each reading
    read once for all the claims, in ``read``)."""
    from ...registry import get
    from . import open_facts

    facts = open_facts.open_facts(items, open_facts.cards_by_path(s))
    if not facts or s.source is None or getattr(s, "hands", None):
        return False

    def reading(doc: dict) -> tuple[Any, list]:
        key = json.dumps(doc, sort_keys=True, default=str)
        if key not in read:  # the game's reader, and the showdown it plays
            other = get("riftbound").read_scenario(doc, file=s.file, flag_overrides=s.flags)
            read[key] = (other, _showdown(other).unmodelled)
        other, missing = read[key]
        aside = _set_aside(other, claim, missing)  # as in the scenario itself (:func:`_unmodelled`)
        return decide(other, claim).verdict, [u for u in missing if u not in aside]

    return open_facts.cannot_change(s.source, facts, decide(s, claim).verdict, reading)


def _decide_cited(s: Scenario, claim: Claim) -> Verdict:
    """:func:`decide`, citing the sources in the numbering of the scenario's ``rules_version``."""
    v = decide(s, claim)
    v.version = s.flags.get("rules_version", "v1.3")
    return v


# ---- deciding ------------------------------------------------------------------------------------
# The deciders import the solver's modules (showdown, splits, outcome, game) when they run: the
# claim book above is also read by `pycombat schema riftbound`, which must not load clingo.
def _err(s: Scenario, claim: Claim, message: str) -> ScenarioError:
    return ScenarioError(message, file=s.file, path=claim.path)


def _unit(s: Scenario, claim: Claim, key: str = "unit") -> str:
    name = str(claim.args.get(key, "")).strip()
    played = s.played_units  # RB-CARD-16: units played from hand in the showdown
    listed = s.attacker.units + s.defender.units + s.reserve + played
    names = [u.name for u in listed]
    # a unit is named as the output names it: its label when the scenario gives one, else its card's name (numbered
    # for a second copy), as splits and showdown entries name it (:func:`.refs.unit_ref`)
    for u in listed:
        if _key(name) == _key(u.name):
            return u.name
    # RB-CARD-15: a unit token the showdown played (a card's, or a unit's trigger's), named as it was played
    made = [n for n in _showdown(s).units if n not in names]
    for n in made:
        if _key(name) == _key(n):
            return n
    labelled = [u.name for u in listed if u.card_name and _key(name) == _key(u.card_name)]
    if labelled:  # the card of a labelled unit: the label is its name (never guessed among several)
        raise _err(s, claim, f"{key}: {name!r} is no unit's name here: it is the card of "
                   + ", ".join(repr(n) for n in labelled) + ", named by " + ("its label" if len(labelled) == 1
                                                                             else "their labels"))
    hint = closest(name, names + made, n=1)
    raise _err(s, claim, f"{key}: {name!r} is not a unit of this combat" + (f"; did you mean {hint[0]!r}?" if hint
                                                                               else ""))


def _side(s: Scenario, claim: Claim) -> str:
    side = str(claim.args.get("side", "")).lower()
    if side not in SIDES:
        raise _err(s, claim, f"side: attacker or defender, not {claim.args.get('side')!r}")
    return side


def _split_arg(s: Scenario, claim: Claim, side: str) -> Split:
    raw = claim.args.get("split")
    if isinstance(raw, str):
        raw = _split_text(s, claim, raw)
    if raw is None:
        raise _err(s, claim, "split: the split to judge, e.g. {A1: 1, A4: 2} or [{A1: 1}, {A4: 2}]")
    # RB-CARD-15: a unit token the showdown played may be named too
    return parse_split(Node(raw, file=s.file, path=f"{claim.path}.split"), side, s, _showdown(s).units)


#: one ``<unit> <damage>`` of a split's text and what follows it: a comma (a vector), "then" or "->" (a sequence, as
#: :meth:`.model.Split.label` writes one), or the end. The unit is the shortest text before a number so followed: a
#: name may hold commas ("Sona, Harmonious 3") and numbers ("Bird 1 1")
_SPLIT_ITEM = re.compile(r"\s*(?P<unit>\S.*?)\s+(?P<n>\d+)\s*(?P<sep>,\s*then\b|,|\bthen\b|->|$)", re.I)


def _split_text(s: Scenario, claim: Claim, text: str) -> Any:
    """"A1 1, A4 2" (a vector) or "A1 1 then A4 2" / "A1 1 -> A4 2" (a sequence) as YAML-like data."""
    if text.strip().lower() == "nothing":  # a side with no damage to assign (every unit Stunned, or Might 0)
        return {}
    pairs, sequence, pos = [], False, 0
    while pos < len(text):
        m = _SPLIT_ITEM.match(text, pos)
        if m is None:
            raise _err(s, claim, f"cannot read {text[pos:].strip(' ,')!r} as `<unit> <damage>`")
        pairs.append((m["unit"], int(m["n"])))
        sequence |= m["sep"] not in (",", "")
        pos = m.end() if m["sep"] else len(text)
    if not sequence:  # a vector names each unit once (a sequence may come back to one)
        twice = next((u for i, (u, _) in enumerate(pairs) if u in {v for v, _ in pairs[:i]}), None)
        if twice is not None:
            raise _err(s, claim, f"{twice} is named twice in the split: give each unit's damage once "
                                 "(`A1 1, A4 2`), or the assignments in order (`A1 1 then A4 2`)")
    return [{u: a} for u, a in pairs] if sequence else {u: a for u, a in pairs}


def decide(s: Scenario, claim: Claim) -> Verdict:
    """The verdict on one claim under the scenario's flags (negative claims flipped)."""
    v = DECIDERS[claim.kind](s, claim)
    if claim.negated:
        v.verdict = not v.verdict
    return v


#: the showdowns verify played (:func:`_showdown`): a memo of the solver's (emptied with its caches, made afresh when
#: they are off), made at the first decision: the claim book is also read without the solver, which loads clingo
_PLAYED = None


def _showdown(s: Scenario):
    """The showdown of ``s`` (:func:`.cards.showdown.play_showdown`), played once for the scenario and each set of
    flags verify reads it under: a verdict asks for it several times, and every claim again under each flag's
    values. Kept by the identity of each field but the flags, and the flags; each entry holds its scenario, so those
    identities stay its own. (A showdown read here is never changed.)"""
    global _PLAYED
    from dataclasses import fields

    from ...solver import memo
    from .cards.showdown import play_showdown

    if _PLAYED is None:
        _PLAYED = memo(limit=64)
    key = (type(s), *(id(getattr(s, f.name)) for f in fields(s) if f.name != "flags"),
           tuple(sorted(s.flags.items())))
    return _PLAYED.remember(key, lambda: (s, play_showdown(s)))[1]


def _board(s: Scenario):
    return _showdown(s).board


def _record(s: Scenario, name: str):
    """The unit ``name`` (as :func:`_unit` returns it) as the scenario lists it, or, a token the showdown played, as
    the showdown left it."""
    try:
        return s.unit(name)
    except KeyError:
        return _showdown(s).units[name]


def stated_split_sides(s: Scenario, claims: list[Claim]) -> set[str]:
    """The sides whose stated split (the file's ``splits:``) a claim judges: "this split is legal" (``split_legal``
    without a ``split:`` of its own), on its ``side:`` or on the one side the file states."""
    out = set()
    for c in claims:
        if c.kind != "split_legal" or "split" in c.args:
            continue
        side = str(c.args.get("side", "")).lower()
        if side in SIDES:
            out.add(side)
        elif "side" not in c.args and len(s.splits) == 1:
            out |= set(s.splits)
    return out


def _split_legal(s: Scenario, claim: Claim) -> Verdict:
    from .damage.splits import LegalSplits

    if claim.kind == "split_legal" and "split" not in claim.args:
        given = [sp for sp in s.splits.values()]
        if "side" in claim.args:
            given = [s.splits[_side(s, claim)]] if _side(s, claim) in s.splits else []
        if len(given) != 1:
            raise _err(s, claim, "which split? give `side:` and `split:` (or a scenario `splits:` with one side)")
        split = given[0]
    else:
        side = _side(s, claim)
        split = _split_arg(s, claim, side)
    board = _board(s)
    view = LegalSplits(board, split.side, representation="sequence" if split.steps is not None else "vector")
    bad = view.violations(split)
    if bad:  # the violated rules (check mode), each once; then the rules of the numbers they turn on
        broken = [v for v in bad if _detail_name(v.detail) not in NUMBER_DETAILS]
        numbers = [v for v in bad if _detail_name(v.detail) in NUMBER_DETAILS]
        rules = list(dict.fromkeys(v.rule for v in broken))
        rules += [r for r in dict.fromkeys(v.rule for v in numbers)
                  if r not in rules and _number_rule_needed(board, view, split, r, numbers)]
        return Verdict(claim, False, rules, notes=_number_notes(numbers),
                       violations=[(v.rule, v.detail) for v in broken])
    return Verdict(claim, True, legal_split_rules(view.derived, split))


#: check mode's details that are no violation but the number a violation turns on (explain.lp: a
#: unit's lethal amount, a side's total): said in a note, never printed as "violated"
NUMBER_DETAILS = ("lethal_of", "total_of")
#: the formulas behind those numbers (RB-MODEL-1 lethal, RB-MODEL-2 and RB-DMG-2 the total): the
#: number itself, which no change made; the rules of the changes that made it are cited instead
NUMBER_FORMULAS = ("RB-MODEL-1", "RB-MODEL-2", "RB-DMG-2")
#: what a unit is without each modifier rule's effect (RB-MIGHT-3..8, :data:`.model.WITHOUT_MODIFIER`): the
#: counterfactual that keeps the rule among a violation's reasons only when the split's violations change without it


def _detail_name(detail: Any) -> str:
    return detail[0] if isinstance(detail, tuple) and detail else str(detail)


def _number_rule_needed(board, view, split: Split, rule: str, numbers) -> bool:
    """A rule behind a number a violation turns on is a reason when the verdict rests on it: never a
    formula (:data:`NUMBER_FORMULAS`); a modifier (:data:`WITHOUT_MODIFIER`) when the split is legal
    on the board without it on the units whose number it made; otherwise (a
    floor: RB-MIGHT-2, RB-DMG-5; RB-DMG-11, RB-ORD-7 on a total) always, no model counterfactual
    existing."""
    from .damage.splits import LegalSplits

    if rule in NUMBER_FORMULAS:
        return False
    if rule not in WITHOUT_MODIFIER:
        return True
    names = {v.detail[1] for v in numbers if v.rule == rule and v.detail[0] == "lethal_of"}
    sides = {v.detail[1] for v in numbers if v.rule == rule and v.detail[0] == "total_of"}
    strip = {k: tuple(replace(u, **WITHOUT_MODIFIER[rule]) if u.name in names or u.side in sides else u
                      for u in board.side(k)) for k in ("attacker", "defender")}
    other = LegalSplits(replace(board, **strip), split.side, representation=view.representation)
    return not other.violations(split)  # without it the split is legal: the verdict rests on it


def _number_notes(numbers) -> list[str]:
    """The numbers the violations turn on, as sentences: "Z's lethal amount is 1"."""
    out = []
    for v in numbers:
        d = v.detail
        if d[0] == "lethal_of":
            text = f"{d[1]} cannot be dealt damage (no lethal amount)" if d[2] == "never" else \
                f"{d[1]}'s lethal amount is {d[2]}"
        else:
            text = f"the {d[1]}'s total is {d[2]}"
        if text not in out:
            out.append(text)
    return ["the numbers this turns on: " + "; ".join(out)] if out else []


def legal_split_rules(d, split: Split) -> list[str]:
    """The rules a legal split rests on: RB-MODEL-3 (a legal final vector) and RB-DMG-3 (the whole
    total assigned), and the constraints the split meets by what it does: RB-DMG-6 when a unit other
    than the last one it damages received its lethal first, RB-DMG-9 when a unit gets more than its
    lethal (leftover), RB-ORD-2 / RB-ORD-3 (with the tier model RB-ORD-8) when it damages a Tank
    and another unit, or a Backline unit, RB-MODEL-6 for a sequence."""
    side = split.side
    got = dict(split.amounts)
    hit = [u for u in d.targets[side] if got.get(u, 0) > 0]
    rules = ["RB-MODEL-3", "RB-DMG-3"]
    if len(hit) > 1:
        rules.append("RB-DMG-6")
    if any(d.lethal.get(u) is not None and got[u] > d.lethal[u] for u in hit):
        rules.append("RB-DMG-9")
    tiers = d.tiers[side]
    if len(hit) > 1 and any(tiers.get(u, 1) == 0 for u in hit):
        rules.append("RB-ORD-2")
    if len(hit) > 1 and any(tiers.get(u, 1) == 2 for u in hit):
        rules.append("RB-ORD-3")
    if any(u in d.duals[side] for u in hit) and len(hit) > 1:
        rules.append("RB-ORD-5")
    if {"RB-ORD-2", "RB-ORD-3", "RB-ORD-5"} & set(rules):
        rules.append("RB-ORD-8")
    if any(got.get(u, 0) > 0 for u in d.dumps[side]):
        rules.append("RB-ORD-7")
    if split.steps is not None:
        rules.append("RB-MODEL-6")
    return rules


def stated_splits_read(s: Scenario, sides=SIDES) -> dict[str, Split]:
    """The file's ``splits:`` of ``sides`` that a claim reads as played: the one place a claim reads them. A unit's
    fate reads the other side's split alone (RB-DMG-3, RB-DMG-4: each split decides only the other side's losses,
    RB-MIGHT-1), an outcome both sides'. Each is checked on the board the file's showdown leaves
    (:func:`.damage.outcome.check_split`, the check every verb applies): an illegal one is the stated-split error
    (RB-JUDGE-3), also when a claim beside this one judges that split ("this split is legal"). A side that states
    none is absent from the answer: the claim reads it over its legal splits."""
    from .damage.outcome import check_split

    board = _board(s)
    return {side: check_split(board, s.splits[side], s) for side in sides if side in s.splits}


def _outcome(s: Scenario, claim: Claim) -> Verdict:
    from .damage.outcome import OUTCOME_TEXT, Control, outcome_classes, resolve

    want = claim.args.get("outcome")
    if want not in OUTCOME_TEXT and want != DEFENDER_CONQUERS:
        raise _err(s, claim, f"outcome: one of {', '.join([*OUTCOME_TEXT, DEFENDER_CONQUERS])}, not {want!r}")
    modal = claim.args.get("modal", "will")
    control = Control.of(s)
    happens = functools.partial(claimed_outcome_happens, want, control)  # the claim holds in that outcome class
    stated = stated_splits_read(s) if modal != "can" else {}
    if len(stated) == 2:
        r = resolve(s, stated)
        board = _board(s)
        mods = deciding_modifiers(board, lambda b: happens(_outcome_with(b, r.splits)))
        return Verdict(claim, happens(r.outcome), outcome_rules({r.outcome}, control) + ["RB-DMG-4"] + mods,
                       notes=[f"with the scenario's splits ({stated['attacker'].label()}; "
                              f"{stated['defender'].label()}): {control.text(r.outcome)}"] + _control_notes(s, want, control, {r.outcome})
                       + ([_SCORED_ALREADY] if want == "conquer" and s.scored_this_turn and r.outcome == "conquer"
                          else []))
    if stated:
        return _outcome_one_split(s, claim, want, control, happens, *next(iter(stated.items())))
    oc = outcome_classes(_board(s))
    seen = {happens(o) for o in oc.outcomes}
    verdict = True in seen if modal == "can" else seen == {True}
    notes = [f"over every pair of legal splits: {', '.join(control.text(o) for o in sorted(oc.outcomes))}; "
             + oc.explain()] + _control_notes(s, want, control, oc.outcomes)
    rules = ["RB-MODEL-4"] + outcome_rules(oc.outcomes, control)
    # RB-MODEL-5 names the Defender's outcome "keeps": at a battlefield nobody controlled he gains control instead
    if oc.model4 and _no_modifiers(s) and not any(control.gains(o) == "defender" for o in oc.outcomes):
        rules.append("RB-MODEL-5")
    if want == "conquer" and s.scored_this_turn and "conquer" in oc.outcomes:
        notes.append(_SCORED_ALREADY)

    def answer(b) -> bool:
        seen_b = {happens(o) for o in outcome_classes(b).outcomes}
        return True in seen_b if modal == "can" else seen_b == {True}

    def answer_without(b) -> bool | None:  # the same, over the splits the assignment rules in force allow
        outcomes = _outcomes_switched(b, {})
        if outcomes is None:
            return None
        seen_b = {happens(o) for o in outcomes}
        return True in seen_b if modal == "can" else seen_b == {True}

    # the Might rules that made a total or lethal amount, and the assignment rules (the whole total assigned, no
    # overkill, ...) that decide whether a side's splits wipe out the other side
    board = _board(s)
    switched = list(dict.fromkeys(r for side in SIDES for r in assignment_rules(board, side)))
    rules += deciding_modifiers(board, answer, switched=switched, answer_without=answer_without)
    return Verdict(claim, verdict, rules, notes=notes)


def _outcomes_one_split(board, side: str, split: Split) -> frozenset[str]:
    """The outcome classes (RB-RES-7) on ``board`` with ``side``'s split stated: it decides whether the other side is
    wiped out (RB-DMG-4, RB-MIGHT-1); the other side's legal splits decide, each, whether ``side`` is
    (:func:`.damage.outcome.wipe_values`)."""
    from .damage.outcome import in_force_board, outcome_of, wipe_values

    board = in_force_board(board)  # (with every rule in force: the board itself)
    if not board.damage_step:
        return frozenset({outcome_of(bool(board.attacker), bool(board.defender))})
    opp = other(side)
    opp_left = any(not u.dies_with(split.get(u.name)) for u in board.side(opp))
    side_left = {not w for w in wipe_values(board, opp)}
    return frozenset(outcome_of(left, opp_left) if side == "attacker" else outcome_of(opp_left, left)
                     for left in side_left)


def _played_outcomes(s: Scenario) -> tuple[frozenset[str], list[str], list[str]]:
    """The outcome classes (RB-RES-7) a claim on who scores or whether the combat has a result reads: with both
    splits stated, the one they give; with one, those over the legal splits of the side that states none
    (:func:`_outcomes_one_split`); with none, those over every pair of legal splits. With the rules they rest on:
    RB-MODEL-4 where the outcome class does not depend on the splits (then the stated splits change nothing), else
    the stated splits dealt at once (RB-DMG-4) and the legal splits of a side that states none (RB-MODEL-3); and a
    note on the splits read."""
    from .damage.outcome import outcome_classes, resolve

    board = _board(s)
    oc = outcome_classes(board)
    stated = stated_splits_read(s)
    if not stated:
        return oc.outcomes, ["RB-MODEL-4"], []
    if len(stated) == 2:
        outcomes = frozenset({resolve(s, stated).outcome})
        note = f"with the scenario's splits ({stated['attacker'].label()}; {stated['defender'].label()})"
    else:
        side, split = next(iter(stated.items()))
        outcomes = _outcomes_one_split(board, side, split)
        note = f"with the {side}'s stated split ({split.label()}) and over the legal splits of the {other(side)}"
    rules = ["RB-MODEL-4"] if oc.model4 else ["RB-DMG-4"] + (["RB-MODEL-3"] if len(stated) == 1 else [])
    return outcomes, rules, [note]


def _outcomes_switched(board, stated: Mapping[str, Split]) -> frozenset[str] | None:
    """The outcome classes (RB-RES-7) :func:`_played_outcomes` reads with no split or one side's split stated, over the
    legal splits of a side that states none as :mod:`.damage.switched` gives them, with the assignment rules in force
    now (taken away by :func:`pycombat.in_force.removed`); None: too many splits to look at."""
    from .damage.outcome import outcome_classes, outcome_of

    if not board.damage_step:
        return outcome_classes(board).outcomes
    if stated:
        side, split = next(iter(stated.items()))
        opp = other(side)
        opp_left = any(not u.dies_with(split.get(u.name)) for u in board.side(opp))
        wiped = assignment_wipes(board, opp)  # does the other side's split wipe out ``side``
        if wiped is None:
            return None
        return frozenset(outcome_of(not w, opp_left) if side == "attacker" else outcome_of(opp_left, not w)
                         for w in wiped)
    wiped = {side: assignment_wipes(board, side) for side in SIDES}
    if None in wiped.values():
        return None
    return frozenset(outcome_of(not a, not d) for a in wiped["defender"] for d in wiped["attacker"])


def _played_rules(s: Scenario, answer: Callable[[frozenset[str]], Any]) -> list[str]:
    """The rules a verdict read on the outcome classes :func:`_played_outcomes` gives turns on (``answer``: the
    verdict's answer for a set of outcome classes): the Might rules that made a total or a lethal amount, and, over
    the legal splits of a side that states none, the assignment rules (the whole total assigned, lethal-first, no
    overkill, Tank, Backline, the leftover) whose effect, taken away, changes the answer (:func:`deciding_modifiers`).
    With both splits stated, the Might rules only."""
    from .damage.outcome import outcome_classes, resolve

    board = _board(s)
    stated = stated_splits_read(s)
    if len(stated) == 2:
        r = resolve(s, stated)
        return deciding_modifiers(board, lambda b: answer(frozenset({_outcome_with(b, r.splits)})))
    if stated:
        side, split = next(iter(stated.items()))
        assigners = [other(side)]

        def read(b) -> frozenset[str]:
            return _outcomes_one_split(b, side, split)
    else:
        assigners = list(SIDES)

        def read(b) -> frozenset[str]:
            return outcome_classes(b).outcomes

    def answer_without(b):
        outcomes = _outcomes_switched(b, stated)
        return None if outcomes is None else answer(outcomes)

    switched = list(dict.fromkeys(r for side in assigners for r in assignment_rules(board, side)))
    return deciding_modifiers(board, lambda b: answer(read(b)), switched=switched, answer_without=answer_without)


def value_rules(board, score: Callable[[str, Sequence[str]], Any], value: Any) -> list[str]:
    """The assignment rules (:data:`.damage.switched.ASSIGNMENT_RULES`) the joint game's ``value`` turns on (the
    Attacker's best score minus the Defender's, each side's best over its legal splits, ``score(side, killed)``,
    RB-MODEL-7): the smallest sets of them whose effect, taken away (:func:`pycombat.in_force.removed`), changes it.
    Taking a rule away adds legal splits to both sides, which may raise either side's best: no set is skipped for
    its parts' sake (:func:`minimal_deciding_sets`). None of them when a side has too many splits to look at."""

    present = {side: assignment_rules(board, side) for side in SIDES}  # (each in ASSIGNMENT_RULES' order)
    own = {side: frozenset(present[side]) for side in SIDES}
    bests: dict = {}

    def side_best(side: str, gone: frozenset[str]):
        # a side's best turns only on the rules that act on its own splits: sets of rules taken away that
        # agree on those share it
        key = (side, gone & own[side])
        if key not in bests:
            with removed(*key[1]):
                bests[key] = assignment_best(board, side, functools.partial(score, side))
        return bests[key]

    def value_now(gone: frozenset[str] = frozenset()):
        best = {side: side_best(side, gone) for side in SIDES}
        return None if None in best.values() else best["attacker"] - best["defender"]

    if value_now() != value:  # too many splits to look at
        return []

    def flips(gone: frozenset[str]) -> bool:
        got = value_now(gone)
        return got is not None and got != value

    switched = list(dict.fromkeys(r for side in SIDES for r in present[side]))  # (one order, whatever the hash seed)
    return list(dict.fromkeys(r for found in minimal_deciding_sets(switched, flips) for r in found))


def _outcome_one_split(s: Scenario, claim: Claim, want: str, control, happens, side: str, split: Split) -> Verdict:
    """An outcome claim with one side's split stated: that split decides the other side's losses, and the outcome is
    read over the legal splits of the side that states none (RB-MODEL-3, RB-MODEL-4)."""
    from .damage.outcome import outcome_classes

    board = _board(s)
    opp = other(side)
    outcomes = _outcomes_one_split(board, side, split)
    verdict = {happens(o) for o in outcomes} == {True}
    wiped = board.damage_step and not any(not u.dies_with(split.get(u.name)) for u in board.side(opp))
    spared = [u.name for u in board.side(opp) if not u.dies_with(split.get(u.name))]
    did = (f"it wipes out the {opp}s" if wiped else
           f"it leaves {', '.join(spared)} without lethal damage" if spared else f"the {opp}s are not there")
    oc = outcome_classes(board)
    notes = [f"with the {side}'s stated split ({split.label()}) and over the legal splits of the {opp}: "
             f"{', '.join(control.text(o) for o in sorted(outcomes))}; {did}; {oc.explain_side(opp)}"]
    notes += _control_notes(s, want, control, outcomes)
    if want == "conquer" and s.scored_this_turn and "conquer" in outcomes:
        notes.append(_SCORED_ALREADY)
    # the other side's legal splits: RB-MODEL-4 where the outcome class does not depend on them, else RB-MODEL-3
    rules = ["RB-MODEL-4" if oc.model4 else "RB-MODEL-3"] + outcome_rules(outcomes, control) + ["RB-DMG-4"]
    rules += _played_rules(s, lambda outs: {happens(o) for o in outs} == {True})
    return Verdict(claim, verdict, rules, notes=notes)


def deciding_modifiers(board, answer: Callable[[Any], Any], switched: Sequence[str] = (),
                       answer_without: Callable[[Any], Any] | None = None) -> list[str]:
    """The Might rules (RB-MIGHT-3..8: Stun, Assault, Shield, Prevent, a replacement at assignment, marked damage)
    whose effect changed a total or a lethal amount the verdict depends on: taken off every unit that has it
    (:data:`WITHOUT_MODIFIER`), ``answer`` (the verdict's answer read on a board) comes out otherwise. Where no rule
    alone flips it but several taken off together do (either one of them is enough for the answer), each member of
    the smallest such sets is a reason (:func:`minimal_deciding_sets`).

    ``switched``: rules whose effect is taken away with :func:`pycombat.in_force.removed` instead (the assignment
    rules, :mod:`.damage.switched`); a set holding one is answered by ``answer_without`` on the board (None: no
    answer, so no flip). Taking an assignment rule away only adds legal splits, and the answers read here only grow
    (or only shrink) with the splits, so when neither none nor all of them taken away (with the same Might rules)
    flips the answer, no part of them does: those sets are not decided one by one. Assignment rules are taken away
    together with one Might rule at most (a set that needs two Might rules and an assignment rule is not looked
    for: the work would double with each Might rule on the board)."""
    base = answer(board)
    units = board.attacker + board.defender
    present = [rule for rule, without in WITHOUT_MODIFIER.items() if any(replace(u, **without) != u for u in units)]

    @functools.cache
    def flips(gone: frozenset[str]) -> bool:
        off = gone & frozenset(switched)
        if off and len(gone - off) > 1:
            return False
        if off and off != frozenset(switched):
            mods = gone - off
            if not flips(mods) and not flips(mods | frozenset(switched)):
                return False
        return _flips(gone)

    def _flips(gone: frozenset[str]) -> bool:
        strip = {}
        for k in SIDES:
            side = []
            for u in board.side(k):
                for rule in present:
                    if rule in gone:
                        u = replace(u, **WITHOUT_MODIFIER[rule])
                side.append(u)
            strip[k] = tuple(side)
        off = [r for r in switched if r in gone]
        if not off:
            return answer(replace(board, **strip)) != base
        with removed(*off):
            got = answer_without(replace(board, **strip))
        return got is not None and got != base

    return list(dict.fromkeys(r for found in minimal_deciding_sets(present + list(switched), flips) for r in found))


def minimal_deciding_sets(rules: list[str], flips: Callable[[frozenset[str]], bool]) -> list[tuple[str, ...]]:
    """The smallest sets of ``rules`` whose effects, taken off together, flip the answer (``flips(set)``): each
    set of one rule first, then of two, and so on, leaving out every set that holds one already found (that set
    flips it for the smaller one's sake). In the order of ``rules``."""
    from itertools import combinations

    found: list[tuple[str, ...]] = []
    for size in range(1, len(rules) + 1):
        for combo in combinations(rules, size):
            if any(set(f) <= set(combo) for f in found):
                continue
            if flips(frozenset(combo)):
                found.append(combo)
    return found


def _outcome_with(board, chosen) -> str:
    """The outcome class (RB-RES-7) the splits ``chosen`` (side -> Split) leave on ``board``: who has a unit left
    without lethal damage (as :func:`.damage.outcome.resolve` reads it)."""
    from .damage.outcome import outcome_of

    if not board.damage_step:
        return outcome_of(bool(board.attacker), bool(board.defender))
    left = {side: any(not u.dies_with(chosen[other(side)].get(u.name)) for u in board.side(side)) for side in SIDES}
    return outcome_of(left["attacker"], left["defender"])


#: why the Attacker left alone at a battlefield he scored this turn does not conquer it (RB-RES-5)
_SCORED_ALREADY = ("the Attacker has scored this battlefield already this turn: left there alone he gains control of "
                   "it (the outcome class `conquer` of the seed's table, RB-RES-7), but in the Core Rules' terms that is "
                   "no Conquer and it scores nothing (RB-RES-5), as for the Defender")


def claimed_outcome_happens(want: str, control, outcome: str) -> bool:
    """Whether the claimed outcome ``want`` happens when the combat ends in the outcome class ``outcome`` (who has
    units left, RB-RES-7), at a battlefield ``control`` (:class:`.damage.outcome.Control`) says who controlled.

    * The Defender keeps the battlefield when he controlled it and is left there alone, also after the attackers are
      recalled ("both -> the attackers are recalled to their base and the Defender keeps it", RB-RES-7); at a
      battlefield nobody controlled he keeps nothing: he establishes control (RB-RES-4).
    * The Defender conquers when he establishes control of a battlefield nobody controlled and has not scored it this
      turn: a Conquer (RB-RES-5).
    * The Attacker conquers when he is left there alone (the outcome class ``conquer``, RB-RES-7) and has not scored
      it this turn: a Conquer (RB-RES-5), as for the Defender.
    * The other claims are the outcome classes themselves.
    """
    if want == "conquer":
        return outcome == "conquer" and "attacker" not in control.scored
    if want == "keep":
        return control.keeps(outcome)
    if want == DEFENDER_CONQUERS:
        return control.conquers(outcome) == "defender"
    return outcome == want


def _control_notes(s: Scenario, want: str, control, outcomes) -> list[str]:
    """Why a claim about the Defender's control reads the battlefield's control before the combat (RB-RES-4/5)."""
    d, bf = s.defender.player, s.battlefield or "the battlefield"
    gains = any(control.gains(o) == "defender" for o in outcomes)
    if want in ("keep", DEFENDER_CONQUERS) and gains:
        why = (f"{d} did not control {bf} (`controlled_by: nobody`): left there alone he establishes control of it "
               "(RB-RES-4), not keeping it")
        if "defender" in control.scored:
            return [why + "; he scored it this turn already, so that is no Conquer and scores nothing (RB-RES-5)"]
        return [why + "; gaining control of a battlefield he has not scored this turn is a Conquer, which scores "
                      "(RB-RES-5)"]
    if want == DEFENDER_CONQUERS and control.before == "defender":
        return [f"{d} controlled {bf} as the combat began (the default, CR 187.4.a-b): he can keep it, not conquer "
                "it (RB-RES-4, RB-RES-5)"]
    return []

#: the rule that names each outcome besides the seed's table (RB-RES-7) and the cleanup (RB-RES-1):
#: a conquest scores (RB-RES-5); keeping or leaving the battlefield uncontrolled is control (RB-RES-4);
#: a recall is cleanup step 3 (RB-RES-1)
_OUTCOME_RULE = {"conquer": "RB-RES-5", "keep": "RB-RES-4", "recall": "RB-RES-1", "nobody": "RB-RES-4"}


def outcome_rules(outcomes, control=None) -> list[str]:
    """The rules an outcome verdict rests on: the cleanup (RB-RES-1), the seed's table of outcomes
    (RB-RES-7) and the rule of each outcome that happens (not of the one only claimed); where the Defender
    establishes control of a battlefield nobody controlled, control (RB-RES-4) and the Conquer (RB-RES-5)."""
    extra = [r for o in sorted(outcomes) if control is not None and control.gains(o) == "defender"
             for r in ("RB-RES-4", "RB-RES-5")]
    return list(dict.fromkeys(["RB-RES-1", "RB-RES-7"] + [_OUTCOME_RULE[o] for o in sorted(outcomes)] + extra))


def _no_modifiers(s: Scenario) -> bool:
    b = _board(s)
    return all(not (u.stunned or u.marked or u.prevent or u.prevent_all or u.immune or u.current_might <= 0 or
                    u.no_combat_damage or u.doubled or (u.side == "attacker" and u.assault) or
                    (u.side == "defender" and u.shield)) for u in b.attacker + b.defender)


def _removal(s: Scenario, board, name: str) -> tuple[str, list[str]]:
    """How the unit ``name``, not at the battlefield at the Combat Damage Step, left it ("killed", "recalled instead
    of dying", ...; "at its base, not at the battlefield" when it never came), and the rules that removed it: a
    showdown play (RB-SHOW-4) or the cleanup that killed it (RB-MIGHT-1, and a death replaced: RB-CARD-12,
    RB-CARD-18), or the rules of the card or ability that removed it."""
    gone = next((how for n, _, how in reversed(board.removed) if n == name), "at its base, not at the battlefield")
    # the cleanup that removed it: a death replaced (RB-CARD-12, RB-CARD-18) cites what replaced it
    lines = _showdown(s).lines
    cleanup = next((ln for ln in lines
                    if ln.text.startswith((f"Cleanup: {name} has ", f"Cleanup: {name} took damage "))), None)
    extra = [r for r in (cleanup.rules if cleanup else ()) if r.startswith("RB-CARD-")]
    rules = ["RB-SHOW-4", "RB-MIGHT-1", *extra]
    # removed by a card's or ability's own effect ("Kill a unit"), not at a cleanup: that line's rules, and the
    # play's permission (a card a unit's ability plays is not played with priority, RB-CARD-27)
    cause = None if cleanup is not None else next(
        (ln for ln in lines if f"{name} is {gone.split()[0]} and leaves the battlefield" in ln.text
         or f"{name} is {gone}" in ln.text), None)  # or at its base / another battlefield ("killed at its base")
    if cause is not None:
        rules = list(dict.fromkeys(([] if "RB-CARD-27" in cause.rules else ["RB-SHOW-4"]) + list(cause.rules)))
    return gone, rules


def _fate(s: Scenario, claim: Claim) -> Verdict:
    from .damage.game import kill_classes

    name = _unit(s, claim)
    want_dead = claim.args.get("value") == "dies"
    modal = claim.args.get("modal", "will")
    unit = _record(s, name)
    board = _board(s)
    rules = ["RB-MIGHT-1", "RB-DMG-5"]  # killed at cleanup with lethal damage
    if name not in {u.name for u in board.attacker + board.defender}:
        gone, rules = _removal(s, board, name)
        # killed anywhere (at the battlefield, at its base, at another battlefield) is a death (RB-MIGHT-1); a unit
        # that left play another way, or whose death was replaced, did not die (:func:`.model.died`)
        return Verdict(claim, want_dead == died(gone), rules, notes=[f"{name} was {gone} during the showdown"])
    opp = other(unit.side)
    stated = stated_splits_read(s, (opp,)).get(opp) if modal == "will" else None
    if stated is not None:  # the other side's split decides this unit's fate alone (RB-DMG-3, RB-DMG-4)
        live = next(u for u in board.attacker + board.defender if u.name == name)
        hit = stated.get(name)
        lethal = board.damage_step and live.dies_with(hit)
        dead = lethal and not live.death_replacement  # RB-CARD-12: a replaced death sends it away another way
        dealt = live.dealt(hit) if board.damage_step else 0
        fate = ("it dies" if dead else f"it would die and is {live.death_replacement[0][0]} instead" if lethal
                else "it survives")
        mods = deciding_modifiers(board, lambda b: next(u for u in b.side(unit.side) if u.name == name).dies_with(hit))
        return Verdict(claim, dead == want_dead,
                       rules + ["RB-DMG-4"] + (["RB-CARD-12"] if lethal and not dead else []) + mods,
                       notes=[f"with the {opp}'s stated split ({stated.label()}), {name} receives {dealt}: {fate}"])
    live = next(u for u in board.attacker + board.defender if u.name == name)
    if live.death_replacement:  # RB-CARD-12: lethal damage sends it away another way: it never dies here
        how = live.death_replacement[0][0]
        return Verdict(claim, not want_dead,
                       ["RB-CARD-12", "RB-MIGHT-1"],
                       notes=[f"the next time {name} would die, it is {how} instead ({live.death_replacement[0][1]})"])
    classes = kill_classes(board, other(unit.side))
    seen = {name in c.killed for c in classes}
    verdict = (want_dead in seen) if modal == "can" else (seen == {want_dead})
    notes = [f"over the {sum(c.count for c in classes):,} legal splits of the {other(unit.side)}: {name} "
             + ("always dies" if seen == {True} else "never dies" if seen == {False} else "dies in some")]
    # which units die depends on the split: over the legal splits (RB-MODEL-3), not RB-MODEL-4
    killed_by_damage = ["RB-CARD-23"] if live.kill_on_damage else []  # any damage dealt kills it
    # the Might rules that made a total or lethal amount its fate turns on (the answer: the fates seen, whatever value
    # was claimed)
    # and the assignment rules (lethal-first, no overkill, Tank, Backline, the leftover) that decide which splits are
    # legal, where taking one away lets a split give it the other fate
    assigner = other(unit.side)
    mods = deciding_modifiers(board, lambda b: frozenset(name in c.killed for c in kill_classes(b, assigner)),
                              switched=assignment_rules(board, assigner),
                              answer_without=lambda b: assignment_fates(b, assigner, name))
    return Verdict(claim, verdict, rules + ["RB-MODEL-3"] + killed_by_damage + mods, notes=notes)


def _derived(s: Scenario):
    from .damage.splits import derive

    return derive(_board(s))


def _total(s: Scenario, claim: Claim) -> Verdict:
    side = _side(s, claim)
    d = _derived(s)
    b = _board(s)
    units = b.side(side)
    # the modifiers that changed a unit's contribution (RB-MIGHT-2/3/4/5), and RB-DMG-11 when a
    # damaged unit still counts its full Might
    rules = ["RB-DMG-2", "RB-MODEL-2"] + [r for r, c in (
        ("RB-MIGHT-3", any(u.stunned and u.current_might > 0 for u in units)),
        ("RB-MIGHT-2", any(u.current_might < 0 and not u.stunned for u in units)),
        ("RB-MIGHT-4", side == "attacker" and any(u.assault and sum(u.assault) and not u.stunned for u in units)),
        ("RB-MIGHT-5", side == "defender" and any(u.shield and sum(u.shield) and not u.stunned for u in units)),
        ("RB-DMG-11", any(u.marked and u.contribution > 0 for u in units))) if c]
    return Verdict(claim, d.pool[side] == claim.args.get("value"), rules,
                   notes=[f"the {side}'s total is {d.pool[side]}: " + ", ".join(
                       f"{u.name} {u.contribution}" for u in units)])


def _lethal(s: Scenario, claim: Claim) -> Verdict:
    name = _unit(s, claim)
    d = _derived(s)
    b = _board(s)
    want = claim.args.get("value")
    want = None if str(want).lower() == "never" else int(want)
    if name not in {u.name for u in b.attacker + b.defender}:
        return Verdict(claim, False, ["RB-SHOW-4", "RB-MIGHT-1"],
                       notes=[f"{name} left the battlefield in the showdown"])
    u = b.unit(name)
    if u.immune:  # RB-ORD-7: no lethal amount at all
        return Verdict(claim, want is None, ["RB-ORD-7"], notes=[f"{name} cannot be dealt damage: no lethal amount"])
    got = d.lethal[name]
    rules = ["RB-DMG-5", "RB-MODEL-1"] + [r for r, c in (
        ("RB-MIGHT-2", u.current_might <= 0), ("RB-MIGHT-3", u.stunned),
        ("RB-MIGHT-4", u.side == "attacker" and bool(u.assault) and sum(u.assault) != 0),
        ("RB-MIGHT-5", u.side == "defender" and bool(u.shield) and sum(u.shield) != 0),
        ("RB-MIGHT-6", u.prevent or u.prevent_all),
        ("RB-MIGHT-7", u.doubled), ("RB-MIGHT-8", u.marked)) if c]
    shown = "never reached (all damage prevented)" if got is None else str(got)
    return Verdict(claim, got == want, rules, notes=[f"{name}'s lethal damage is {shown}"])


def _might(s: Scenario, claim: Claim) -> Verdict:
    name = _unit(s, claim)
    b = _board(s)
    left = ""
    try:
        u = b.unit(name)
    except KeyError:  # not at the battlefield at the Combat Damage Step: its Might as it left it (or as listed)
        u = _showdown(s).units.get(name) or _record(s, name)
        gone = next((how for n, _, how in reversed(b.removed) if n == name), None)
        left = f" as it left the battlefield ({gone} during the showdown)" if gone else " (not at the battlefield)"
    # current Might (RB-DMG-2), with Assault only while it has the Attacker designation and Shield only while it has
    # the Defender designation (RB-COMB-4); RB-DMG-11 when the unit is damaged (damage does not lower it)
    rules = [r for r, c in (("RB-MIGHT-4", u.side == "attacker" and bool(u.assault) and sum(u.assault) != 0),
                            ("RB-MIGHT-5", u.side == "defender" and bool(u.shield) and sum(u.shield) != 0),
                            ("RB-DMG-11", bool(u.marked))) if c] or ["RB-DMG-2"]
    return Verdict(claim, u.current_might == claim.args.get("value"), rules,
                   notes=[f"{u.describe()}{left}"])


def _split_count(s: Scenario, claim: Claim) -> Verdict:
    from .damage.splits import LegalSplits

    side = _side(s, claim)
    splits = LegalSplits(_board(s), side)
    n = splits.count()
    return Verdict(claim, n == claim.args.get("value"), _split_count_rules(s, splits.derived, side),
                   notes=[f"the {side} has {n:,} legal {s.flags.get('split_repr', 'vector')} splits"])


def _split_count_rules(s: Scenario, d, side: str) -> list[str]:
    """The rules a count of legal splits rests on: RB-MODEL-3 (what a legal split is), and the rules
    that cut the count on this board. A sequence is ordered lethal-first (RB-DMG-6, RB-DMG-7,
    RB-MODEL-6) and by tiers. A vector whose total cannot kill every target (D < sum L) rests on
    lethal-first and no overkill (RB-DMG-6, RB-DMG-7) when two units may receive, and on the tiers
    (RB-ORD-2/3) that decide who is short. A vector that gives every target lethal meets those
    rules whatever it is: it rests on no overkill (RB-DMG-7: without it one of two targets could take
    the whole total), on the leftover's placement (RB-DMG-9) when there is a leftover and a choice of
    where it goes, and with ``excess_damage=last`` on the tiers that decide which unit may come last."""
    several = len(d.receivers(side)) > 1
    sequence = s.flags.get("split_repr") == "sequence"
    last = s.flags.get("excess_damage") == "last"
    big = d.big[side]
    rules = ["RB-MODEL-3"]
    if sequence:
        rules += ["RB-DMG-6", "RB-DMG-7"]
    elif several and not big:
        rules += _short_total_cuts(d, side)
    elif big and several:
        # without no overkill, the whole total could go on one target and leave the others without lethal
        rules += (["RB-DMG-7"] if len(d.targets[side]) > 1 else []) + (["RB-DMG-9"] if d.excess[side] else [])
    if sequence:
        rules.append("RB-MODEL-6")
    if sequence or (several and (not big or (last and d.excess[side]))):
        tiers = d.tiers[side]
        rules += [r for r, t in (("RB-ORD-2", 0), ("RB-ORD-3", 2)) if t in tiers.values()]
    return rules


def _short_total_cuts(d, side: str) -> list[str]:
    """Which of lethal-first (RB-DMG-6) and no overkill (RB-DMG-7) rule out some vector when the
    total D cannot kill every target. Targets are taken tier by tier (RB-ORD-2/3): a unit of tier t
    gets damage once the earlier tiers (together ``before``) have lethal. RB-DMG-6 rules out two
    units left short: two units of one tier with lethal >= 2 each, and D between ``before`` + 2 and
    ``before`` + that tier's lethal - 2 (room for both to stay short). RB-DMG-7 rules out more
    than lethal on a unit while another lacks it: some unit with ``before`` + its lethal + 1 <= D.
    A target no amount kills (lethal unknown) keeps both."""
    D = d.to_assign[side]
    lethal = {u: d.lethal[u] for u in d.targets[side]}
    if any(v is None for v in lethal.values()):
        return ["RB-DMG-6", "RB-DMG-7"]
    tier = {u: d.tiers[side].get(u, 1) for u in lethal}
    before = {t: sum(lethal[u] for u in lethal if tier[u] < t) for t in set(tier.values())}
    out = []
    for t in sorted(before):
        mine = [lethal[u] for u in lethal if tier[u] == t]
        if sum(1 for x in mine if x >= 2) >= 2 and before[t] + 2 <= D <= before[t] + sum(mine) - 2:
            out.append("RB-DMG-6")
            break
    if any(before[tier[u]] + lethal[u] + 1 <= D for u in lethal):
        out.append("RB-DMG-7")
    return out


def _excess(s: Scenario, claim: Claim) -> Verdict:
    side = _side(s, claim)
    d = _derived(s)
    return Verdict(claim, d.excess[side] == claim.args.get("value"), ["RB-DMG-9"],
                   notes=[f"the {side} assigns {d.to_assign[side]} against a total lethal of {d.total_lethal[side]}: "
                          f"excess {d.excess[side]}"])


def _assigns_first(s: Scenario, claim: Claim) -> Verdict:
    return Verdict(claim, _side(s, claim) == "attacker", ["RB-DMG-3"])


def _focus_first(s: Scenario, claim: Claim) -> Verdict:
    return Verdict(claim, _side(s, claim) == "attacker", ["RB-SHOW-1"])


def _role(s: Scenario, claim: Claim) -> Verdict:
    who = str(claim.args.get("player", "")).strip().casefold()
    side = _side(s, claim)
    players = {s.attacker.player.casefold(): "attacker", s.defender.player.casefold(): "defender"}
    if who not in players:
        raise _err(s, claim, f"player: {claim.args.get('player')!r} is neither {s.attacker.player} nor "
                             f"{s.defender.player}")
    return Verdict(claim, players[who] == side, ["RB-COMB-4"],
                   notes=[f"{s.attacker.player} moved in: the Attacker"])


def _damage_step(s: Scenario, claim: Claim) -> Verdict:
    b = _board(s)
    return Verdict(claim, b.damage_step, ["RB-DMG-1"],
                   notes=[f"after the showdown: {len(b.attacker)} attacker(s), {len(b.defender)} defender(s)"])


#: where a unit comes in the rules' order of assignment (RB-ORD-8): its tier (a Tank 0, a normal unit 1, a Backline
#: unit 2; a unit both Tank and Backline 0 or 2, RB-ORD-5), and a unit that cannot be dealt damage but may take the
#: leftover after every target has lethal (RB-ORD-7, ``immune_targets=dumpable``) after them all
_DUMP_PLACE = 3


@dataclass(frozen=True)
class _AssignmentOrder:
    """The rules' order of assignment of one side's damage (RB-ORD-2..8), over the units it may reach.

    It is the order the rules put the units in, whatever the total: the total decides only how far down the order
    the damage reaches (RB-DMG-6, RB-DMG-10), not the order itself. ``places``: unit -> the places it may take
    (empty: it is never dealt this damage; None: no tier binds it)."""

    side: str
    places: Mapping[str, frozenset[int] | None]
    derived: Any
    sequences: list | None  #: the legal sequences (``lethal_order=killable_first`` only: the total shapes the order)

    def may_precede(self, a: str, b: str) -> bool:
        """Whether some order the rules allow gives ``a`` damage before ``b`` gets any."""
        pa, pb = self.places.get(a, frozenset()), self.places.get(b, frozenset())
        if pa is not None and not pa:
            return False  # a is never dealt this damage
        if pb is not None and not pb:
            return True  # b never gets any
        by_tiers = pa is None or pb is None or any(ta <= tb for ta in pa for tb in pb)
        if not by_tiers or self.sequences is None:
            return by_tiers
        # RB-READ-1 [lethal_order=killable_first]: while damage remains, the next unit taken is one it kills; the
        # units past the damage keep the tiers' order only
        for sp in self.sequences:
            taken = list(dict.fromkeys(u for u, _ in sp.steps or ()))
            if a in taken and (b not in taken or taken.index(a) < taken.index(b)):
                return True
            if a not in taken and b not in taken:
                return True
        return not self.sequences

    def is_target(self, unit: str) -> bool:
        return unit in self.derived.targets[self.side]


def _assignment_order(s: Scenario, claim: Claim, x: str, y: str) -> tuple[_AssignmentOrder, Any, list[str]]:
    """The rules' order of the side's damage that reaches ``x`` and ``y`` (one side's units), the board, and notes
    on this board: which of them no legal split reaches (the verdict is the rules' order all the same)."""
    from .damage.splits import MAX_SCANNED_SPLITS, LegalSplits

    if _record(s, x).side != _record(s, y).side:
        raise _err(s, claim, f"{x} and {y} are on different sides: they receive different players' damage")
    board = _board(s)
    side = other(_record(s, x).side)
    view = LegalSplits(board, side, representation="vector")
    d = view.derived
    places: dict[str, frozenset[int] | None] = {}
    for u in (x, y):
        if u in d.duals[side]:
            places[u] = frozenset({0, 2})
        elif u in d.targets[side]:
            t = d.tiers[side].get(u)
            places[u] = None if t is None else frozenset({t})
        elif u in d.dumps[side]:
            places[u] = frozenset({_DUMP_PLACE})
        else:
            places[u] = frozenset()
    sequences = None
    if s.flags.get("lethal_order") == "killable_first" and d.to_assign[side] > 0:
        seqs = LegalSplits(board, side, representation="sequence")
        if seqs.upper_bound() > MAX_SCANNED_SPLITS:
            raise _err(s, claim, f"too many legal sequences to check ({seqs.upper_bound():,}; limit "
                       f"{MAX_SCANNED_SPLITS:,})")
        sequences = list(seqs)
    notes = []
    here = {u.name for u in board.attacker + board.defender}
    for u in (x, y):
        if u not in here:
            notes.append(f"{_absence(s, board, u)}: it gets none of this damage")
        elif places[u] == frozenset():
            notes.append(f"{u} cannot be dealt damage (RB-ORD-7): it gets none of this damage")
    reachable = [u for u in (x, y) if places[u] != frozenset()]
    if reachable and view.upper_bound() <= MAX_SCANNED_SPLITS:
        reached = {u for sp in view for u in reachable if sp.get(u) > 0}
        unreached = [u for u in reachable if u not in reached]
        if unreached:
            notes.append(f"on this board no legal split gives {' or '.join(unreached)} any damage (the {side}'s "
                         f"total is {d.to_assign[side]}): the verdict is the rules' order of assignment, which the "
                         "total does not change (RB-DMG-10)")
    return _AssignmentOrder(side, places, d, sequences), board, notes


def _absence(s: Scenario, board, unit: str) -> str:
    """"X is no longer at the battlefield (killed during the showdown, RB-SHOW-4)": why ``unit`` is not at the
    battlefield at the Combat Damage Step, with the rules that removed it (:func:`_removal`)."""
    gone, rules = _removal(s, board, unit)
    if gone.startswith("at its base"):
        return f"{unit} is not at the battlefield at the Combat Damage Step ({gone})"
    return f"{unit} is no longer at the battlefield ({gone} during the showdown, {', '.join(rules)})"


def _order_rules(s: Scenario, order: _AssignmentOrder, board, x: str, y: str) -> list[str]:
    """The order rules a claim on ``x`` and ``y`` rests on: the tier model (RB-ORD-8) and the rule of each tier that
    places them (Tank RB-ORD-2, Backline RB-ORD-3, both RB-ORD-5/6, one tier RB-ORD-4), Tank ignored (RB-ORD-1), a unit
    that cannot be dealt damage (RB-ORD-7)."""
    side, d = order.side, order.derived
    tiers = d.tiers[side]
    here = {w.name for w in board.attacker + board.defender}
    rules = ["RB-ORD-8"]
    if tiers.get(x) == 0 or tiers.get(y) == 0 or (x in here and _record(s, x).tank):
        rules.append("RB-ORD-2")
    if tiers.get(y) == 2 or (y in here and _record(s, y).backline):
        rules.append("RB-ORD-3")
    if x in d.duals[side] or y in d.duals[side]:
        rules += ["RB-ORD-5", "RB-ORD-6"]
    if x in tiers and tiers.get(x) == tiers.get(y):
        rules.append("RB-ORD-4")
    if board.ignores_tank(side):
        rules.append("RB-ORD-1")
    if any(_cannot_be_dealt_damage(order, board, u) for u in (x, y)):
        rules.append("RB-ORD-7")
    return rules + _removal_rules(s, board, (x, y))


def _removal_rules(s: Scenario, board, units) -> list[str]:
    """The rules that removed those of ``units`` the showdown took from the battlefield (:func:`_removal`)."""
    here = {w.name for w in board.attacker + board.defender}
    gone = {n for n, _, _ in board.removed}
    return [r for u in units if u not in here and u in gone for r in _removal(s, board, u)[1]]


def _cannot_be_dealt_damage(order: _AssignmentOrder, board, unit: str) -> bool:
    """RB-ORD-7: ``unit`` is at the battlefield but no target of the side's damage (it cannot be dealt damage)."""
    return unit in {w.name for w in board.side(other(order.side))} and not order.is_target(unit)


def _order(s: Scenario, claim: Claim) -> Verdict:
    """"X must get lethal damage before Y gets any": in every order of assignment the rules allow (RB-ORD-2..8:
    Tank first, Backline last, one tier in any order), X comes before Y. A claim on the rules' order, whatever the
    total: a board whose damage reaches neither unit does not make it hold (its note says so). X must be one the
    damage can give lethal to (RB-ORD-7: a unit that cannot be dealt damage has no lethal amount)."""
    x, y = _unit(s, claim), _unit(s, claim, "other")
    order, board, notes = _assignment_order(s, claim, x, y)
    rules = _order_rules(s, order, board, x, y)
    if x not in {u.name for u in board.attacker + board.defender}:  # gone: the notes say how, with its rules
        return Verdict(claim, False, rules, notes=notes + [f"no damage waits for {x} to get lethal: it is not there"])
    if not order.is_target(x):
        return Verdict(claim, False, rules, notes=notes + [f"{x} has no lethal amount to be assigned (RB-ORD-7): "
                                                            f"no damage waits for it"])
    early = order.may_precede(y, x)
    if order.sequences is not None and early != _by_tiers(order, y, x):
        rules.append("RB-READ-1")
    if early:
        return Verdict(claim, False, rules, notes=[f"the rules allow an order of assignment that gives {y} damage "
                                                   f"before {x} has lethal ({_places_text(order, x, y)})"] + notes)
    return Verdict(claim, True, rules, notes=[f"every order of assignment the rules allow gives {x} lethal damage "
                                              f"before {y} gets any ({_places_text(order, x, y)})"] + notes)


def _by_tiers(order: _AssignmentOrder, a: str, b: str) -> bool:
    """:meth:`_AssignmentOrder.may_precede` by the tiers alone."""
    return replace(order, sequences=None).may_precede(a, b)


_PLACE_WORDS = {0: "Tank, first", 1: "no Tank or Backline in force", 2: "Backline, last",
                _DUMP_PLACE: "cannot be dealt damage: only leftover, after every target has lethal"}


def _places_text(order: _AssignmentOrder, x: str, y: str) -> str:
    def one(u: str) -> str:
        p = order.places[u]
        if p is None:
            return f"{u}: no tier binds it"
        if not p:
            return f"{u}: never dealt this damage"
        if p == frozenset({0, 2}):
            return f"{u}: Tank and Backline, first or last"
        return f"{u}: " + _PLACE_WORDS[next(iter(p))]
    return "; ".join(one(u) for u in (x, y))


def _excess_on(s: Scenario, claim: Claim) -> Verdict:
    from .damage.splits import MAX_SCANNED_SPLITS, LegalSplits

    name = _unit(s, claim)
    side = _side(s, claim)
    board = _board(s)
    view = LegalSplits(board, side, representation="vector")
    d = view.derived
    rules = ["RB-DMG-9"]
    if name not in d.receivers(side):
        return Verdict(claim, False, ["RB-DMG-3"], notes=[f"{name} does not receive the {side}'s damage"])
    if d.excess[side] == 0:
        return Verdict(claim, False, rules, notes=[f"the {side} has no leftover damage"])
    lethal = (d.lethal.get(name) or 0) if name in d.targets[side] else 0
    if view.upper_bound() > MAX_SCANNED_SPLITS:
        raise _err(s, claim, "too many legal splits to check")
    witness = next((sp for sp in view if sp.get(name) > lethal), None)
    if name in d.dumps[side]:
        rules.append("RB-ORD-7")
    if witness is None:  # the order rules that keep it from coming last (Tank, Backline), if any
        tiers = d.tiers[side]
        rules += [r for r, t in (("RB-ORD-2", 0), ("RB-ORD-3", 2)) if t in tiers.values()]
        return Verdict(claim, False, rules, notes=[f"no legal split puts leftover damage on {name}"])
    return Verdict(claim, True, rules, notes=[f"e.g. {witness.label()}"])


def _best_split(s: Scenario, claim: Claim) -> Verdict:
    from .damage.splits import best_splits

    side = _side(s, claim)
    split = _split_arg(s, claim, side)
    board = _board(s)
    values = {u.name: u.value for u in board.side(other(side)) if u.value is not None}
    objective = s.flags.get("best_split_objective", "kills_then_might")
    if objective == "custom" and not values:
        raise _err(s, claim, "best_split_objective=custom needs `value:` on the units")
    best = best_splits(board, side, objective=objective, values=values)
    ok = split.amounts in {b.amounts for b in best.splits}
    return Verdict(claim, ok, ["RB-MODEL-7", *_best_split_rules(board, side, split, objective, ok)],
                   notes=[f"best under {objective}: " + "; ".join(b.label() for b in best.splits)])


def _best_split_rules(board, side: str, split: Split, objective: str, ok: bool) -> list[str]:
    """The assignment rules (:data:`.damage.switched.ASSIGNMENT_RULES`) whether ``split`` is one of ``side``'s best
    splits (``ok``) turns on: the smallest sets of them whose effect, taken away (:func:`pycombat.in_force.removed`),
    lets other splits be legal and changes the answer (a better split, or this one legal and best). Each side's
    splits scored as the joint game scores them (:class:`.damage.game.JointGame`, RB-MODEL-7); none when there are
    too many splits to look at."""
    from ...errors import TooLargeError
    from .damage.game import JointGame, Objective

    try:
        score = functools.partial(JointGame(board, Objective(objective)).score, side)
    except TooLargeError:
        return []

    def answer() -> bool | None:
        got = assignment_best_splits(board, side, score)
        return None if got is None else frozenset(split.amounts) in got[1]

    if answer() != ok:  # too many splits to look at
        return []

    def flips(gone: frozenset[str]) -> bool:
        with removed(*gone):
            got = answer()
        return got is not None and got != ok

    return list(dict.fromkeys(r for found in minimal_deciding_sets(assignment_rules(board, side), flips)
                              for r in found))


def _scores(s: Scenario, claim: Claim) -> Verdict:
    """"The attacker scores", "the defender scores": the combat ends in that side's Conquer, which scores (RB-RES-5),
    with the stated splits or over the legal splits of a side that states none (:func:`_played_outcomes`); "the
    defender scores a hold": never in a combat (RB-RES-6)."""
    from .damage.outcome import Control, outcome_classes

    side = claim.args.get("side") or "attacker"
    if side not in SIDES:
        raise _err(s, claim, f"side: attacker or defender, not {side!r}")
    value = claim.args.get("value")
    if value not in (None, "hold", "conquer"):
        raise _err(s, claim, f"value: hold (a Hold) or conquer (a Conquer, the default), not {value!r}")
    control = Control.of(s)
    if side == "defender" and value == "hold":  # whatever the splits: the note says when he scores by a Conquer
        notes = ["a Hold scores only in the Beginning Phase"]
        if "defender" in {control.scorer(o) for o in outcome_classes(_board(s)).outcomes}:
            notes.append(f"{s.defender.player} scores here by a Conquer: he establishes control of the battlefield "
                         "nobody controlled (RB-RES-4, RB-RES-5)")
        return Verdict(claim, False, ["RB-RES-6"], notes=notes)
    outcomes, read_rules, read = _played_outcomes(s)
    notes = [f"{read[0]}: {'; '.join(control.text(o) for o in sorted(outcomes))}"] if read else []
    verdict = {control.scorer(o) for o in outcomes} == {side}
    if side in control.scored:
        notes.append(f"the {side} already scored this battlefield this turn")
    if side == "defender" and control.before == "defender" and {"keep", "recall"} & set(outcomes):
        notes.append(f"{s.defender.player} controlled the battlefield as the combat began: he can keep it, which "
                     "scores nothing now (a Hold scores in his Beginning Phase, RB-RES-6)")
    rules = ["RB-RES-5", *read_rules] + (["RB-RES-4"] if side == "defender" else [])
    rules += _played_rules(s, lambda outs: {control.scorer(o) for o in outs} == {side})
    return Verdict(claim, verdict, rules, notes=notes)


def _no_result(s: Scenario, claim: Claim) -> Verdict:
    from .damage.outcome import Control

    outcomes, read_rules, read = _played_outcomes(s)
    control = Control.of(s)
    # the Might rules that made a total or a lethal amount and the assignment rules (the whole total assigned, no
    # overkill, ...) whose effect, taken away, changes whether both sides, or neither, have units left
    rules = ["RB-RES-3", *read_rules] + _played_rules(s, lambda outs: outs <= {"recall", "nobody"})
    return Verdict(claim, outcomes <= {"recall", "nobody"}, rules,
                   notes=[f"outcomes{' ' + read[0] if read else ''}: "
                          f"{'; '.join(control.text(o) for o in sorted(outcomes))}"])


def _keyword_effect(s: Scenario, claim: Claim) -> Verdict:
    from .damage.splits import LegalSplits

    name = _unit(s, claim)
    kw = claim.args.get("keyword", "Deflect")
    u = _record(s, name)
    # Compute: the legal splits against the unit's side with and without the keyword.
    without = replace(u, deflect=0) if kw == "Deflect" else replace(u, ganking=False)
    side = other(u.side)
    board = _board(s)
    changed = False
    if name in {x.name for x in board.side(u.side)}:
        units = tuple(without if x.name == name else x for x in board.side(u.side))
        alt = replace(board, **{u.side: units})
        a = {sp.amounts for sp in LegalSplits(board, side, representation="vector")}
        b = {sp.amounts for sp in LegalSplits(alt, side, representation="vector")}
        changed = a != b
    rule = "RB-MIGHT-10" if kw == "Deflect" else "RB-MIGHT-11"
    return Verdict(claim, changed, [rule], notes=[f"{kw} is not an input of the damage rules"])


def _marked_counts(s: Scenario, claim: Claim) -> Verdict:
    return Verdict(claim, s.flags.get("marked_damage") == "remaining", ["RB-MIGHT-8", "RB-DMG-5"])


def _ignore_tank(s: Scenario, claim: Claim) -> Verdict:
    side = _side(s, claim)
    board = _board(s)
    who = [u.name for u in board.side(side) if u.ignores_tank]
    return Verdict(claim, bool(who), ["RB-ORD-1", "RB-ORD-2"],
                   notes=[f"{', '.join(who)}: \"You ignore [Tank] while assigning combat damage here\"" if who else
                          "no card lets this side ignore Tank"])


def _any_order(s: Scenario, claim: Claim) -> Verdict:
    """"X and Y may be assigned damage in either order": the rules allow an order of assignment that takes X first
    and one that takes Y first (RB-ORD-4: units of one priority in any order; a unit both Tank and Backline first or
    last, RB-ORD-5). A claim on the rules' order, whatever the total (the note says when no split reaches them)."""
    x, y = _unit(s, claim), _unit(s, claim, "other")
    order, board, notes = _assignment_order(s, claim, x, y)
    d, side = order.derived, order.side
    rules = ["RB-MODEL-6"]
    absent = [u for u in (x, y) if u not in {w.name for w in board.attacker + board.defender}]
    if absent:  # a unit not at the battlefield is never taken first: its absence decides, not the tiers
        firsts = [u for u, o in ((x, y), (y, x)) if order.may_precede(u, o)]
        return Verdict(claim, len(firsts) == 2, rules + _removal_rules(s, board, absent),
                       notes=[f"the rules' order of assignment may take first: {', '.join(firsts) or 'neither'} "
                              f"({_places_text(order, x, y)})"] + notes)
    if x in d.duals[side] or y in d.duals[side]:
        rules += ["RB-ORD-5", "RB-ORD-6"]
    tx, ty = d.tiers[side].get(x, 1), d.tiers[side].get(y, 1)
    if tx == ty or x in d.duals[side] or y in d.duals[side]:
        rules.append("RB-ORD-4")  # same priority: any order
    rules += [r for r, t in (("RB-ORD-2", 0), ("RB-ORD-3", 2)) if t in (tx, ty)]
    firsts = [u for u, o in ((x, y), (y, x)) if order.may_precede(u, o)]
    if order.sequences is not None and firsts != [u for u, o in ((x, y), (y, x)) if _by_tiers(order, u, o)]:
        rules.append("RB-READ-1")
    if any(_cannot_be_dealt_damage(order, board, u) for u in (x, y)):
        rules.append("RB-ORD-7")
    return Verdict(claim, len(firsts) == 2, rules,
                   notes=[f"the rules' order of assignment may take first: {', '.join(firsts) or 'neither'} "
                          f"({_places_text(order, x, y)})"] + notes)


def _rule(s: Scenario, claim: Claim) -> Verdict:
    verdict, rules = RULE_STATEMENTS[claim.args["statement"]]
    return Verdict(claim, verdict, list(rules))


DECIDERS: dict[str, Callable[[Scenario, Claim], Verdict]] = {
    "split_legal": _split_legal, "outcome": _outcome, "fate": _fate, "total": _total, "lethal": _lethal,
    "might": _might, "split_count": _split_count, "excess": _excess, "assigns_first": _assigns_first,
    "focus_first": _focus_first, "role": _role, "damage_step": _damage_step, "order": _order,
    "excess_on": _excess_on, "best_split": _best_split, "scores": _scores, "no_result": _no_result,
    "keyword_effect": _keyword_effect, "marked_counts": _marked_counts, "ignore_tank": _ignore_tank,
    "any_order": _any_order, "rule": _rule,
}
