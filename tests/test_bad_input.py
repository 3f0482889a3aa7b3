"""Bad scenario files: each kind of mistake gives one clear message naming the file, the
field path and what is wrong, with exit code 2 and no traceback."""
from __future__ import annotations

import json
import textwrap

import pytest

from pycombat.cli import main

GOOD = textwrap.dedent("""\
    game: meccg
    attacker:
      alignment: minion
      site: Moria
      members:
        - {name: Shagrat}
        - {name: Odoacer, status: tapped}
    defender:
      alignment: hero
      site: Moria
      members:
        - {name: Aragorn II}
        - {name: Gimli, items: [Glamdring]}
    """)


def run(tmp_path, capsys, text, *extra, name="s.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code = main(["enumerate", str(path), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err, str(path)


def test_good_file_runs(tmp_path, capsys):
    code, out, err, _ = run(tmp_path, capsys, GOOD, "--count")
    assert code == 0 and "legal complete assignments" in out and err == ""


CASES = [
    # (description, edit of GOOD, expected field path, expected words)
    ("unknown character", ("{name: Odoacer, status: tapped}", "{name: Odacer, status: tapped}"),
     "attacker.members[1].name", ["unknown character 'Odacer'", "Odoacer"]),
    ("unknown item", ("[Glamdring]", "[Glamdrin]"), "defender.members[1].items[0]", ["unknown item", "Glamdring"]),
    ("bad status", ("status: tapped", "status: taped"), "attacker.members[1].status", ["'taped'", "tapped"]),
    ("bad alignment", ("alignment: minion", "alignment: minon"), "attacker.alignment", ["'minon'", "minion"]),
    ("unknown member field", ("{name: Shagrat}", "{name: Shagrat, prowes: 7}"), "attacker.members[0].prowes",
     ["unknown field 'prowes'", "prowess"]),
    ("wrong type", ("{name: Shagrat}", "{name: Shagrat, prowess: seven}"), "attacker.members[0].prowess",
     ["whole number"]),
    ("missing site", ("  site: Moria\n  members:\n    - {name: Shagrat}", "  members:\n    - {name: Shagrat}"),
     "attacker.site", ["is required"]),
    ("empty company", ("    - {name: Aragorn II}\n    - {name: Gimli, items: [Glamdring]}\n", "    []\n"),
     "defender.members", ["at least one member"]),
    ("ally_of on a character", ("{name: Shagrat}", "{name: Shagrat, ally_of: Odoacer}"), "attacker.members[0].ally_of",
     ["for allies"]),
    ("ally_of itself", ("{name: Gimli, items: [Glamdring]}", "{name: Goldberry, ally_of: Goldberry}"),
     "defender.members[1].ally_of", ["'Goldberry' is not another member of this company"]),
    ("ally_of an ally", ("{name: Gimli, items: [Glamdring]}",
                         "{name: Goldberry, ally_of: Aragorn II}\n    - {name: Gwaihir, ally_of: Goldberry}"),
     "defender.members[2].ally_of", ["Goldberry is an ally; an ally is controlled by a character"]),
    ("follower_of an ally", ("{name: Gimli, items: [Glamdring]}",
                             "{name: Goldberry, ally_of: Aragorn II}\n    - {name: Gimli, follower_of: Goldberry}"),
     "defender.members[2].follower_of", ["Goldberry is an ally; a follower is controlled by a character"]),
    ("custom without body", ("{name: Shagrat}", "{name: Grishbat, custom: true, prowess: 4}"),
     "attacker.members[0].body", ["needs `body`"]),
    ("a unique character on both sides", ("  alignment: hero\n  site: Moria\n  members:\n    - {name: Aragorn II}",
                                          "  alignment: fallen-wizard\n  site: Moria\n  members:\n    - {name: Odoacer}"),
     "defender.members[0].name",
     ["Odoacer is unique", "attacker.members[1].name", "MECCG-FX-33"]),
    ("a character of another alignment", ("{name: Aragorn II}", "{name: Lagduf}"), "defender.members[0].name",
     ["Lagduf is a minion character", "a hero player's company", "MECCG-FX-20"]),
    ("stage points for a non-FW", ("  site: Moria\n  members:\n    - {name: Aragorn II}",
                                   "  site: Moria\n  stage_points: 3\n  members:\n    - {name: Aragorn II}"),
     "defender.stage_points", ["Fallen-wizard"]),
]


@pytest.mark.parametrize("desc,edit,path,words", CASES, ids=[c[0] for c in CASES])
def test_bad_member_and_company_fields(tmp_path, capsys, desc, edit, path, words):
    old, new = edit
    assert old in GOOD
    code, out, err, file = run(tmp_path, capsys, GOOD.replace(old, new, 1))
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    assert err.startswith(f"pycombat: {file}: {path}: "), err
    for w in words:
        assert w in err


@pytest.mark.parametrize("text,words", [
    ("game: meccg\ngame: meccg\n", ["duplicate key 'game'", "line 2"]),
    ("game: [meccg\n", ["invalid YAML", "line"]),
    ("", ["empty"]),
    ("- a\n- b\n", ["top level must be a mapping"]),
    ("attacker: {}\n", ["game: is required"]),
    ("game: mecg\n", ["unknown game 'mecg'", "meccg"]),
    (GOOD + "rules:\n  phase2_asignment: optional\n", ["rules.phase2_asignment", "phase2_assignment"]),
    (GOOD + "rules:\n  phase2_assignment: sometimes\n", ["rules.phase2_assignment", "mandatory", "optional"]),
    (GOOD + "atacker: {}\n", ["unknown field 'atacker'", "attacker"]),
    (GOOD + "in_play: [Prone to Violance]\n", ["in_play[0]", "Prone to Violence"]),
])
def test_bad_documents(tmp_path, capsys, text, words):
    code, out, err, file = run(tmp_path, capsys, text)
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith(f"pycombat: {file}: ")
    for w in words:
        assert w in err, err


def test_bad_json(tmp_path, capsys):
    code, _, err, file = run(tmp_path, capsys, '{"game": "meccg",}', name="s.json")
    assert code == 2 and f"{file}: invalid JSON at line 1" in err


def test_json_scenario_accepted(tmp_path, capsys):
    import yaml

    code, out, err, _ = run(tmp_path, capsys, json.dumps(yaml.safe_load(GOOD)), "--count", name="s.json")
    assert code == 0, err


def test_missing_file(tmp_path, capsys):
    code = main(["enumerate", str(tmp_path / "nope.yaml")])
    err = capsys.readouterr().err
    assert code == 2 and "nope.yaml: no such file" in err


@pytest.mark.parametrize("flag,words", [
    ("phase2_assignment", ["expected NAME=VALUE"]),
    ("phase2_assignment=never", ["--flag phase2_assignment=never", "mandatory", "optional"]),
    ("phase_2=optional", ["unknown meccg rule flag 'phase_2'"]),
    ("phase2_assignment=optinal", ["'optinal' is not an allowed value", "did you mean 'optional'?"]),
])
def test_bad_flag_option(tmp_path, capsys, flag, words):
    code, out, err, _ = run(tmp_path, capsys, GOOD, "--flag", flag)
    assert code == 2 and "Traceback" not in err
    for w in words:
        assert w in err, err


def test_too_many_to_list_is_refused_up_front(capsys):
    from pycombat.games.meccg.assignment.legal import example_path

    code = main(["enumerate", str(example_path("ten_vs_ten.yaml"))])
    err = capsys.readouterr().err
    assert code == 2 and "3,628,800 legal complete assignments: too many to list" in err and "--count" in err


def test_a_card_unknown_to_every_game_suggests_the_closest_names_labelled_with_their_games(capsys):
    """`pycombat card` without --game: one line, exit 2, the best matches over all games, each with its game."""
    from pycombat.cli import main

    assert main(["card", "Blod Rush"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "did you mean 'Blood Rush' (riftbound)" in err and "(meccg)" in err and "--game" in err
    assert main(["card", "Aragron", "--game", "meccg"]) == 2
    err = capsys.readouterr().err
    assert "Aragorn II" in err and "riftbound" not in err


@pytest.mark.parametrize("example,extra,words", [
    ("meccg/two_on_two.yaml", ["--objective", "kil_mp"], ["not 'kil_mp'; did you mean 'kill_mp'?"]),
    ("meccg/two_on_two.yaml", ["--objective", "survive", "--character", "Aragorn"],
     ["'Aragorn' is not a member of either company; did you mean 'Aragorn II'?"]),
    ("wotr/skirmish.yaml", ["--objective", "wn"], ["not 'wn'; did you mean 'win'?"]),
    ("riftbound/seed_example.yaml", ["--objective", "kills"], ["not 'kills'; did you mean 'kills_then_might'?"]),
    ("riftbound/seed_example.yaml", ["--objective", "conquer"], ["conquer is an objective of the showdown played "
                                                                 "from both hands"]),
    # with both hands the showdown's own objective is offered too
    ("riftbound/showdown_hands.yaml", ["--objective", "conqur"],
     ["one of kills_then_might, might_then_kills, custom, conquer, not 'conqur'; did you mean 'conquer'?"]),
])
def test_a_mistyped_option_value_suggests_the_closest(capsys, example, extra, words):
    from pycombat.api import example as example_file

    game, name = example.split("/")
    code = main(["optimize", str(example_file(game, name)), *extra])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    for w in words:
        assert w in err, err


@pytest.mark.parametrize("argv, closest", [
    (["enumrate", "x.yaml"], "enumerate"),
    (["enumerate", "x.yaml", "--side", "atacker"], "attacker"),
    (["verify", "x.yaml", "--readings", "al"], "all"),
    (["schema", "meccgg"], "meccg"),
])
def test_a_refused_choice_names_the_closest_one(argv, closest, capsys):
    """A verb, a game or an option's value that is none of the choices: one line, exit 2, the closest choice."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"did you mean {closest!r}?" in err and len(err.strip().splitlines()) == 1
