"""Claims about the strikes after a corruption check rolled before strikes are assigned (MECCG-FX-31),
its 2d6 given as the combat's ``check_roll:``.

The check decides which assignment the strikes follow: the combat block's if its maker passes; after a
failed check the company without him, the block's assignment without his strike when no ``after_check:``
is stated. ``verify`` then decides a claim about a strike ("strike N succeeds", a body check of a character
in a strike) from the strike as replayed after the check, where the roll fixes that strike: the maker
passes, or he fails and the claim's strike is one of the block's kept as it was (not his, no other
assignment stated). Otherwise the check stays what it was, not modelled for the claim (MECCG-FX-10).

>>> from pycombat.games.meccg.schema import scenario_from_dict
>>> s = scenario_from_dict({"game": "meccg", "rules": {"pre_assignment_attack_effects": "allowed"},
...     "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat"]},
...     "defender": {"alignment": "hero", "site": "Moria",
...                  "members": [{"name": "Alatar", "corruption_points": 2}, "Aragorn II"]},
...     "combat": {"before_assignment": ["Wizard's Flame"], "check_roll": 5,
...                "strikes": [{"attacker": "Lagduf", "defender": "Aragorn II"},
...                            {"attacker": "Shagrat", "defender": "Alatar"}]}})
>>> rolled(s)[1], fixes_strike(s, 1), fixes_strike(s, 2)
('discarded', True, False)
"""
from __future__ import annotations

from ..combat import before
from ..model import Scenario

RULE = before.RULE
#: the claim kinds decided from the strikes as replayed after the check
KINDS = ("strike_result", "body_check")


def rolled(s: Scenario) -> tuple[before.PreCheck, str] | None:
    """The check before strikes are assigned and its fate on the combat's ``check_roll:`` (None: no
    such check, or no roll given)."""
    if s.combat is None or s.combat.check_roll is None:
        return None
    pre = before.pre_check(s)
    return None if pre is None else (pre, pre.check.fate(s.combat.check_roll))


def _kept(s: Scenario, pre: before.PreCheck, fate: str, defender: str) -> bool:
    """A strike of the block on ``defender`` is made as the block gives it after the check goes ``fate``."""
    return fate == "passes" or (s.combat.after_check is None and defender != pre.who)


def fixes_strike(s: Scenario, n: int) -> bool:
    """The roll fixes strike ``n`` of the combat block (MECCG-FX-31)."""
    got = rolled(s)
    if got is None or not 1 <= n <= len(s.combat.strikes):
        return False
    return _kept(s, *got, s.combat.strikes[n - 1].defender)


def fixes_character(s: Scenario, name: str) -> bool:
    """The roll fixes the strike the character ``name`` faces in the combat block (MECCG-FX-31)."""
    got = rolled(s)
    if got is None:
        return False
    return any(name in (st.defender, st.attacker) and _kept(s, *got, st.defender) for st in s.combat.strikes)


def strike_after_check(s: Scenario, n: int):
    """``(setup, outcome)`` of strike ``n`` of the combat block replayed after the check rolled with
    ``check_roll:`` (the other dice the block's), or None where the roll does not fix it."""
    if not fixes_strike(s, n):
        return None
    from ..combat.before_outcomes import replay

    st = s.combat.strikes[n - 1]
    rep, _outcome, _roll = replay(s)
    for setup, _steps, outcome in rep.strikes:
        if (setup.attacker.member.name, setup.defender.member.name) == (st.attacker, st.defender):
            return setup, outcome
    return None


def settled(s: Scenario, claim) -> bool:
    """The claim's verdict is fixed by the check's roll: its unmodelled entry cannot change it."""
    from pycombat.names import normalize

    if claim.kind == "strike_result":
        try:
            n = int(claim.args.get("strike"))
        except (TypeError, ValueError):  # refused by the claim itself
            return False
        return fixes_strike(s, n)
    if claim.kind == "body_check":
        who = normalize(str(claim.args.get("character") or ""))
        names = [m.name for co in (s.attacker, s.defender) for m in co.members if normalize(m.name) == who]
        return len(names) == 1 and fixes_character(s, names[0])
    return False


def unblocked(s: Scenario, claim, entries: list[dict]) -> list[dict]:
    """``entries`` (the unmodelled parts that could change ``claim``) without the check before strikes are
    assigned where its roll fixes the claim (:func:`settled`)."""
    got = rolled(s)
    if got is None or not settled(s, claim):
        return entries
    pre = got[0]
    return [e for e in entries if not (e.get("id") == pre.card_id and before.WHAT in e["what"])]


def note(s: Scenario, claim) -> str | None:
    """The words a verdict the roll fixed carries: the check as rolled and the assignment it left."""
    got = rolled(s)
    if got is None or not settled(s, claim):
        return None
    pre, fate = got
    after = ("the combat block's assignment" if fate == "passes" else
             f"the combat block's assignment without {pre.who}'s strike")
    return f"{pre.card}'s cost, {pre.check.text(s.combat.check_roll)} (check_roll): the strikes follow {after}"
