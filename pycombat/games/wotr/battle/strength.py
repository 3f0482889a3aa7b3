"""Combat Strength and Leadership of a side in battle (WOTR-STR), with rule-cited breakdowns.

:class:`SideProfile` is the part of a side that does not change during a battle (Leaders,
Nazgûl, Characters, their abilities); the units change, and are passed in as a tuple of
``(regulars, elites)`` per Nation in ``profile.nations`` order. The same numbers are derived in
ASP (``asp_rules/wotr/strength.lp``); tests check that both agree on every split.

>>> from pycombat.games.wotr.model import Contingent, Force
>>> p = profile_of(Force((Contingent("sauron", 6, 2),), nazgul=1, characters=("witch-king",)), "shadow",
...                saruman_in_play=False, white_rider=False)
>>> units = ((6, 2),)
>>> p.strength(units), p.dice(units), p.leadership(units), p.reroll_dice(units)
(8, 5, 3, 3)
"""
from __future__ import annotations

from dataclasses import dataclass

from ..characters import load_characters
from ..model import Force

#: the most dice a Combat roll or a Leader re-roll ever uses (WOTR-STR-3, WOTR-STR-5, WOTR-STR-6)
MAX_DICE = 5


@dataclass(frozen=True)
class SideProfile:
    side: str  #: free_peoples | shadow
    nations: tuple[str, ...]  #: the Nations whose units fight, in order
    leaders: int = 0  #: Free Peoples Leader figures
    nazgul: int = 0
    characters: tuple[str, ...] = ()  #: Character ids
    captains: int = 0  #: Companions with Captain of the West (WOTR-STR-8)
    character_leadership: int = 0  #: sum of the Characters' Leadership, as it counts in this battle
    isengard_leaders: tuple[bool, ...] = ()  #: per Nation: its Elites are also Leaders (WOTR-STR-9)
    nazgul_cancelled: bool = False  #: the White Rider cancelled the Nazgûl's Leadership (WOTR-STR-11)
    forfeited: int = 0  #: Leadership forfeited by Gandalf the White (WOTR-STR-11)
    dice_lost: int = 0  #: Combat roll dice lost for the whole battle (an Event, WOTR-EVT-9), at least one left

    def strength(self, units) -> int:
        """WOTR-STR-2 (Regular plus Elite units), WOTR-STR-8 (+1 per Captain of the West)."""
        n = sum(r + e for r, e in units)
        return n + self.captains if n else 0

    def dice(self, units, delta: int = 0, target: str = "dice") -> int:
        """Combat roll dice: min(Strength, 5) (WOTR-STR-3, WOTR-STR-6); a card's ``delta`` (at least
        one die left) acts on the dice or on Strength (flag ``dice_reduction_target``)."""
        s = self.strength(units)
        if s == 0:
            return 0
        delta -= self.dice_lost
        if not delta:
            return min(s, MAX_DICE)
        if target == "strength":
            return min(max(1, s + delta), MAX_DICE)
        return min(max(1, min(s, MAX_DICE) + delta), MAX_DICE)

    def leadership(self, units, delta: int = 0) -> int:
        """WOTR-STR-4: Leaders and Nazgûl, plus the Characters' Leadership ratings; WOTR-STR-9:
        Isengard Elites while Saruman is in play; WOTR-STR-10/11."""
        lead = self.leaders + (0 if self.nazgul_cancelled else self.nazgul) + self.character_leadership
        lead += sum(e for (_, e), isen in zip(units, self.isengard_leaders) if isen)
        return max(0, lead + delta)

    def reroll_dice(self, units, delta: int = 0, dice: int | None = None) -> int:
        """WOTR-STR-5: the re-roll allowance min(Leadership, 5, dice that can miss): only dice of the
        Combat roll (``dice``, default :meth:`dice`) can miss, so it never exceeds them; the actual
        misses cap it further when rolled (WOTR-HIT-6)."""
        dice = self.dice(units) if dice is None else dice
        return min(self.leadership(units, delta), MAX_DICE, dice)

    def has_leader(self, units) -> bool:
        """A Leader, Nazgûl or Character takes part (WOTR-ATK-5), counting Isengard Elites (WOTR-STR-9)."""
        if self.leaders or self.nazgul or self.characters:
            return True
        return any(e for (_, e), isen in zip(units, self.isengard_leaders) if isen)

    def breakdown(self, units) -> list[tuple[str, str, str]]:
        """``(what, amount, rule)`` lines explaining Strength, dice and Leadership."""
        chars = load_characters().characters
        n = sum(r + e for r, e in units)
        out = [("Combat Strength", f"{sum(r for r, _ in units)} Regular + {sum(e for _, e in units)} Elite = {n}",
                "WOTR-STR-2")]
        for ch in self.characters:
            if chars[ch].captain_of_the_west and n:
                out.append(("Combat Strength", f"+1 {chars[ch].name} (Captain of the West)", "WOTR-STR-8"))
        s = self.strength(units)
        out.append(("Combat roll dice", f"min({s}, {MAX_DICE}) = {min(s, MAX_DICE)}", "WOTR-STR-3"))
        if self.leaders:
            out.append(("Leadership", f"+{self.leaders} Leader{'s' if self.leaders > 1 else ''}", "WOTR-STR-4"))
        if self.nazgul:
            if self.nazgul_cancelled:
                out.append(("Leadership", f"+0 for {self.nazgul} Nazgûl (cancelled by the White Rider)",
                            "WOTR-STR-11"))
            else:
                out.append(("Leadership", f"+{self.nazgul} Nazgûl", "WOTR-STR-4"))
        for ch in self.characters:
            c = chars[ch]
            if c.counts_as_nazgul and self.nazgul_cancelled:
                out.append(("Leadership", f"+0 {c.name} (Nazgûl Leadership cancelled by the White Rider)",
                            "WOTR-STR-11"))
            elif c.white_rider and self.forfeited:
                out.append(("Leadership", f"+0 {c.name} (forfeited for the White Rider)", "WOTR-STR-11"))
            elif c.counts_as_nazgul:
                out.append(("Leadership", f"+{c.leadership} {c.name} (2 in all, not 1 + 2)", "WOTR-STR-10"))
            else:
                out.append(("Leadership", f"+{c.leadership} {c.name}", "WOTR-STR-4"))
        isen = sum(e for (_, e), flag in zip(units, self.isengard_leaders) if flag)
        if isen:
            out.append(("Leadership", f"+{isen} Isengard Elite{'s' if isen > 1 else ''} (Saruman: also Leaders)",
                        "WOTR-STR-9"))
        lead = self.leadership(units)
        d = min(s, MAX_DICE)
        out.append(("Leader re-roll dice", f"min({lead}, {MAX_DICE}, {d} dice rolled) = up to {min(lead, MAX_DICE, d)}"
                    " (the misses cap it further)", "WOTR-STR-5"))
        return out


def profile_of(force: Force, side: str, *, saruman_in_play: bool, white_rider: bool) -> SideProfile:
    """The profile of the figures of ``force`` fighting for ``side``."""
    chars = load_characters().characters
    lead = 0
    forfeited = 0
    for ch in force.characters:
        c = chars[ch]
        if white_rider and c.white_rider:  # WOTR-STR-11: Gandalf forfeits his Leadership
            forfeited += c.leadership
            continue
        if white_rider and c.counts_as_nazgul:  # WOTR-STR-11: the Witch-king's is cancelled too
            continue
        lead += c.leadership  # WOTR-STR-4, WOTR-STR-10 (the Witch-king's rating is 2 in all)
    return SideProfile(
        side=side, nations=force.nations, leaders=force.leaders, nazgul=force.nazgul, characters=force.characters,
        captains=sum(1 for ch in force.characters if chars[ch].captain_of_the_west),  # WOTR-STR-8
        character_leadership=lead,
        isengard_leaders=tuple(saruman_in_play and n == "isengard" for n in force.nations),  # WOTR-STR-9
        nazgul_cancelled=white_rider and side == "shadow", forfeited=forfeited)
