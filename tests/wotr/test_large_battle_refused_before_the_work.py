"""The largest legal battle (10 units a side, 8 Nazgûl and the Witch-king against Gondor and Rohan with
Gandalf the White and Strider, `casualty_policy: enumerate`, `max_rounds: 100`) is refused before the
work, with the estimate and what to change, where the verb would follow it for minutes:

* `verify` of a claim about a later round's roll follows every position the battle can reach up to that
  round (WOTR-ROUND-1): estimated up front (`battle.budget.round_work`), refused over
  `MAX_ROUND_WORK` naming the claim, the round that fits and `odds`' round table (was 44 s for round 2,
  killed at 120 s for round 99);
* `tree` of the whole battle is estimated against `--max-nodes` and refused at once with the `--depth`
  whose plies fit (was 103 s and 1.1 GB before "raise max_nodes");
* an elimination claimed for a later round says what to change."""
from __future__ import annotations

from pycombat.cli import main
from pycombat.games.wotr.battle.budget import MAX_ROUND_WORK

BIG = """game: wotr
politics: {Gondor: at_war, Sauron: at_war, Rohan: at_war}
attacker:
  region: Ash Mountains
  units: {Sauron: {regulars: 5, elites: 5}}
  nazgul: 8
  characters: [The Witch-king]
defender:
  region: Dagorlad
  units: {Gondor: {regulars: 4, elites: 4, leaders: 2}, Rohan: {regulars: 1, elites: 1}}
  characters: [Gandalf the White, Strider]
rules: {casualty_policy: enumerate, max_rounds: 100}
"""


def _write(tmp_path, claims: str = "") -> str:
    path = tmp_path / "big.yaml"
    path.write_text(BIG + claims, encoding="utf-8")
    return str(path)


def test_a_later_round_claim_over_the_budget_is_refused_up_front(tmp_path, capsys):
    path = _write(tmp_path, "claims:\n"
                            "  - {id: r1, claim: the attacker scores at least 1 hit in round 1 with probability 1/3}\n"
                            "  - {id: r99, claim: the attacker scores at least 1 hit in round 99 with probability 1/3}\n")
    assert main(["verify", path]) == 2
    out, err = capsys.readouterr()
    assert not out
    assert (f"claims[1]: verify: round 99: about 31,006,800 positions to follow, more than {MAX_ROUND_WORK:,}; "
            "claim round 1 (read from the Armies alone), or a smaller battle\n") in err
    assert "8,700 battle states a round can start from x 99 rounds x 36 hit outcomes" in err
    assert "`pycombat odds` gives each round's hits in its round table" in err


def test_round_two_is_over_it_too_and_round_one_is_answered(tmp_path, capsys):
    path = _write(tmp_path, "claims:\n"
                            "  - {id: r2, claim: the attacker scores at least 1 hit in round 2 with probability 1/3}\n")
    assert main(["verify", path]) == 2
    assert "round 2: about 626,400 positions to follow" in capsys.readouterr().err
    path = _write(tmp_path, "claims:\n"
                            "  - {id: r1, claim: the attacker scores at least 1 hit in round 1 with probability 1/3}\n")
    assert main(["verify", path]) == 0
    assert "FALSE the attacker scores at least 1 hit in round 1" in capsys.readouterr().out


def test_the_whole_tree_is_refused_at_once_with_the_depth_that_fits(tmp_path, capsys):
    assert main(["tree", _write(tmp_path), "-o", str(tmp_path / "t.graphml")]) == 2
    err = capsys.readouterr().err
    # two battles: Gandalf the White's White Rider choice is the tree's first decision (WOTR-STR-11)
    assert ("tree: about 62,640,000 nodes estimated, more than --max-nodes 2,000,000; use --depth 5 (its first "
            "plies: 8,875 nodes), or raise --max-nodes\n") in err
    assert ("why: 8,700 battle states a round can start from x 100 rounds x 36 hit outcomes, for each of the 2 "
            "White Rider choices (WOTR-STR-11)") in err
    assert "max_nodes=" not in err and not (tmp_path / "t.graphml").exists()


def test_the_depth_it_offers_writes_the_tree(tmp_path, capsys):
    assert main(["tree", _write(tmp_path), "-o", str(tmp_path / "t.graphml"), "--depth", "2"]) == 0
    assert "wrote" in capsys.readouterr().out


def test_an_elimination_claimed_for_a_later_round_says_what_to_change(tmp_path, capsys):
    path = _write(tmp_path, "claims:\n  - {id: e5, claim: the defender loses a Leader in round 5 with probability 1/3}\n")
    assert main(["verify", path]) == 2
    err = capsys.readouterr().err
    assert ("round: a figure's elimination is claimed for round 1 only (where the Combat cards that eliminate figures "
            "act), not round 5: drop 'in round 5'") in err
    assert "the round its Combat cards are named for" not in err
