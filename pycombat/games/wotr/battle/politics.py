"""What an attack does to the attacked Nations on the Political Track (WOTR-POL-1/2/6/7): the one
place both the battle's set-up notes (:mod:`.setup`) and the politics of its outcome
(:func:`.consequences.politics_effect`) read it."""
from __future__ import annotations

from pycombat.in_force import in_force


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
