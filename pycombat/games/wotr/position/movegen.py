"""An independent brute-force move generator in plain Python: the oracle the ASP encodings
(``asp_rules/wotr/move_*.lp``) are tested against (``tests/wotr/test_wotr_moves.py``) and timed against
(``bench/wotr.py``). The CLI never uses it.

It enumerates, by nested loops over the position, every way to use the die result for movement,
and keeps those that follow the digest's rules, each checked here in Python with its rule id. It
shares nothing with the encodings but the scenario objects; its moves have the ASP's form
``(group id, from, to, count)`` so the two sets compare directly.
"""
from __future__ import annotations

import itertools
from collections import deque
from typing import Iterator

from ..board import load_board
from ..characters import load_characters
from .facts import MGroup, groups_of
from .scenario import PositionScenario

Moved = tuple[tuple[int, str, str, int], ...]


class BruteForce:
    def __init__(self, s: PositionScenario):
        self.s = s
        self.board = load_board()
        self.chars = load_characters().characters
        self.groups = groups_of(s)
        self.by_id = {g.id: g for g in self.groups}
        self.side = s.action.side
        self.enemy = "shadow" if self.side == "free_peoples" else "free_peoples"
        pos = s.position
        self.units = {}  # (region, side) -> units
        for st in pos.stacks:
            self.units[(st.region, st.side)] = st.units
        self.besieged = {st.region: st.side for st in pos.stacks if st.besieged}
        self.control = pos.control
        self.in_play = pos.characters_in_play()

    # ---- the die ------------------------------------------------------------------------------
    def results(self) -> list[str]:
        """WOTR-DICE-2..6, CH the Mouth of Sauron, WOTR-MOVE-10 (a card)."""
        a = self.s.action
        if a.card is not None:
            return ["card"]
        return list(a.results("mouth-of-sauron" in self.in_play))

    # ---- regions -------------------------------------------------------------------------------
    def enemy_units(self, r: str) -> int:
        return self.units.get((r, self.enemy), 0)

    def free_for_army(self, r: str) -> bool:
        """WOTR-MOVE-3/4: no enemy units, unless they are besieged here (by us)."""
        return self.enemy_units(r) == 0 or self.besieged.get(r) == self.enemy

    def _is_shadow_stronghold(self, r: str) -> bool:
        return self.board.regions[r].settlement == "stronghold" and self.control.get(r) == "shadow"

    def _fp_stronghold_unbesieged(self, r: str) -> bool:
        return (self.board.regions[r].settlement == "stronghold" and self.control.get(r) == "free_peoples"
                and self.besieged.get(r) != "free_peoples")

    def _leads(self, g: MGroup) -> bool:
        if g.kind in ("leader", "nazgul", "character"):
            return True
        return g.kind == "elite" and g.nation == "isengard" and "saruman" in self.in_play  # WOTR-STR-9

    def _never_moves(self, g: MGroup) -> bool:
        if g.kind != "character":
            return False
        c = self.chars[g.character]
        return c.never_moves is not None  # WOTR-CHMOVE-8

    # ---- Armies ----------------------------------------------------------------------------------
    def army_options(self, region: str, result: str) -> list[tuple[str, dict[int, int]]]:
        """Every legal (destination, part) for the mover's Army in ``region``, alone."""
        if self.units.get((region, self.side), 0) == 0 or self.besieged.get(region) == self.side:  # WOTR-SIEGE-6
            return []
        mine = [g for g in self.groups if g.region == region and g.side == self.side and not self._never_moves(g)]
        allmine = [g for g in self.groups if g.region == region and g.side == self.side]
        total_units = sum(g.count for g in allmine if g.is_unit)
        has_leader = any(self._leads(g) for g in mine)
        out = []
        for counts in itertools.product(*[range(g.count + 1) for g in mine]):
            part = {g.id: c for g, c in zip(mine, counts) if c}
            moving_units = sum(c for g, c in zip(mine, counts) if g.is_unit)
            if moving_units == 0:
                continue  # an Army moves units (WOTR-MOVE-1)
            if result == "character" and not any(self._leads(self.by_id[i]) for i in part):
                continue  # WOTR-MOVE-1 / WOTR-MOVE-8
            if moving_units == total_units:  # WOTR-MOVE-7: the Free Peoples Leaders follow
                if any(g.kind == "leader" and g.side == "free_peoples" and part.get(g.id, 0) < g.count
                       for g in allmine):
                    continue
            if result == "card" and not self._card_part_ok(part):
                continue
            for dest in self._destinations(region, part, result):
                if result == "card" and not self._card_dest_ok(dest):
                    continue
                out.append((dest, part))
        del has_leader
        return out

    # ---- a shipped card's own limits (data/event_halves.yaml, WOTR-MOVE-10) ------------------------------
    def _card_part_ok(self, part: dict[int, int]) -> bool:
        """The card may be played (the one decision, WOTR-EVT-8) and the moving part holds the figure its
        "Army containing ..." names."""
        from ..cards.events import action_card_play

        play = action_card_play(self.s)
        if play is not None and not play.holds:
            return False
        need = self.s.action.card.with_figure
        if need is None:
            return True
        for gid in part:
            g = self.by_id[gid]
            c = self.chars.get(g.character) if g.kind == "character" else None
            if {"companion": c is not None and c.kind == "companion",
                    "nazgul": g.kind == "nazgul" or (c is not None and c.counts_as_nazgul),
                    "witch-king": g.character == "witch-king"}[need]:
                return True
        return False

    def _card_dest_ok(self, dest: str) -> bool:
        """A card whose movement ends where another Army of the mover's side stands, not under siege."""
        if not self.s.action.card.ends_with_other_army:
            return True
        return self.units.get((dest, self.side), 0) > 0 and self.besieged.get(dest) != self.side

    def _not_at_war(self, part: dict[int, int]) -> set[str]:
        out = set()
        for gid in part:
            g = self.by_id[gid]
            if g.nation and not self.s.position.at_war(g.nation):
                if g.is_unit or (g.kind == "leader" and self.s.flags["non_at_war_leaders"] == "rearguard"):
                    out.add(g.nation)  # WOTR-MOVE-5, WOTR-POL-4
        return out

    def _may_enter(self, r: str, nations: set[str]) -> bool:
        if not self.free_for_army(r):
            return False  # WOTR-MOVE-3/4
        rn = self.board.regions[r].nation
        return rn is None or all(n == rn for n in nations)  # WOTR-MOVE-5

    def _destinations(self, region: str, part: dict[int, int], result: str) -> list[str]:
        nations = self._not_at_war(part)
        if result != "card":
            return [r for r in self.board.regions[region].adjacent if self._may_enter(r, nations)]  # WOTR-MOVE-6
        reach = self.s.action.card.moves  # WOTR-MOVE-10: every region on the way obeys the same rules
        seen, todo, out = {region: 0}, deque([region]), []
        while todo:
            here = todo.popleft()
            if seen[here] == reach:
                continue
            for nxt in self.board.regions[here].adjacent:
                if nxt not in seen and self._may_enter(nxt, nations):
                    seen[nxt] = seen[here] + 1
                    todo.append(nxt)
                    out.append(nxt)
        return sorted(out)

    def _stack_ok(self, moves: list[tuple[str, str, dict[int, int]]]) -> bool:
        """Two Armies move one after the other, in the order the player chooses: the action is legal
        when some order is (each movement checked when it is made)."""
        return any(self._in_order_ok(list(order)) for order in itertools.permutations(moves))

    def _in_order_ok(self, moves: list[tuple[str, str, dict[int, int]]]) -> bool:
        """WOTR-STACK-1 [stacking_check=forbid_move]: at most 10 units where an Army arrives, after
        each movement; WOTR-SIEGE-5: the last besieging units leaving end the siege, and the region
        (enemy units in the field again) can no longer be entered (WOTR-MOVE-4)."""
        forbid = self.s.flags["stacking_check"] == "forbid_move"
        units = {r: n for (r, side), n in self.units.items() if side == self.side}
        besieged = dict(self.besieged)
        for f, t, part in moves:
            if self.enemy_units(t) and besieged.get(t) != self.enemy:
                return False
            n = sum(c for gid, c in part.items() if self.by_id[gid].is_unit)
            units[f] = units.get(f, 0) - n
            if units[f] == 0 and besieged.get(f) == self.enemy:
                del besieged[f]  # WOTR-SIEGE-5: the siege ends
            units[t] = units.get(t, 0) + n
            if forbid and units[t] > 10:
                return False
        return True

    def army_moves(self, result: str) -> Iterator[Moved]:
        max_armies = 2 if result == "army" else 1  # WOTR-MOVE-1
        regions = sorted({g.region for g in self.groups if g.side == self.side and g.is_unit})
        opts = {r: self.army_options(r, result) for r in regions}
        for k in range(1, max_armies + 1):
            for srcs in itertools.combinations(regions, k):  # different Armies (WOTR-MOVE-1)
                for choice in itertools.product(*[opts[r] for r in srcs]):
                    moves = [(f, t, part) for f, (t, part) in zip(srcs, choice)]
                    if self._stack_ok(moves):
                        yield tuple(sorted((g, f, t, c) for f, t, part in moves for g, c in part.items()))

    # ---- Characters ------------------------------------------------------------------------------
    def _bfs(self, start: str, depth: int, may_pass, may_enter) -> dict[str, int]:
        dist, todo = {start: 0}, deque([start])
        while todo:
            here = todo.popleft()
            if dist[here] == depth or (here != start and not may_pass(here)):
                continue
            for nxt in self.board.regions[here].adjacent:
                if nxt not in dist and may_enter(nxt):
                    dist[nxt] = dist[here] + 1
                    todo.append(nxt)
        return dist

    def companion_reach(self, start: str) -> dict[str, int]:
        """WOTR-CHMOVE-4/5/6: ignoring enemy Armies, stopping in a Shadow Stronghold region, never
        entering or leaving a besieged friendly Stronghold region."""
        if self.besieged.get(start) == "free_peoples":
            return {}
        fp_besieged = {r for r, side in self.besieged.items() if side == "free_peoples"}
        d = self._bfs(start, 4, lambda r: not self._is_shadow_stronghold(r), lambda r: r not in fp_besieged)
        d.pop(start)
        return d

    def _group_reach(self, members: list[MGroup]) -> int:
        cs = [self.chars[g.character] for g in members]
        gandalf = [c for c in cs if c.shadowfax]
        if gandalf and len(cs) <= 2 and all(c.shadowfax or c.hobbit for c in cs):
            return 4  # WOTR-CHMOVE-10
        return max(c.level for c in cs)  # WOTR-CHMOVE-2/3

    def character_movers(self) -> list[list[Moved]]:
        """For each independent mover, its legal non-empty moves (WOTR-CHMOVE)."""
        out: list[list[Moved]] = []
        mine = [g for g in self.groups if g.side == self.side and not self._never_moves(g)]
        if self.side == "free_peoples":
            by_region: dict[str, list[MGroup]] = {}
            for g in mine:
                if g.kind == "character" and self.chars[g.character].kind == "companion":
                    by_region.setdefault(g.region, []).append(g)
            for region, comps in sorted(by_region.items()):
                reach = self.companion_reach(region)
                dests = [None] + sorted(reach)
                opts = []
                for assign in itertools.product(dests, repeat=len(comps)):
                    if all(a is None for a in assign):
                        continue
                    ok = True
                    for t in set(assign) - {None}:
                        members = [g for g, a in zip(comps, assign) if a == t]
                        if reach[t] > self._group_reach(members):
                            ok = False
                            break
                    if ok:
                        opts.append(tuple(sorted((g.id, region, a, 1) for g, a in zip(comps, assign) if a)))
                out.append(opts)
            return out
        for g in mine:
            if g.kind == "nazgul" or (g.kind == "character" and self.chars[g.character].counts_as_nazgul):
                # WOTR-CHMOVE-7: anywhere but a Free Peoples Stronghold the Shadow does not besiege
                dests = [r for r in self.board.regions if r != g.region and not self._fp_stronghold_unbesieged(r)]
                opts = []
                for split in _shares(g.count, len(dests)):
                    opts.append(tuple(sorted((g.id, g.region, dests[i], n) for i, n in split)))
                out.append(opts)
            elif g.kind == "character" and self.chars[g.character].kind == "minion":
                out.append([((g.id, g.region, t, 1),) for t in self.mouth_reach(g)])
        return out

    def mouth_reach(self, g: MGroup) -> list[str]:
        """WOTR-CHMOVE-9 [mouth_of_sauron_stronghold]."""
        start, level = g.region, self.chars[g.character].level
        if self.besieged.get(start) == "shadow":
            return []
        sh_besieged = {r for r, side in self.besieged.items() if side == "shadow"}
        seed = self.s.flags["mouth_of_sauron_stronghold"] == "seed"

        def may_pass(r):
            return not self._fp_stronghold_unbesieged(r) and r not in sh_besieged

        def may_enter(r):
            return r not in sh_besieged and (seed or not self._fp_stronghold_unbesieged(r))

        d = self._bfs(start, level, may_pass, may_enter)
        d.pop(start)
        return sorted(d)

    def character_moves(self) -> Iterator[Moved]:
        movers = self.character_movers()
        for combo in itertools.product(*[[()] + opts for opts in movers]):
            moved = tuple(sorted(x for part in combo for x in part))
            if moved:
                yield moved

    # ---- all ---------------------------------------------------------------------------------------
    def moves(self) -> set[Moved]:
        out: set[Moved] = set()
        for res in self.results():
            out.update(self.army_moves(res))
            if res == "character":
                out.update(self.character_moves())
        return out

    def count(self) -> int:
        """The count without listing the Characters' product (same set as :meth:`moves`)."""
        armies: set[Moved] = set()
        chars = 0
        for res in self.results():
            armies.update(self.army_moves(res))
            if res == "character":
                total = 1
                for opts in self.character_movers():
                    total *= len(opts) + 1
                chars = total - 1
        return len(armies) + chars


def _shares(n: int, k: int) -> Iterator[list[tuple[int, int]]]:
    """Every way to send 1..n identical figures to k destinations: [(destination index, count)]."""
    def rec(i: int, left: int):
        if i == k:
            yield []
            return
        for c in range(left + 1):
            for rest in rec(i + 1, left - c):
                yield ([(i, c)] if c else []) + rest

    for split in rec(0, n):
        if split:
            yield split


def brute_moves(s: PositionScenario) -> set[Moved]:
    return BruteForce(s).moves()
