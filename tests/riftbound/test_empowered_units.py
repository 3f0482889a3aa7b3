"""Units whose combat keywords hold only while they are [Empowered] (RB-CARD-9): the keyword follows the unit's
stated `empowered:`, as its "if I'm [Empowered]" static abilities and triggers do; not stated, the answer names it
NOT MODELLED. Each card below gives another answer Empowered than not."""
from __future__ import annotations

import pytest

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _sd(att, dfd, showdown=()):
    return play_showdown(scenario_from_dict({"game": "riftbound", "attacker": {"units": att},
                                             "defender": {"units": dfd}, "showdown": list(showdown)}))


def _might(sd, name):
    return next(u.current_might for u in sd.board.attacker + sd.board.defender if u.name == name)


def _printed(name):
    from pycombat.games.riftbound.cards.units import load_units
    return load_units().unit(name).might


P = {"name": "P", "custom": True, "might": 1}


@pytest.mark.parametrize("name, side, bonus", [
    ("Shadow Fiend", "attacker", 3), ("Baccai Sandspinner", "attacker", 2),
    ("Ambessa, Respected and Feared", "attacker", 2),
    ("Serene Ascetic", "defender", 3), ("Grumpy Rockbear", "defender", 3)])
def test_the_keyword_follows_the_stated_status(name, side, bonus):
    for emp, might in ((True, _printed(name) + bonus), (False, _printed(name))):
        me = {"name": name, "empowered": emp}
        sd = _sd([me], [P]) if side == "attacker" else _sd([P], [me])
        assert _might(sd, name) == might, (name, emp)
        # (Ambessa's Empowered trigger waits for its target: the test below)
        assert not [u for u in sd.unmodelled if "trigger" not in u.what], (name, emp)
        assert bool(sd.unmodelled) == (emp and name.startswith("Ambessa"))
    sd = _sd([{"name": name}], [P]) if side == "attacker" else _sd([P], [{"name": name}])
    assert any("empowered: true|false" in u.why for u in sd.unmodelled)


def test_ambessa_kills_a_weaker_enemy_here_only_empowered():
    """"[Empowered] When I attack, kill an enemy unit here with less Might than me" (RB-CARD-10, RB-CARD-1)."""
    weak, strong = {"name": "W", "custom": True, "might": 3}, {"name": "S", "custom": True, "might": 9}
    sd = _sd([{"name": "Ambessa, Respected and Feared", "empowered": True}], [weak, strong],
             [{"trigger": "Ambessa, Respected and Feared", "target": "W"}])
    assert [u.name for u in sd.board.defender] == ["S"] and not sd.unmodelled
    sd = _sd([{"name": "Ambessa, Respected and Feared", "empowered": False}], [weak, strong])
    assert [u.name for u in sd.board.defender] == ["W", "S"] and not sd.unmodelled


def test_aurok_general_gives_its_players_empowered_units_two_might():
    """"[Empowered] Your units that are [Empowered] have +2 Might (including me)" (RB-CARD-9): each friendly unit
    whose `empowered:` is true, Aurok General among them, while he is Empowered; enemy units never; a friendly unit
    whose status is not stated is named. Every combination of statuses against the printed text."""
    import itertools

    for aurok, mine, theirs in itertools.product((True, False), (True, False, None), (True, False)):
        x = {"name": "X", "custom": True, "might": 2, **({} if mine is None else {"empowered": mine})}
        y = {"name": "Y", "custom": True, "might": 3, "empowered": theirs}
        sd = _sd([{"name": "Aurok General", "empowered": aurok}, x], [y])
        want = {"Aurok General": 5 + (2 if aurok else 0), "X": 2 + (2 if aurok and mine else 0), "Y": 3}
        assert {u.name: u.current_might for u in sd.board.attacker + sd.board.defender} == want, (aurok, mine)
        named = [u for u in sd.unmodelled if "unit X" in u.what]
        assert bool(named) == (mine is None and aurok), (aurok, mine, sd.unmodelled)
        assert all("empowered: true|false" in u.why and "Aurok General" in u.why for u in named)


def test_kayle_has_two_might_for_each_time_she_is_empowered():
    """"I can be [Empowered] up to three times. I have +2 Might for each time I'm [Empowered]" (RB-CARD-9): the
    scenario states how many times (`empowered: 0..3`); not stated, the ability is named; `true` or 4 is refused."""
    from pycombat.errors import ScenarioError

    for times in range(4):
        sd = _sd([{"name": "Kayle, Justified", "empowered": times}], [P])
        assert _might(sd, "Kayle, Justified") == _printed("Kayle, Justified") + 2 * times and not sd.unmodelled
    sd = _sd(["Kayle, Justified"], [P])
    assert [u.why for u in sd.unmodelled] == ["how many times the unit is Empowered: give `empowered: 0..3`"]
    for bad, words in ((True, "empowered: 0..3"), (4, "empowered: 0..3"), (-1, "at least 0")):
        with pytest.raises(ScenarioError) as e:
            _sd([{"name": "Kayle, Justified", "empowered": bad}], [P])
        assert words in str(e.value) and e.value.path == "attacker.units[0].empowered"
    with pytest.raises(ScenarioError):  # a count for a card Empowered once at most
        _sd([{"name": "Aurok General", "empowered": 2}], [P])


MEL = "Mel, Newly Awakened"


def _mel(emp, showdown):
    return _sd([{"name": "A", "custom": True, "might": 5}, {"name": MEL, "empowered": emp}],
               [{"name": "D", "custom": True, "might": 4}], showdown)


@pytest.mark.parametrize("emp", [True, False])
def test_mel_keeps_her_players_spells_from_being_countered(emp):
    """"[Empowered] Your spells and abilities can't be countered" (RB-CARD-9 with RB-CARD-20): Empowered, Hard
    Bargain does not counter her player's Feral Strength (+2 Might stays), and says why; her player's own counter
    still counters the opponent's spell. Not Empowered, both are countered."""
    sd = _mel(emp, [{"play": "Feral Strength", "by": "attacker", "target": "A"},
                    {"play": "Hard Bargain", "by": "defender", "target": "Feral Strength", "pays": False},
                    {"play": "Feral Strength", "by": "defender", "target": "D"},
                    {"play": "Hard Bargain", "by": "attacker", "target": "Feral Strength", "pays": False}])
    assert (_might(sd, "A"), _might(sd, "D")) == ((7 if emp else 5), 4) and not sd.unmodelled
    text = " ".join(ln.text for ln in sd.lines)
    assert ("can't be countered (Mel, Newly Awakened's static ability" in text) == emp


@pytest.mark.parametrize("emp", [True, False])
def test_mel_adds_one_to_the_might_her_players_cards_take_from_a_unit_they_choose(emp):
    """"If a spell or ability you control would give -Might to a unit it chooses, it gives an additional -1 Might"
    (RB-CARD-9): Frigid Touch (-2) of her player's takes 3, the opponent's 2."""
    sd = _mel(emp, [{"play": "Frigid Touch", "by": "attacker", "target": "D"},
                    {"play": "Frigid Touch", "by": "defender", "target": "A"}])
    assert (_might(sd, "D"), _might(sd, "A")) == ((1 if emp else 2), 3) and not sd.unmodelled


def test_a_counter_resolving_after_mel_left_play_is_named():
    """Whether a card is kept from being countered is decided as the showdown list is read, with the units then in
    play: Mel killed before the counter resolves is named NOT MODELLED (RB-CARD-4), never silently kept."""
    sd = _mel(True, [{"play": "Feral Strength", "by": "attacker", "target": "A"},
                     {"play": "Shakedown", "by": "defender", "target": MEL, "pays": False},  # a Reaction: 6 to Mel
                     {"play": "Hard Bargain", "by": "defender", "target": "Feral Strength", "pays": False}])
    assert [u.what for u in sd.unmodelled] == ["the cards it could not counter"]
    assert MEL in sd.unmodelled[0].why


GANGPLANK = "Gangplank, Naval"


@pytest.mark.parametrize("spell, by, changed", [
    ("Frigid Touch", "defender", "replaced"),  # "Give a unit -2 Might": +3 instead
    ("Thwonk!", "defender", "replaced"),  # "Stun an attacking unit": +3 instead, not stunned
    ("Rebuke", "defender", "replaced"),  # "Return a unit at a battlefield to its owner's hand": +3 instead
    ("Feral Strength", "defender", "+2"),  # +2 Might: nothing to replace
    ("Siphon Power", "defender", "all"),  # -1 to every enemy unit there: it chooses none
])
@pytest.mark.parametrize("emp", [True, False])
def test_gangplank_takes_three_might_instead_of_a_stun_a_debuff_or_a_return(spell, by, changed, emp):
    """"[Empowered] If a spell or ability that chooses me would stun me, give me -Might, or return me to hand, give
    me +3 Might instead" (RB-CARD-9), from the printed text: Empowered and chosen, +3 and nothing else."""
    entry = {"play": spell, "by": by} | ({} if changed == "all" else {"target": GANGPLANK})
    sd = _sd([{"name": GANGPLANK, "empowered": emp}], [{"name": "D", "custom": True, "might": 4}], [entry])
    gp = [u for u in sd.board.attacker if u.name == GANGPLANK]
    printed = _printed(GANGPLANK)
    if changed == "replaced" and emp:
        assert [(u.current_might, u.stunned) for u in gp] == [(printed + 3, False)]
        assert any("instead of" in ln.text and "RB-CARD-9" in ln.rules for ln in sd.lines)
    elif changed == "replaced":
        want = {"Frigid Touch": [(printed - 2, False)], "Thwonk!": [(printed, True)], "Rebuke": []}[spell]
        assert [(u.current_might, u.stunned) for u in gp] == want
    elif changed == "+2":
        assert [u.current_might for u in gp] == [printed + 2]
    else:
        assert [u.current_might for u in gp] == [printed - 1]
    assert not sd.unmodelled


TORNADO = {"play": "Tornado Warrior", "by": "defender", "facedown": True, "to": "battlefield"}


@pytest.mark.parametrize("target, might", [("Aurok General", {"Aurok General": 7, "D": 2}),  # its own +2 now applies
                                           ("Shadow Fiend", {"Aurok General": 5, "D": 2}), (None, None)])
def test_tornado_warrior_empowers_a_unit_here(target, might):
    """"When you play me from face down, you may empower something here" (RB-CARD-9): the unit chosen is [Empowered]
    from then on: its "I'm [Empowered]" abilities apply (Aurok General: +2, itself included) and its keywords held
    [Empowered] (Shadow Fiend: [Assault 3], no Might for a defender); none chosen, nothing changes."""
    dfd = [{"name": "D", "custom": True, "might": 2, "empowered": False}, {"name": "Shadow Fiend", "empowered": False},
           {"name": "Aurok General", "empowered": False}]
    sd = _sd([{"name": "A", "custom": True, "might": 5}], dfd, [{**TORNADO, **({"target": target} if target else {})}])
    got = {u.name: u.current_might for u in sd.board.defender if u.name in ("Aurok General", "D")}
    assert got == (might or {"Aurok General": 5, "D": 2}) and not sd.unmodelled
    fiend = next(u for u in sd.board.defender if u.name == "Shadow Fiend")
    assert (fiend.empowered, sum(fiend.assault)) == ((True, 3) if target == "Shadow Fiend" else (False, 0))


def test_a_unit_that_may_become_empowered_names_a_friend_whose_status_is_not_stated():
    """Aurok General not Empowered reads no unit's status, unless a card of the showdown may empower it: a friendly
    unit whose `empowered:` is not stated is then named (RB-CARD-4)."""
    dfd = [{"name": "D", "custom": True, "might": 2}, {"name": "Aurok General", "empowered": False}]
    assert not _sd([{"name": "A", "custom": True, "might": 5}], dfd).unmodelled
    sd = _sd([{"name": "A", "custom": True, "might": 5}], dfd, [{**TORNADO, "target": "Aurok General"}])
    assert [u.what for u in sd.unmodelled] == ["whether it is Empowered (unit D)"]
