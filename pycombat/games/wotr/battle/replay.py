"""``replay`` for War of the Ring: a battle resolved with given dice, narrated round by round.

The dice of each roll come from the file (``rolls:``) or from ``--rolls`` (the same list as YAML or
JSON text)::

    rolls:
      - attacker: {combat: [6, 5, 3, 1, 2], reroll: [5, 1]}     # round 1
        defender: {combat: [4, 4, 2], reroll: [6]}
      - attacker: {combat: [...]}                                # round 2 ...

``card_attack`` gives the dice of a Combat card's own attack roll before the Combat roll (Sudden
Strike, Charge, Durin's Bane), ``card_attack_after`` those after casualties (We Come to Kill,
Onslaught). Each list must hold exactly the dice the rules roll (WOTR-STR-3, WOTR-STR-5,
WOTR-HIT-6); a wrong count is one clear error naming the field. Decisions (casualties, cease,
retreat, siege extension) follow the flags' policies; ``casualty_policy=enumerate`` is replayed
with ``regulars_first`` (noted). :func:`replay` returns a :class:`Replay` whose :meth:`Replay.json`
and :meth:`Replay.lines` the CLI prints.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from pycombat.errors import PycombatError, ScenarioError
from pycombat.scenario import Node, parse_document
from .process import KIND_TEXT, Decisions, Outcome, Policy, end_of_round, into_siege, siege_trim, terminal_after_casualties
from ..cards.battle import card_context, check_plan, lose
from ..cards.combat_round import ROLES, CardRound, _add, _i
from .casualties import POLICIES
from .setup import battle_setup
from ..spec import ROLL_SIDE
from .splits import judge_attack

SIDE_KEYS = ROLL_SIDE.keys  #: declared in .spec (``rolls:``)


def _hits(faces: list[int], hit: int, mod: int) -> int:
    """WOTR-HIT-3/4: a face hits when face + modifier >= hit number; a natural 1 misses, a natural 6 hits."""
    return sum(1 for f in faces if f != 1 and (f == 6 or f + mod >= hit))


def parse_rolls_text(text: str) -> list:
    """``--rolls``: the ``rolls:`` list as YAML or JSON text (from the Python API, also the list itself)."""
    if isinstance(text, list):
        return text
    if not isinstance(text, str):
        raise PycombatError(f"--rolls: expected the `rolls:` list, or its YAML or JSON text, not {str(text)[:80]!r}")
    body = text if text.lstrip().startswith("rolls:") else "rolls: " + text.strip()
    try:
        data = parse_document(body, label="--rolls")
    except ScenarioError as exc:
        raise PycombatError(f"--rolls: {exc.message}") from None
    return data.get("rolls")


def read_rolls(value: Any, *, file: str | None, path: str = "rolls") -> list[dict[str, dict[str, list[int]]]]:
    node = Node(value, file=file, path=path)
    out = []
    for rn in _as_list(node):
        rn._mapping()
        rnd: dict[str, dict[str, list[int]]] = {}
        for role in ROLES:
            if not rn.has(role):
                rnd[role] = {}
                continue
            sn = rn.child(role)
            sn._mapping()
            got = {}
            for key in SIDE_KEYS:
                if sn.has(key):
                    faces = []
                    for fn in sn.list(key):
                        v = fn.value
                        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                            raise fn.error(f"a die face is 1 to 6, not {v!r}")
                        faces.append(v)
                    got[key] = faces
            sn.finish(SIDE_KEYS)
            rnd[role] = got
        rn.finish(ROLES)
        out.append(rnd)
    return out


def _as_list(node: Node) -> list[Node]:
    if not isinstance(node.value, list):
        raise node.error("a list of rounds, each {attacker: {combat: [...], reroll: [...]}, defender: {...}}")
    return [Node(v, file=node.file, path=f"{node.path}[{i}]") for i, v in enumerate(node.value)]


class _Faces:
    """The dice given for one round, handed out in order, with one clear error on a wrong count."""

    def __init__(self, rnd: dict, index: int, file: str | None, origin: str):
        self.rnd, self.index, self.file, self.origin = rnd, index, file, origin
        self.used: set[tuple[str, str]] = set()

    def take(self, role: str, key: str, n: int, up_to: bool = False) -> list[int]:
        """The ``n`` faces given for ``role``'s ``key`` roll; ``up_to``: any number from 0 to ``n`` (the
        Leader re-roll under ``leader_reroll=choose``: the side picks how many dice it re-rolls, WOTR-HIT-7)."""
        faces = self.rnd.get(role, {}).get(key)
        path = f"{self.origin}[{self.index}].{role}.{key}"
        if up_to:
            faces = faces or []
            if len(faces) > n:
                raise ScenarioError(f"round {self.index + 1}: the {role} may re-roll at most {n} "
                                    f"{'die' if n == 1 else 'dice'} ({key.replace('_', ' ')}; leader_reroll=choose), "
                                    f"{len(faces)} given (WOTR-STR-5, WOTR-HIT-6, WOTR-HIT-7)", file=self.file,
                                    path=path)
            self.used.add((role, key))
            return list(faces)
        if faces is None:
            faces = []
            if n:
                raise ScenarioError(f"round {self.index + 1}: the {role} rolls {n} {'die' if n == 1 else 'dice'} here "
                                    f"({key.replace('_', ' ')}); give them", file=self.file, path=path)
        if len(faces) != n:
            rule = "WOTR-STR-5, WOTR-HIT-6" if key == "reroll" else "WOTR-STR-3" if key == "combat" else "WOTR-CARD-6"
            fewer = ("; leader_reroll=full re-rolls every allowed die: `rules: {leader_reroll: choose}` lets the "
                     "side re-roll fewer (WOTR-HIT-7)" if key == "reroll" and len(faces) < n else "")
            raise ScenarioError(f"round {self.index + 1}: the {role} rolls {n} {'die' if n == 1 else 'dice'} "
                                f"({key.replace('_', ' ')}), {len(faces)} given ({rule}){fewer}", file=self.file,
                                path=path)
        self.used.add((role, key))
        return list(faces)

    def check_unused(self) -> None:
        for role in ROLES:
            for key, faces in self.rnd.get(role, {}).items():
                if (role, key) not in self.used and faces:
                    raise ScenarioError(f"round {self.index + 1}: the {role} rolls no {key.replace('_', ' ')} "
                                        "dice in this round", file=self.file,
                                        path=f"{self.origin}[{self.index}].{role}.{key}")


def _roll_json(faces, hit, mod, hits, *, ones_hit_self=False) -> dict:
    return {"faces": faces, "hit_on": hit, "modifier": mod, "hits": hits,
            "natural_6": faces.count(6), "natural_1": faces.count(1),
            **({"natural_1_hit_own_army": faces.count(1)} if ones_hit_self else {})}


class _ReplayCardRound(CardRound):
    """The card interpreter with the dice given (one branch per step)."""

    def __init__(self, *a, faces: _Faces, record: dict, **kw):
        super().__init__(*a, **kw)
        self.faces, self.record = faces, record
        self._applied = 0  # the card steps so far this round, in the order applied (WOTR-CARD-4)
        self._attacked = False  # the current effect rolled its own attack (recorded by _attack)

    def _order_next(self) -> int:
        self._applied += 1
        return self._applied

    def _event(self, step: str, role: str, card, e, text: str, rules: list[str], *, at: str | None = None,
               **numbers) -> None:
        """One card step of the round (``card_steps``): where it acts (``step``, and ``at`` the role whose
        roll it changes), whose card, what it did, with the rule ids."""
        self.record.setdefault("card_steps", []).append(
            {"order": self._order_next(), "step": step, "at": at, "role": role,
             "card": card.name if card is not None else None, "effect": e.get("effect") if e else None,
             "text": text, "rules": rules, **numbers})

    def _static(self, s, init, role, card, e):
        """A fixed effect (WOTR-CARDX-1: fixed when the cards are revealed) narrated at the step whose roll
        or dice it changes; the cancels of the reveal stay at the top of the round."""
        n0 = len(self.log)
        s2 = super()._static(s, init, role, card, e)
        step, at = _fixed_place(role, e)
        if step is not None:
            new = self.log[n0:]
            del self.log[n0:]
            for text, rule in new:
                self._event(step, role, card, e, text, [rule], at=at)
        return s2

    def applied(self, step, role, card, e, before, after):
        """Each card effect of a step, narrated with what it changed (WOTR-CARDX-1)."""
        kind = e.get("effect")
        attacked, self._attacked = self._attacked, False
        if kind in ("extra_attack", "retreat_before_combat") or len(after) != 1:
            return  # own attack rolls are recorded by _attack; a retreat by its fixed line
        s2 = after[0][0]
        i, opp = _i(role), ("defender" if role == "attacker" else "attacker")
        j = _i(opp)
        if kind == "self_hits_for_extra_attack":
            if not attacked:
                chosen = self.choices[role].self_hits
                why = ("self_hits: 0 in the file" if chosen == 0 else
                       "by default the most his Army can take and keep a unit: none" if chosen is None else
                       "his Army has no hit point left")
                self._event(step, role, card, e, f"{card.name}: no hit taken on his own Army, no attack die ({why})",
                            ["WOTR-CARDX-2"], self_hits=0)
            return
        if kind == "bonus_hits":
            k = s2.bonus[i] - before.bonus[i]
            why = _bonus_why(before, role, opp, e.get("if") or {})
            if not k:
                self._event(step, role, card, e, f"{card.name}: no extra hit ({why})", ["WOTR-CARD-4", "WOTR-CARDX-1"],
                            bonus_hits=0)
            elif step == "after_remove_casualties":
                self._event(step, role, card, e,
                            f"{card.name}: {k} extra hit{'s' if k != 1 else ''} ({why}), removed at once: the {opp} "
                            f"{_units(before.units(opp)[0])} -> {_units(s2.units(opp)[0])}",
                            ["WOTR-CARD-4", "WOTR-CARDX-1"], bonus_hits=k,
                            units_before=[list(x) for x in before.units(opp)[0]],
                            units_after=[list(x) for x in s2.units(opp)[0]])
            else:
                self._event(step, role, card, e,
                            f"{card.name}: {k} extra hit{'s' if k != 1 else ''} ({why}) -> the {role} scores "
                            f"{s2.scored[i]} hit{'s' if s2.scored[i] != 1 else ''} on the {opp}",
                            ["WOTR-CARD-4", "WOTR-CARDX-1"], bonus_hits=k, hits_after=s2.scored[i])
        elif kind in ("bonus_eliminate", "spend_hit_to_eliminate"):
            if kind == "bonus_eliminate" and e is not next(x for x in card.effects if x.get("effect") == kind):
                return  # the card's alternatives are weighed together, at its first one (WOTR-CARDX-2)
            figs = s2.lost[j][len(before.lost[j]):]
            rr = before.reroll[i]
            if figs:
                spent = " for one of his re-roll hits" if kind == "spend_hit_to_eliminate" else ""
                self._event(step, role, card, e, f"{card.name}: the {opp} loses {', '.join(map(_figure, figs))}"
                            f"{spent} ({rr} hit{'s' if rr != 1 else ''} in the Leader re-roll)", ["WOTR-CARDX-3"],
                            eliminated=list(figs))
            else:
                self._event(step, role, card, e, f"{card.name}: no figure eliminated ({rr} hit{'s' if rr != 1 else ''} "
                            f"in the Leader re-roll)", ["WOTR-CARDX-3"], eliminated=[])
        elif kind == "cancel_hits":
            c = before.scored[j] - s2.scored[j]
            self._event(step, role, card, e, f"{card.name}: {c} of the {opp}'s {before.scored[j]} "
                        f"hit{'s' if before.scored[j] != 1 else ''} cancelled" if c else
                        f"{card.name}: no hit cancelled (the {opp} scored {before.combat[j] + before.reroll[j]} in his "
                        "rolls)", ["WOTR-CARDX-1"] + (["WOTR-CARDX-8"] if (e.get("if") or {}).get("from") else []),
                        cancelled=c)
        elif kind == "cancel_hits_by_sacrifice":
            figs = s2.lost[i][len(before.lost[i]):]
            c = before.scored[j] - s2.scored[j]
            self._event(step, role, card, e, f"{card.name}: the {role} sacrifices {', '.join(map(_figure, figs))}: "
                        f"{c} of the {opp}'s hits cancelled" if figs else
                        f"{card.name}: no sacrifice ({self._no_sacrifice_why(before, role)})",
                        ["WOTR-CARDX-2", "WOTR-CARDX-3"], cancelled=c, eliminated=list(figs))
        elif kind == "self_hits_for_roll_modifier":
            k = s2.selfhit[i] - before.selfhit[i]
            chosen = self.self_hits_mod.get(role, k)
            fewer = (f" ({k} of the {chosen} chosen: his Army keeps a unit for its Combat roll only so, WOTR-CAS-7)"
                     if k < chosen else "")
            self._event(step, role, card, e, f"{card.name}: {k} hit{'s' if k != 1 else ''} taken on his own Army"
                        f"{fewer}: {_units(before.units(role)[0])} -> {_units(s2.units(role)[0])}",
                        ["WOTR-CARD-7", "WOTR-CARDX-2"], self_hits=k,
                        **({"self_hits_chosen": chosen} if k < chosen else {}))

    def note(self, text, rule):
        """(a replay narrates each card step where it acts, :meth:`applied`: no summary line)"""

    def _no_sacrifice_why(self, s, role: str) -> str:
        """Why Heroic Death sacrificed no one (WOTR-CARDX-2)."""
        opp = "defender" if role == "attacker" else "attacker"
        want = self.choices[role].sacrifice
        if s.scored[_i(opp)] <= 0:
            return f"the {opp} scored no hit to cancel"
        if want == "none":
            return "sacrifice: none in the file"
        if want is None:
            return "by default a Leader, and no Leader of his is in the battle"
        return f"no {'Leader' if want == 'leader' else 'Companion'} of his is left in the battle"

    def _attack(self, s, role, n, hit_on, pre):
        if n <= 0:
            return [(s, Fraction(1))]
        faces = self.faces.take(role, "card_attack" if pre else "card_attack_after", n)
        h = _hits(faces, hit_on, 0)
        opp = "defender" if role == "attacker" else "attacker"
        s2 = replace(s, pre=_add(s.pre, role, h)) if pre else s
        s3 = self._take(s2, opp, h)
        card = self.cards.get(role)
        self._attacked = True
        # Onslaught: the hits its owner took on his own Army for the dice (one die per hit)
        paid = next((e for e in (card.effects if card is not None else ())
                     if e.get("effect") == "self_hits_for_extra_attack"), None) if not pre else None
        self.record[role].setdefault("card_attacks", []).append(
            {**_roll_json(faces, hit_on, 0, h), "when": "before the Combat roll" if pre else "after casualties",
             "card": card.name if card is not None else None, "target": opp, "order": self._order_next(),
             **(self._paid_json(role, n, paid) if paid else {}),
             "units_before": [list(x) for x in s2.units(opp)[0]], "units_after": [list(x) for x in s3.units(opp)[0]],
             "rule": "WOTR-CARD-6"})
        return [(s3, Fraction(1))]

    def _paid_json(self, role: str, n: int, effect) -> dict:
        """Onslaught's hits on its own Army for the dice (WOTR-CARDX-2): how many, and, when they eliminated
        the Army or were fewer than chosen, the Army before and after them."""
        out = {"self_hits": n // int(effect.get("dice_per_self_hit", 1))}
        if self.paid is not None and self.paid[0] == role:
            _, chosen, k, before, after = self.paid
            if k < chosen or not any(r or e for r, e in after):
                out.update({"self_hits_chosen": chosen, "own_units_before": [list(x) for x in before],
                            "own_units_after": [list(x) for x in after]})
        return out

    def before_reroll(self, s):
        """Mighty Attack / Andúril: the missed dice turned into hits, and whose Leadership pays."""
        out = super().before_reroll(s)
        s2 = out[0][0]
        from ..characters import load_characters

        chars = load_characters().characters
        for role in ROLES:
            i = _i(role)
            k = s2.combat[i] - s.combat[i]
            paid = [c for c in s2.used[i] if c not in s.used[i]]
            if k or paid:
                card = self.cards.get(role)
                self.record[role]["missed_dice_converted"] = {
                    "card": card.name if card is not None else None, "dice": k,
                    "faces": self.record[role]["combat_roll"]["faces"], "hits_before": s.combat[i],
                    "hits_after": s2.combat[i], "forfeits": [chars[c].name if c in chars else c for c in paid],
                    "leadership_forfeited": s2.lead[i] - s.lead[i], "rules": ["WOTR-CARD-4", "WOTR-CARD-5"]}
            elif self.active.get(role) and any(e.get("effect") == "auto_hit" for e in self.cards[role].effects):
                self.record[role]["missed_dice_converted"] = {
                    "card": self.cards[role].name, "dice": 0, "faces": self.record[role]["combat_roll"]["faces"],
                    "hits_before": s.combat[i], "hits_after": s2.combat[i], "forfeits": [], "leadership_forfeited": 0,
                    "no_effect": self._no_auto_hit_why(s, role), "rules": ["WOTR-CARD-5", "WOTR-CARDX-4"]}
        return out

    def _no_auto_hit_why(self, s, role: str) -> str:
        """Why a named Mighty Attack / Andúril turns no missed die into a hit (WOTR-CARDX-4): no die missed,
        or no Companion in the battle has Leadership left to forfeit (cancelled or forfeited this round)."""
        from ..characters import load_characters
        from ..cards.combat_round import companions, counted_leadership, other

        if s.misses[_i(role)] == 0:
            return "no die of the Combat roll missed: nothing to turn into a hit, and no Leadership forfeited"
        chars = load_characters().characters
        prof = self.ctx.profiles[role]
        gone = [c for c in companions(prof) if c.id in s.used[_i(role)]]
        rider = [c for c in companions(prof) if c.id not in s.used[_i(role)] and counted_leadership(prof, c.id) == 0]
        if not gone and not rider:
            return "no Companion in the battle whose Leadership it could forfeit"
        opp = other(role)
        by = self.cards.get(opp) if self.active.get(opp) and any(
            e.get("effect") == "cancel_companion" for e in self.cards[opp].effects) else None
        how = f"cancelled this round by the {opp}'s {by.name}" if by is not None else "already forfeited this round"
        parts = ([f"{' and '.join(chars[c.id].name for c in gone)}'s Leadership is {how}"] if gone else []) + \
            [f"{c.name}'s Leadership is forfeited for the White Rider for the whole battle (WOTR-STR-11)" for c in rider]
        return f"no Companion has Leadership left to forfeit: {'; '.join(parts)}, and a card's cost cannot be paid with it"

    def combat_roll(self, s):
        combat, misses, ones = [0, 0], [0, 0], [0, 0]
        for role in ROLES:
            n = self._dice(s, role)
            hit, mod = self.ctx.base_hit[role], self.roll_modifier(s, role, "combat_roll")
            faces = self.faces.take(role, "combat", n)
            h2 = _hits(faces, hit, mod)
            o2 = faces.count(1) if self.confusion[role] else 0  # Confusion: natural 1s hit their own Army
            m2 = n - h2 - o2
            i = _i(role)
            combat[i], misses[i], ones[i] = h2, m2, o2
            if o2:  # WOTR-CARDX-6: the opponent's Confusion
                opp = "defender" if role == "attacker" else "attacker"
                self._event("after_combat_roll", opp, self.cards.get(opp), {"effect": "opponent_ones_hit_themselves"},
                            f"{self.cards[opp].name}: {o2} natural 1{'s' if o2 != 1 else ''} of the {role}'s Combat "
                            f"roll hit{'s' if o2 == 1 else ''} his own Army, not re-rolled", ["WOTR-HIT-4", "WOTR-CARDX-6"],
                            at=role, self_hits=o2)
            self.record[role]["combat_roll"] = {**_roll_json(faces, hit, mod, h2, ones_hit_self=self.confusion[role]),
                                                "dice": n, "rules": ["WOTR-STR-3", "WOTR-HIT-1", "WOTR-HIT-2", "WOTR-HIT-3", "WOTR-HIT-4"]}
        return [(replace(s, combat=tuple(combat), scored=(s.scored[0] + combat[0], s.scored[1] + combat[1]),
                         misses=tuple(misses), ones=tuple(ones)), Fraction(1))]

    def leader_reroll(self, s):
        got = [0, 0]
        for role in ROLES:
            i = _i(role)
            lead = self._leadership(s, role)
            allow = 0 if self.no_reroll[role] else min(lead, 5, self._dice(s, role))
            most = 0 if self.no_reroll[role] else min(lead, 5, s.misses[i])
            choose = self.ctx.flags.get("leader_reroll") == "choose"  # WOTR-HIT-7: the re-roll is optional
            faces = self.faces.take(role, "reroll", most, up_to=choose)
            r = len(faces)
            hit, mod = self.ctx.base_hit[role], self.roll_modifier(s, role, "leader_reroll")
            got[i] = _hits(faces, hit, mod)
            self.record[role]["leader_reroll"] = {
                **_roll_json(faces, hit, mod, got[i]), "leadership": lead, "allowance": allow,
                "missed": s.misses[i], "rerolled": r, "cancelled": self.no_reroll[role],
                **({"declined": most - r} if choose else {}),
                "rules": ["WOTR-STR-5", "WOTR-HIT-6"] + (["WOTR-HIT-7"] if choose else [])}
        return [(replace(s, reroll=tuple(got), scored=(s.scored[0] + got[0], s.scored[1] + got[1])), Fraction(1))]

    def casualties(self, s):
        for role in ROLES:
            u, _ = s.units(role)
            taken = s.scored[1 - _i(role)] + s.ones[_i(role)]
            self.record[role]["hits_taken"] = taken
            if s.ones[_i(role)]:
                self.record[role]["own_hits_taken"] = s.ones[_i(role)]  # Confusion (WOTR-CARDX-6)
            self.record[role]["units_before_casualties"] = [list(x) for x in u]
        out = super().casualties(s)
        s2 = out[0][0]
        for role in ROLES:
            self.record[role]["units_after_casualties"] = [list(x) for x in s2.units(role)[0]]
        return out


@dataclass
class Replay:
    scenario: Any
    rounds: list[dict] = field(default_factory=list)
    result: Outcome | None = None
    going_on: bool = False
    notes: list[tuple[str, str | None]] = field(default_factory=list)  #: (text, rule id; None: no rule, a fact of the input)
    lost: tuple = ((), ())
    fates: dict | None = None
    #: the end's moves and political step (:func:`.aftermath.aftermath`), None while the battle goes on
    after: dict | None = None

    def json(self) -> dict:
        out = {"game": "wotr", "scenario": self.scenario.file, "title": self.scenario.title,
               "notes": [{"text": t, "rule": r} for t, r in self.notes], "rounds": self.rounds}
        if self.result is not None:
            out["result"] = {"kind": self.result.kind, "text": KIND_TEXT[self.result.kind],
                             "attacker": [list(u) for u in self.result.attacker],
                             "defender": [list(u) for u in self.result.defender]}
        else:
            out["result"] = {"kind": "dice_exhausted", "text": "no more dice given: the battle goes on"}
        if self.fates is not None:
            out["fates"] = self.fates
        if self.after is not None:
            out["after_the_battle"] = self.after
        return out

    def lines(self) -> list[str]:
        out = [f"  - {t} ({r})" if r else f"  - {t}" for t, r in self.notes]
        for rd in self.rounds:
            out.append(f"Round {rd['round']}:")
            for c in rd.get("cards", []):
                out.append(f"  card: {c['text']} ({c['rule']})")
            out.extend(_card_attack_lines(rd, "before the Combat roll", "before_combat_roll"))
            for role in ROLES:
                r = rd[role]
                out.extend(_step_lines(rd, "combat_roll", role))
                cr = r.get("combat_roll")
                if cr:
                    dice = f"{cr['dice']} {'die' if cr['dice'] == 1 else 'dice'}"
                    out.append(f"  {role} Combat roll, {dice} hitting on {cr['hit_on']}+"
                               + (f" (modifier {cr['modifier']:+d})" if cr["modifier"] else "") + ": "
                               f"{cr['faces']} -> {cr['hits']} hit{'s' if cr['hits'] != 1 else ''} "
                               f"(natural 6: {cr['natural_6']}, natural 1: {cr['natural_1']}; WOTR-HIT-1..4)")
                out.extend(_step_lines(rd, "after_combat_roll", role))
                cv = r.get("missed_dice_converted")  # Mighty Attack / Andúril: between the two rolls
                if cv and cv.get("no_effect"):
                    out.append(f"  {role} {cv['card']}: no effect, {cv['no_effect']} ({', '.join(cv['rules'])})")
                elif cv:
                    who = " and ".join(cv["forfeits"]) or "no one"
                    out.append(f"  {role} {cv['card'] or 'Combat card'}: {cv['dice']} missed "
                               f"{'die' if cv['dice'] == 1 else 'dice'} of {cv['faces']} turned into "
                               f"{'a hit' if cv['dice'] == 1 else 'hits'} before the Leader re-roll -> "
                               f"{cv['hits_after']} hit{'s' if cv['hits_after'] != 1 else ''}; {who} forfeits "
                               f"Leadership {cv['leadership_forfeited']} ({', '.join(cv['rules'])})")
                out.extend(_step_lines(rd, "leader_reroll", role))
                lr = r.get("leader_reroll")
                if lr:
                    if lr["cancelled"]:
                        out.append(f"  {role} Leader re-roll: cancelled by a Combat card")
                    else:
                        out.append(f"  {role} Leader re-roll: up to {lr['allowance']} (Leadership {lr['leadership']}, "
                                   f"WOTR-STR-5), {lr['missed']} missed, {lr['rerolled']} re-rolled"
                                   + (f" ({lr['declined']} declined: leader_reroll=choose, WOTR-HIT-7)"
                                      if lr.get("declined") else "")
                                   + f" hitting on {lr['hit_on']}+" + (f" (modifier {lr['modifier']:+d})" if lr["modifier"] else "")
                                   + f": {lr['faces']} -> "
                                   f"{lr['hits']} hit{'s' if lr['hits'] != 1 else ''} (WOTR-HIT-6)")
            out.extend(_step_lines(rd, "after_leader_reroll"))
            out.extend(_step_lines(rd, "before_remove_casualties"))
            for role in ROLES:
                r = rd[role]
                if "hits_taken" in r:
                    own = r.get("own_hits_taken", 0)
                    why = (f" ({r['hits_taken'] - own} scored by the {'defender' if role == 'attacker' else 'attacker'}, "
                           f"{own} of his own natural 1s, WOTR-CARDX-6)" if own else "")
                    out.append(f"  {role} takes {r['hits_taken']} hit{'s' if r['hits_taken'] != 1 else ''}{why}: "
                               f"{_units(r['units_before_casualties'])} -> {_units(r['units_after_casualties'])} "
                               f"({rd['casualty_policy']}, WOTR-CAS-2..5)")
            out.extend(_card_attack_lines(rd, "after casualties", "after_remove_casualties"))
            out.append(f"  end of round: {rd['end']['text']} ({', '.join(rd['end']['rules'])})")
        if self.result is not None:
            from .aftermath import aftermath_lines
            from .fates import outcome_fate_lines

            out.append(f"Result: {KIND_TEXT[self.result.kind]}; attacker {_units(self.result.attacker)}, "
                       f"defender {_units(self.result.defender)}")
            if self.fates is not None:
                out.extend(outcome_fate_lines(self.fates))
            if self.after is not None:
                out.extend(aftermath_lines(self.after))
        else:
            out.append("No more dice given: the battle goes on.")
        return out


#: where a fixed card effect shows (WOTR-CARDX-1): the step whose roll it changes, and whose roll
def _fixed_place(role: str, e) -> tuple[str | None, str | None]:
    kind = e.get("effect")
    opp = "defender" if role == "attacker" else "attacker"
    if kind == "roll_modifier":
        whose = {"own": role, "opponent": opp, "both": "attacker"}[e.get("whose", "own")]
        return ("combat_roll" if "combat_roll" in e.get("rolls", ()) else "leader_reroll"), whose
    if kind in ("max_dice", "dice_reduction", "opponent_ones_hit_themselves"):
        return "combat_roll", opp
    if kind == "self_hits_for_roll_modifier":
        return "combat_roll", role
    if kind == "cancel_opponent_leader_reroll":
        return "leader_reroll", opp
    if kind == "retreat_before_combat":
        return "before_combat_roll", None
    return None, None  # cancels and Words of Power: when the cards are revealed (the top of the round)


def _bonus_why(s, role: str, opp: str, cond) -> str:
    """The condition of a card's extra hits, with the numbers that decide it."""
    i, j = _i(role), _i(opp)
    if "own_hits_at_least" in cond:
        n, need = s.combat[i] + s.reroll[i], int(cond["own_hits_at_least"])
        return f"{n} hit{'s' if n != 1 else ''} in his Combat roll and re-roll, at least {need} needed"
    if cond.get("own_total_hits_more_than_opponent"):
        theirs = s.scored[j] + (s.pre[j] if cond.get("counts_fp_pre_combat_card_attack_hits") else 0)
        return f"{s.scored[i]} hits against the {opp}'s {theirs}, {'more' if s.scored[i] > theirs else 'not more'}"
    if "own_army_units_at_least_times_enemy" in cond:
        from .casualties import unit_count

        mine, theirs = unit_count(s.units(role)[0]), unit_count(s.units(opp)[0])
        k = int(cond["own_army_units_at_least_times_enemy"])
        return (f"{mine} units against {theirs}, " + ("at least" if mine >= k * theirs else "fewer than")
                + f" {'twice' if k == 2 else f'{k} times'} as many")
    return "no condition"


def _figure(fig: str) -> str:
    from ..characters import load_characters

    chars = load_characters().characters
    return {"leader": "a Leader", "nazgul": "a Nazgûl"}.get(fig) or (chars[fig].name if fig in chars else fig)


def _step_lines(rd: dict, step: str, at: str | None = None) -> list[str]:
    """The card steps (``card_steps``) of one round at ``step`` (for ``at``'s roll), in the order applied."""
    rows = sorted((c for c in rd.get("card_steps", []) if c["step"] == step and (at is None or c["at"] == at)),
                  key=lambda c: c["order"])
    return [f"  {c['role']} card: {c['text']} ({', '.join(c['rules'])})" for c in rows]


def _card_attack_lines(rd: dict, when: str, step: str) -> list[str]:
    """The cards' own attack rolls of one round at ``when`` with the other card steps there, in the order
    they were applied (the lower Initiative first, the defender's on a tie: WOTR-CARD-4), each attack with
    its dice, hits and casualties."""
    attacks = sorted([(ca.get("order", 0), role, ca) for role in ROLES for ca in rd[role].get("card_attacks", [])
                      if ca["when"] == when] + [(c["order"], c["role"], c) for c in rd.get("card_steps", [])
                                                if c["step"] == step], key=lambda t: t[0])
    out = []
    for _, role, ca in attacks:
        if "when" not in ca:
            out.append(f"  {role} card: {ca['text']} ({', '.join(ca['rules'])})")
            continue
        name = f" ({ca['card']})" if ca.get("card") else ""
        paid = ""
        if "self_hits" in ca:
            k = ca["self_hits"]
            fewer = (f" ({k} of the {ca['self_hits_chosen']} chosen: his Army could absorb no more, WOTR-CAS-10)"
                     if ca.get("self_hits_chosen", k) > k else "")
            gone = (f", eliminating it ({_units(ca['own_units_before'])} -> no units, WOTR-CAS-7)"
                    if "own_units_after" in ca and not any(r or e for r, e in ca["own_units_after"]) else "")
            paid = (f"{k} hit{'s' if k != 1 else ''} taken on his own Army{fewer}{gone}, for "
                    f"{len(ca['faces'])} {'die' if len(ca['faces']) == 1 else 'dice'}, ") if (fewer or gone) else (
                f"{k} hit{'s' if k != 1 else ''} taken on his own Army for "
                f"{len(ca['faces'])} {'die' if len(ca['faces']) == 1 else 'dice'}, ")
        out.append(f"  {role} card attack{name} {ca['when']}: {paid}{ca['faces']} hitting on {ca['hit_on']}+ "
                   f"-> {ca['hits']} hit{'s' if ca['hits'] != 1 else ''}, removed at once: the "
                   f"{ca['target']} {_units(ca['units_before'])} -> {_units(ca['units_after'])} (WOTR-CARD-6)")
    return out


def _units(units) -> str:
    if not any(r or e for r, e in units):
        return "no units"
    return ", ".join(f"{r}R {e}E" for r, e in units)


def replay(s, rolls_value: Any = None, *, origin: str = "rolls") -> Replay:
    """Resolve the battle of ``s`` with the dice of ``rolls_value`` (default: the file's ``rolls:``)."""
    if rolls_value is None:
        rolls_value = getattr(s, "rolls", None)
        origin = "rolls"
    if rolls_value is None:
        raise ScenarioError("replay needs the dice: a `rolls:` list in the file or --rolls", file=s.file, path="rolls")
    rolls = read_rolls(rolls_value, file=s.file if origin == "rolls" else None, path=origin)
    verdict = judge_attack(s)
    if not verdict.legal:
        from .odds import illegal

        raise illegal(verdict, s)
    setup = battle_setup(s, verdict.attacking)
    rep = Replay(s, notes=list(setup.notes))
    if origin != "rolls" and getattr(s, "rolls", None) is not None:  # (nothing the file says is dropped unsaid)
        rep.notes.append((f"{origin} gives the dice: the file's `rolls:` ({len(s.rolls)} round"
                          f"{'s' if len(s.rolls) != 1 else ''}) are not read", None))
    pol = s.flags["casualty_policy"]
    if pol not in POLICIES:
        rep.notes.append(("casualty_policy=enumerate: a replay needs one choice per hit; regulars_first is used "
                          "(--flag casualty_policy=...)", "WOTR-CAS-12"))
        pol = "regulars_first"
    policy = Policy.from_flags(s.flags, pol)
    for role, hand in (s.card_plan.hands.items() if s.card_plan is not None else ()):
        if hand:  # a hand is a choice (optimize's); a replay plays the cards named for their rounds
            rep.notes.append((f"the {role} holds {', '.join(c.name for c in hand)}: not played in a replay, which "
                              "plays the cards named with `card:` (`round:` for a later round)", "WOTR-CARD-2"))
    plan = s.card_plan if s.card_plan is not None and s.card_plan.rounds() else None
    if plan is not None:
        check_plan(s, setup, plan)
    state = setup.start
    cur = setup
    lost = ((), ())
    file = s.file if origin == "rolls" else None
    for idx, rnd_faces in enumerate(rolls):
        a, pa, d, pd, rnd, _ = state
        dec = Decisions(cur, policy)
        faces = _Faces(rnd_faces, idx, file, origin)
        record: dict = {"round": idx + 1, "casualty_policy": pol, "attacker": {}, "defender": {}}
        if cur.siege_retreat and dec.into_siege(state):
            rep.result = into_siege(a, d)
            record["end"] = {"text": KIND_TEXT["retreated_into_siege"], "rules": ["WOTR-SITE-2"]}
            rep.rounds.append(record)
            break
        if plan is not None and idx + 1 in plan.rounds():
            from ..cards.battle import undecided_play
            from ..cards.combat_round import not_stated, playable, unmet

            ctx = card_context(s, cur, plan, units=(a, d), rnd=rnd)
            cards, choices = plan.round_cards(idx + 1)
            usable = {}
            for role, c in cards.items():
                ok, reasons = playable(c, role, ctx, a, d) if c is not None else (False, [])
                if ok:
                    usable[role] = c
                elif c is not None:
                    raise ScenarioError(f"round {idx + 1}: " + (
                        f"the {role} cannot play {c.name} here: {unmet(reasons)}" if ok is False
                        else undecided_play(role, c.name, reasons)), file=s.file,
                        path=plan.paths.get(role, f"{role}.card"), help=tuple(filter(None, [not_stated(reasons)])))
            cr = _ReplayCardRound(ctx, usable, lambda role, u, p, h: dec.casualties(role, u, p, h, None), choices,
                                  faces=faces, record=record)
            ends = cr.run(a, pa, d, pd)
            (r_end, _), = ends
            record["cards"] = [{"text": t, "rule": r} for t, r in cr.log]
            lost = (tuple(sorted(lost[0] + r_end.lost_a)), tuple(sorted(lost[1] + r_end.lost_d)))
            from ..characters import load_characters

            names = {c.id: c.name for c in load_characters().characters.values()}
            names.update({"leader": "a Leader", "nazgul": "a Nazgûl"})
            for role, figs in zip(ROLES, (r_end.lost_a, r_end.lost_d)):
                for f in figs:
                    record.setdefault("figures_lost", []).append(
                        {"role": role, "figure": f, "text": f"the {role} loses {names.get(f, f)} to a Combat card",
                         "rule": "WOTR-CARDX-3"})
            cur = replace(setup, attacker=lose(setup.attacker, lost[0]), defender=lose(setup.defender, lost[1]))
            dec = Decisions(cur, policy)
            a_after = r_end.a
            if r_end.early:
                nxt = Outcome(r_end.early, r_end.a, r_end.d if r_end.early == "defender_retreated"
                              else siege_trim(r_end.d))
            else:
                nxt = terminal_after_casualties(r_end.a, r_end.d) or end_of_round(cur, dec, r_end.a, r_end.pa,
                                                                                   r_end.d, r_end.pd, rnd)
        else:
            nxt = _plain_round(cur, dec, state, faces, record)
            a_after = tuple(tuple(x) for x in record["attacker"]["units_after_casualties"])
        faces.check_unused()
        if isinstance(nxt, Outcome):
            rule = {"attacker_wins": "WOTR-CAS-7, WOTR-END-1", "defender_holds": "WOTR-CAS-7, WOTR-END-1",
                    "both_destroyed": "WOTR-END-9", "attack_ceased": "WOTR-ROUND-3, WOTR-END-2",
                    "sortie_returned": "WOTR-ROUND-3, WOTR-SIEGE-6",
                    "defender_retreated": "WOTR-ROUND-3, WOTR-END-3", "siege_goes_on": "WOTR-SIEGE-3",
                    "retreated_into_siege": "WOTR-SITE-4", "round_limit": "max_rounds"}[nxt.kind]
            text, rules = KIND_TEXT[nxt.kind], rule.split(", ")
            if setup.besieger_stays and nxt.kind == "both_destroyed":  # the besieger's rearguard captures it
                text, rules = (text + "; the besieger's rearguard is still in the region: the Stronghold is captured",
                               ["WOTR-CAS-7", "WOTR-END-1", "WOTR-CAPT-1"])
            elif setup.besieger_stays and nxt.kind == "defender_holds":
                text, rules = text + "; the besieger's rearguard is still in the region: the siege goes on", \
                    rules + ["WOTR-SITE-6"]
            elif nxt.kind == "siege_goes_on" and cur.kind == "siege":
                why, why_rules = _siege_stop_why(s, cur, nxt.attacker, rnd)
                text, rules = f"{text}: {why}", rules + why_rules
            record["end"] = {"kind": nxt.kind, "text": text, "rules": rules}
            rep.rounds.append(record)
            rep.result = nxt
            break
        if cur.kind == "siege":
            record["end"] = _siege_goes_on(s, cur, a_after, nxt[0], rnd)
        else:
            record["end"] = {"kind": "next_round", "text": f"the attacker continues (attacker_continue="
                                                          f"{s.flags['attacker_continue']}), the defender stays "
                                                          f"(defender_retreat={s.flags['defender_retreat']})",
                             "rules": ["WOTR-ROUND-3"]}
        rep.rounds.append(record)
        state = nxt
    if rep.result is not None and len(rolls) > len(rep.rounds):  # dice for rounds never fought: never dropped
        n = len(rep.rounds)
        raise ScenarioError(f"the battle ends in round {n} ({KIND_TEXT[rep.result.kind]}), but dice are given for "
                            f"{len(rolls) - n} more round{'s' if len(rolls) - n != 1 else ''}: remove them",
                            file=file, path=f"{origin}[{n}]")
    rep.lost = lost
    from .fates import outcome_fates

    if rep.result is not None:
        from .aftermath import aftermath

        rep.fates = outcome_fates(s, verdict.attacking, rep.result, lost)
        rep.after = aftermath(s, setup, rep.result)
    return rep


def _siege_stop_why(s, setup, a, rnd: int) -> tuple[str, list[str]]:
    """Why a siege battle's round is its last (WOTR-SIEGE-3): the round cap, the attacker's choice
    (siege_extension=never), no participating Elite left, or no Regular of its Nation to replace one
    (siege_reduction_needs_regular=yes, WOTR-CAS-5)."""
    if setup.max_rounds is not None and rnd >= setup.max_rounds:
        return f"the last round of max_rounds={setup.max_rounds}", []
    if s.flags["siege_extension"] == "never":
        return "the attacker reduces no Elite to fight on (siege_extension=never)", []
    if not any(e for _, e in a):
        return "the attacker has no participating Elite left to reduce", []
    return ("the attacker keeps an Elite but no Regular of its Nation is available to replace it "
            "(siege_reduction_needs_regular=yes)"), ["WOTR-CAS-5"]


def _siege_goes_on(s, setup, before, after, rnd: int) -> dict:
    """The end of a siege battle's round that another round follows: the Event's siege battle lasts more
    rounds (WOTR-EVT-9), or the attacker reduces an Elite to fight one more (WOTR-SIEGE-3); the besieged
    Army never retreats (WOTR-SIEGE-5)."""
    from pycombat.names import with_article
    from ..board import load_nations

    stays = "the besieged Army stays in the Stronghold (a besieged Army never retreats)"
    if tuple(after) == tuple(before):  # no reduction: the battle's Event makes the siege battle last longer
        return {"kind": "siege_round", "text": f"the siege battle goes on: it lasts {setup.siege_rounds} rounds "
                                               f"(round {rnd} fought); {stays}",
                "rules": ["WOTR-EVT-9", "WOTR-SIEGE-5"]}
    names = load_nations().nations
    which = [names[n].name if n in names else n for n, (r0, e0), (r1, e1)
             in zip(setup.attacker.nations, before, after) if e1 < e0]
    needs = ("a Regular of its Nation available, siege_reduction_needs_regular=yes" if
             setup.siege_reduction_needs_regular else "siege_reduction_needs_regular=no")
    return {"kind": "siege_reduction", "reduced": which,
            "text": f"the attacker reduces {' and '.join(with_article(f'{w} Elite') for w in which)} to a Regular to fight "
                    f"another round ({_units(before)} -> {_units(after)}; siege_extension="
                    f"{s.flags['siege_extension']}; {needs}); {stays}",
            "rules": ["WOTR-SIEGE-3", "WOTR-SIEGE-5"]}


def _plain_round(setup, dec, state, faces: _Faces, record: dict):
    a, pa, d, pd, rnd, _ = state
    hits = {}
    for role, units in (("attacker", a), ("defender", d)):
        p = setup.params(role, units, rnd)
        f = faces.take(role, "combat", p.dice)
        h = _hits(f, p.hit, p.roll_modifier)
        record[role]["combat_roll"] = {**_roll_json(f, p.hit, p.roll_modifier, h), "dice": p.dice,
                                       "rules": ["WOTR-STR-3", "WOTR-HIT-1", "WOTR-HIT-2", "WOTR-HIT-3", "WOTR-HIT-4"]}
        misses = p.dice - h
        most = min(p.rerolls, misses)
        choose = setup.leader_reroll == "choose"  # WOTR-HIT-7: the re-roll is optional, the side picks the count
        rf = faces.take(role, "reroll", most, up_to=choose)
        r = len(rf)
        rhit = p.reroll_hit if p.reroll_hit is not None else p.hit
        rh = _hits(rf, rhit, p.reroll_modifier)
        prof = setup.attacker if role == "attacker" else setup.defender
        record[role]["leader_reroll"] = {**_roll_json(rf, rhit, p.reroll_modifier, rh),
                                         "leadership": prof.leadership(units), "allowance": p.rerolls,
                                         "missed": misses, "rerolled": r, "cancelled": False,
                                         **({"declined": most - r} if choose else {}),
                                         "rules": ["WOTR-STR-5", "WOTR-HIT-6"] + (["WOTR-HIT-7"] if choose else [])}
        hits[role] = h + rh
    record["attacker"]["hits_taken"] = hits["defender"]
    record["defender"]["hits_taken"] = hits["attacker"]
    record["attacker"]["units_before_casualties"] = [list(x) for x in a]
    record["defender"]["units_before_casualties"] = [list(x) for x in d]
    a2, pa2 = dec.casualties("attacker", a, pa, hits["defender"], None)  # WOTR-CAS-2: the attacker first
    d2, pd2 = dec.casualties("defender", d, pd, hits["attacker"], None)
    record["attacker"]["units_after_casualties"] = [list(x) for x in a2]
    record["defender"]["units_after_casualties"] = [list(x) for x in d2]
    return end_of_round(setup, dec, a2, pa2, d2, pd2, rnd)


__all__ = ["Replay", "parse_rolls_text", "read_rolls", "replay"]
