"""What an attack does to the attacked Nations on the Political Track (WOTR-POL-1/2/6/7): the one
place both the battle's set-up notes (:mod:`.setup`) and the politics of its outcome
(:func:`.consequences.politics_effect`) read it."""
from __future__ import annotations

from pycombat.in_force import in_force

#: Victory Points a captured Settlement is worth to its captor (WOTR-CAPT-3), lost again when its owner
#: recaptures it (WOTR-CAPT-4)
VICTORY_POINTS = {"city": 1, "stronghold": 2, "town": 0}


def attacked_nation(pol, side: str, flags) -> tuple[int, bool, list[str]]:
    """A Nation whose units are attacked: ``(steps from At War, active, rules)`` after the attack. It is
    activated (WOTR-POL-1, Free Peoples) and its counter advances one step unless At War (WOTR-POL-2); a
    passive Nation reaches At War only once active (WOTR-POL-6), so one step away the order of the two
    decides (WOTR-POL-7 [political_activation_order])."""
    rules = ["WOTR-POL-2"]
    active = pol.active
    if side == "free_peoples" and not pol.active and in_force("WOTR-POL-1"):
        active = True
        rules.insert(0, "WOTR-POL-1")
    steps = pol.steps
    # WOTR-POL-7 [political_activation_order]: the attack activates the Nation before its counter
    # advances (activate_first), or after (advance_first: a passive Nation one step away stays there)
    order = flags.get("political_activation_order", "activate_first")
    active_when_advancing = active if order == "activate_first" else pol.active
    if steps == 1 and active != pol.active:
        rules.append("WOTR-POL-7")  # the order decides this step
    if steps > 0 and in_force("WOTR-POL-2"):
        if steps == 1 and not active_when_advancing:
            rules.append("WOTR-POL-6")
        else:
            steps -= 1
    return steps, active, rules


def captured_settlement(steps: int, active: bool, side: str, entered: bool, flags) -> tuple[int, bool, list[str]]:
    """The owner of a Settlement the attacker captures: ``(steps from At War, active, rules)`` after the
    capture, from his counter after the attack. The capture advances the counter one step unless At War
    (WOTR-CAPT-1, WOTR-POL-2 second trigger). Captured by entering the region (``entered``: the winner of a
    field battle advancing into it, WOTR-END-7), it is also the entry of an enemy Army into the region of a
    Free Peoples Nation, which activates a passive one (WOTR-POL-1) at the same moment; one step away the
    order of the two decides as for an attack (WOTR-POL-7 [political_activation_order]). A Stronghold's
    capture by its besieger (WOTR-CAPT-1 second case) enters nothing: the besieger is in the region already."""
    rules: list[str] = []
    after_active = active
    if entered and side == "free_peoples" and not active and in_force("WOTR-POL-1"):
        after_active = True
        rules.append("WOTR-POL-1")
    order = flags.get("political_activation_order", "activate_first")
    active_when_advancing = after_active if order == "activate_first" else active
    if steps == 1 and after_active != active:
        rules.append("WOTR-POL-7")  # the order decides this step
    after = steps
    if steps > 0 and in_force("WOTR-POL-2"):
        if steps == 1 and not active_when_advancing:
            rules.append("WOTR-POL-6")
        else:
            after = steps - 1
    return after, after_active, rules


def track_step_text(name: str, steps: int, active: bool, after: int, after_active: bool, *,
                    counted: bool = False) -> str:
    """What a capture does to its owner's counter, in words (WOTR-POL-1/2/6); ``counted``: as a count of
    steps ("advances from 1 to 0 steps"), else "moves to At War"."""
    becomes = after_active and not active
    if steps == 0:
        return f"{name} is already At War: no step"
    if after == steps:
        return (f"{name} stays one step from At War (the step came while it was passive, WOTR-POL-6), then the "
                "entry activates it (WOTR-POL-1)" if becomes else
                f"{name} stays one step from At War until active (WOTR-POL-6)")
    moved = (f"advances from {steps} to {after} step{'s' if after != 1 else ''} from At War" if counted else
             f"moves to At War (from {steps} step away)" if after == 0 else
             f"moves from {steps} to {after} step{'s' if after != 1 else ''} from At War")
    return f"the entry activates {name} (WOTR-POL-1) and it {moved}" if becomes else f"{name} {moved}"


def entered_nation(active: bool, owner_side: str, entering_side: str) -> tuple[bool, list[str]]:
    """The Nation whose region an Army enters: ``(active after the entry, rules)``. An enemy Army's entry
    into a Free Peoples Nation's region activates it if passive (WOTR-POL-1, first trigger), Settlement or
    not; it moves no step on the Political Track (only an attack on its units or the capture of one of its
    Settlements does, WOTR-POL-2)."""
    if owner_side == "free_peoples" and entering_side != owner_side and not active and in_force("WOTR-POL-1"):
        return True, ["WOTR-POL-1"]
    return active, []
