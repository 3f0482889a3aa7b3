"""The ASP's legal damage splits against brute force, on many random boards (hypothesis).

Three independent statements must give the same set of final damage vectors for each side:

* the ASP (``asp_rules/riftbound``: generate + legal);
* a replay of every lethal-first, tier-respecting order of assignment
  (:func:`bruteforce.replay_orders`: the rule as a player applies it);
* every damage vector with the right total, filtered by the digest's RB-MODEL-3 statement
  (:func:`bruteforce.filter_vectors`).

The ASP's sequences (``split_repr=sequence``) must equal a replay of the orders, its count
must equal its listing, check mode must accept every generated split and reject every other
vector with at least one rule id. Both readings of ``excess_damage`` and ``marked_damage`` (and
of ``immune_targets``, ``rules_version`` and ``lethal_order``, RB-READ-1) are drawn.
"""
from __future__ import annotations

import os

from budget import examples  # noqa: E402
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycombat.games.riftbound.damage.bruteforce import (
    SideProblem,
    _distributions,
    bounded_filter,
    filter_vectors,
    replay_orders,
    replay_sequences,
)
from pycombat.games.riftbound.model import Board, Split, Unit
from pycombat.games.riftbound.damage.splits import LegalSplits, derive
from pycombat.rulebook import load_rulebook

DEFAULTS = load_rulebook("riftbound").defaults()
#: RB_EXAMPLES=2000 pytest tests/riftbound/test_riftbound_bruteforce.py for a long run
EXAMPLES = int(os.environ.get("RB_EXAMPLES", "0")) or examples(80)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True, scope="module")
def _encodings_only():
    """These checks are of the encodings (asp_rules/riftbound/): the closed forms that answer for them
    by default (damage/closed.py) are off here, and the answers they left in the memos forgotten;
    tests/riftbound/test_closed_forms.py checks the closed forms against the encodings."""
    from pycombat import solver
    from pycombat.games.riftbound.damage import splits

    before = splits.CLOSED_FORMS
    splits.CLOSED_FORMS = False
    solver.clear_caches(keep_parsed=True)
    yield
    splits.CLOSED_FORMS = before
    solver.clear_caches(keep_parsed=True)


@st.composite
def units(draw, side: str, n_min: int, n_max: int):
    n = draw(st.integers(n_min, n_max))
    out = []
    for i in range(n):
        might = draw(st.integers(-1, 6))
        u = Unit(
            name=f"{side[0]}{i}", side=side, might=might,
            tank=draw(st.booleans()), backline=draw(st.sampled_from([False, False, True])),
            assault=draw(st.sampled_from([(), (), (1,), (2,), (1, 2)])),
            shield=draw(st.sampled_from([(), (), (1,), (2,)])),
            stunned=draw(st.sampled_from([False, False, False, True])),
            immune=draw(st.sampled_from([False] * 7 + [True])),
            no_combat_damage=draw(st.sampled_from([False] * 9 + [True])),
            ignores_tank=draw(st.sampled_from([False] * 9 + [True])),
            might_changes=draw(st.sampled_from([(), (), (1,), (-2,)])),
            prevent=draw(st.sampled_from([0, 0, 0, 1, 2])),
            prevent_all=draw(st.sampled_from([False] * 12 + [True])),
            doubled=draw(st.sampled_from([0, 0, 0, 1, 2, 3])),  # each Lotus Trap doubles again (RB-MIGHT-7)
        )
        marked = draw(st.sampled_from([0, 0, 1, 2]))
        if marked and marked >= u.current_might:  # it would have died at the last cleanup (RB-MIGHT-1)
            marked = 0
        out.append(replace(u, marked=marked))
    return tuple(out)


@st.composite
def boards(draw, max_defenders: int = 4):
    flags = dict(DEFAULTS,
                 excess_damage=draw(st.sampled_from(["free", "last"])),
                 marked_damage=draw(st.sampled_from(["remaining", "ignore"])),
                 immune_targets=draw(st.sampled_from(["exclude", "dumpable"])),
                 rules_version=draw(st.sampled_from(["v1.3", "v1.4"])),
                 lethal_order=draw(st.sampled_from(["as_worded", "killable_first"])))
    return Board(draw(units("attacker", 1, 3)), draw(units("defender", 1, max_defenders)), flags)


def _asp(board: Board, side: str, representation: str = "vector") -> set:
    view = LegalSplits(board, side, representation=representation)
    return {s.amounts if representation == "vector" else s.steps for s in view}


@SETTINGS
@given(boards())
def test_asp_vectors_equal_both_brute_forces(board):
    for side in ("attacker", "defender"):
        asp = _asp(board, side)
        replay = replay_orders(board, side)
        assert asp == replay, (side, board)
        if board.pool(side) <= 12:  # stars and bars over every vector: keep it small
            assert filter_vectors(board, side) == asp
        else:
            assert bounded_filter(board, side) == asp
        assert LegalSplits(board, side).count() == len(asp)


@SETTINGS
@given(boards())
def test_asp_sequences_equal_the_replayed_orders(board):
    for side in ("attacker", "defender"):
        view = LegalSplits(board, side, representation="sequence")
        seqs = [s for s in view]
        assert {s.steps for s in seqs} == replay_sequences(board, side)
        # each sequence's final vector is a legal vector, and every legal vector has a sequence
        assert {view.as_vector(s).amounts for s in seqs} == _asp(board, side)
        assert view.count() == len(seqs)


@settings(max_examples=max(10, EXAMPLES // 2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_defenders=3))
def test_check_mode_accepts_exactly_the_legal_vectors(board):
    """Check mode (violation/2, no choice) agrees with generate mode on every vector of the
    right total, and on some of the wrong total."""
    for side in ("attacker", "defender"):
        view = LegalSplits(board, side)
        legal = _asp(board, side)
        p = SideProblem(board, side)
        if p.total > 8:
            candidates = list(legal)
        else:
            candidates = [p.canonical(d) for d in _distributions(p.total, p.order)]
        for vec in candidates[:25]:
            got = view.violations(Split(side, vec))
            assert (not got) == (vec in legal), (side, vec, got)
            for v in got:
                assert v.rule.startswith("RB-")
        if p.order and p.total:  # one short of the total: always illegal, for RB-DMG-3
            short = Split(side, ((p.order[0], p.total - 1),) if p.total > 1 else ())
            assert "RB-DMG-3" in {v.rule for v in view.violations(short)}


@settings(max_examples=max(10, EXAMPLES // 2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_defenders=3))
def test_check_mode_on_sequences(board):
    """Every generated sequence passes check mode; a sequence taking the targets in an order
    that no legal sequence takes is caught (the generated sequences are canonical: check mode
    also accepts legal variants, e.g. the leftover given in two steps)."""
    for side in ("attacker", "defender"):
        view = LegalSplits(board, side, representation="sequence")
        seqs = list(view)
        for s in seqs[:6]:
            assert view.violations(s) == [], s
        targets = set(view.derived.targets[side])

        def order(steps, targets=targets):
            return tuple(dict.fromkeys(u for u, _ in steps if u in targets))

        legal_orders = {order(s.steps) for s in seqs}
        for s in seqs[:6]:
            rev = tuple(reversed(s.steps))
            if order(rev) not in legal_orders:
                assert view.violations(Split(side, s.amounts, rev)), rev


@SETTINGS
@given(boards())
def test_derive_lp_agrees_with_the_python_arithmetic(board):
    """Current Might, totals and lethal thresholds: derive.lp and model.Unit say the same."""
    d = derive(board)
    for u in board.attacker + board.defender:
        assert d.might[u.name] == u.current_might
        if not u.immune:
            assert d.lethal[u.name] == u.lethal(board.flags), u
    if board.damage_step:
        for side in ("attacker", "defender"):
            assert d.pool[side] == board.pool(side)


@pytest.mark.parametrize("excess", ["free", "last"])
def test_forty_damage_over_eight_defenders(excess):
    """The benchmark position, both readings of excess_damage: ASP = replay = filter."""
    att = tuple(Unit(f"A{i}", "attacker", 8) for i in range(5))
    dfd = tuple(Unit(f"D{m}", "defender", m) for m in range(3, 11))
    board = Board(att, dfd, dict(DEFAULTS, excess_damage=excess))
    asp = _asp(board, "attacker")
    assert asp == replay_orders(board, "attacker") == bounded_filter(board, "attacker")
    assert len(asp) == 87
