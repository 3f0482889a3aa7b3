"""The README shows real output: its `make demo` block and its counts are re-run here."""
from __future__ import annotations

import re
from pathlib import Path

from pycombat.cli import main

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def block_after(command: str) -> str:
    start = README.index(command)
    body = README[start:].split("\n", 1)[1]
    return body.split("```", 1)[0].rstrip("\n")


def test_readme_mentions_the_two_commands():
    assert "make demo" in README and "make test" in README


def test_demo_block_is_real_output(capsys):
    expected = block_after("$ pycombat enumerate --limit 6")
    assert main(["enumerate", "--limit", "6"]) == 0
    assert capsys.readouterr().out.rstrip("\n") == expected


def test_makefile_demo_runs_what_the_readme_shows():
    makefile = (Path(__file__).resolve().parent.parent / "Makefile").read_text()
    assert re.search(r"^demo:.*\n\t\$\(BIN\)/pycombat enumerate --limit 6$", makefile, re.M)


def test_odds_and_replay_blocks_are_real_output(capsys, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    for verb in ("odds", "replay"):
        expected = block_after(f"$ pycombat {verb} examples/meccg/wind_throne.yaml")
        assert main([verb, "examples/meccg/wind_throne.yaml"]) == 0
        assert capsys.readouterr().out.rstrip("\n") == expected


def test_verify_block_is_real_output(capsys, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    cmd = "examples/rulings/meccg/orc_quarrels_blackbole.yaml"
    expected = block_after(f"$ pycombat verify {cmd}")
    assert main(["verify", cmd]) == 0
    assert capsys.readouterr().out.rstrip("\n") == expected


def test_optimize_block_is_real_output(capsys, monkeypatch):
    import re

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    cmd = "examples/meccg/two_on_two.yaml"
    expected = block_after(f"$ pycombat optimize {cmd}")
    assert main(["optimize", cmd]) == 0
    got = re.sub(r"solved in \d+\.\d s", "solved in 0.1 s", capsys.readouterr().out.rstrip("\n"))
    assert got == expected


def test_wotr_odds_block_is_real_output(capsys, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    cmd = "examples/wotr/seed_three_and_one.yaml"
    expected = block_after(f"$ pycombat odds {cmd}")
    assert main(["odds", cmd]) == 0
    assert capsys.readouterr().out.rstrip("\n") == expected


def test_riftbound_enumerate_block_is_real_output(capsys, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    cmd = "examples/riftbound/seed_example.yaml"
    expected = block_after(f"$ pycombat enumerate {cmd}")
    assert main(["enumerate", cmd]) == 0
    assert capsys.readouterr().out.rstrip("\n") == expected


def test_cancel_on_a_roll_blocks_are_real_output(capsys, monkeypatch):
    """The cancel-on-a-roll section: verify whole, odds and replay up to their "..." line."""
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    cmd = "examples/rulings/meccg/cancel_rolls.yaml"
    for verb in ("verify", "odds", "replay"):
        expected = block_after(f"$ pycombat {verb} {cmd}")
        assert main([verb, cmd]) == 0
        out = capsys.readouterr().out.rstrip("\n")
        if expected.endswith("\n..."):
            head = expected[: -len("\n...")]
            assert out.startswith(head + "\n"), verb
        else:
            assert out == expected, verb


def test_card_play_blocks_are_real_output(capsys, monkeypatch):
    """The one play check's section: verify and replay on examples/rulings/meccg/card_plays.yaml."""
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    cmd = "examples/rulings/meccg/card_plays.yaml"
    for verb in ("verify", "replay"):
        expected = block_after(f"$ pycombat {verb} {cmd}")
        assert main([verb, cmd]) == 0
        assert capsys.readouterr().out.rstrip("\n") == expected


def test_item_ability_blocks_are_real_output(capsys, monkeypatch):
    """The item abilities' section: verify on examples/rulings/meccg/item_cancels.yaml and a card lookup."""
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    for argv in (["verify", "examples/rulings/meccg/item_cancels.yaml"], ["card", "Star-glass", "--game", "meccg"]):
        expected = block_after(f"$ pycombat {' '.join(argv)}")
        assert main(argv) == 0
        assert capsys.readouterr().out.rstrip("\n") == expected


def test_riftbound_abilities_block_is_real_output(capsys, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    cmd = "examples/riftbound/abilities.yaml"
    expected = block_after(f"$ pycombat odds {cmd}")
    assert main(["odds", cmd]) == 0
    assert capsys.readouterr().out.rstrip("\n") == expected


def test_the_table_of_contents_links_to_every_section():
    """Every `## ` section is in the contents, and every link of the contents finds its section."""
    import re

    heads = re.findall(r"^## (.+)$", README, re.M)

    def anchor(h: str) -> str:
        return re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")

    toc = README.split("**Contents**", 1)[1].split("\n## ", 1)[0]
    links = re.findall(r"\[(.+?)\]\(#([^)]+)\)", toc)
    assert [t for t, _ in links] == heads
    assert all(a == anchor(t) for t, a in links)


def test_coverage_tables_are_current():
    """The README's card-coverage tables are the counts `pycombat card --coverage` computes."""
    from pycombat.games.meccg.cards.listing import coverage as meccg_coverage
    from pycombat.games.riftbound.cards.coverage import coverage as rb_coverage

    rb = rb_coverage().counts
    for kind, label in (("unit", "units"), ("spell", "spells"), ("gear", "gear")):
        c = rb[kind]
        assert f"| {label} | {c['modelled']} | {c['partly']} | {c['not']} | {c['none']} |" in README
    mc = meccg_coverage().counts
    for kind, label in (("event", "combat cards"), ("item", "items"), ("character", "characters, allies and avatars")):
        c = mc[kind]
        row = " | ".join(str(c[s]) for s in ("modelled", "partly", "not", "by flag", "no effect", "none"))
        assert f"| {label} | {row} |" in README


def test_counts_of_shipped_files_the_readme_gives_are_the_files():
    """A count the README gives of a shipped folder's files ("The 76 files of `examples/rulings/meccg/`") is the
    number of files there."""
    root = Path(__file__).resolve().parent.parent
    counts = re.findall(r"The (\d+) files of `([^`]+)`", README)
    assert counts
    for n, folder in counts:
        assert int(n) == sum(1 for p in (root / folder).iterdir() if p.is_file()), folder
