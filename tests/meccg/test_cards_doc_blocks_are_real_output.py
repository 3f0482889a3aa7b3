"""docs/meccg_cards.md shows real output: each ```text block's `$ pycombat <verb> <file>` is re-run and every line
it shows is a line of the output, in order ("..." skips lines; "(...)" inside a line skips text, a closing " ..."
the rest of it), and the figures
its prose gives for The One Ring, Wizard's Fire and Vanishment's check are the code's."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pycombat.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "meccg_cards.md").read_text(encoding="utf-8")
#: (verb, file, the lines shown) for each `$ pycombat <verb> <file>` of a ```text block (one block may hold several)
BLOCKS = [(m[1], m[2], m[3]) for block in re.findall(r"```text\n(\$ pycombat .*?)```", DOC, re.S)
          for m in re.finditer(r"^\$ pycombat (\w+) (\S+)\n(.*?)(?=^\$ pycombat |\Z)", block, re.S | re.M)]
#: (verb, file): cheap enough to re-run here (the others are larger games)
CHEAP = ("odds", "replay", "verify")


def _matches(shown: str, line: str) -> bool:
    """``shown`` is ``line``, "(...)" standing for any text, a trailing " ..." for the rest of the line."""
    rest = shown.endswith(" ...")
    parts = [re.escape(p) for p in (shown[:-4] if rest else shown).split("(...)")]
    return re.fullmatch("(.*?)".join(parts) + ("(.*)" if rest else ""), line) is not None


@pytest.mark.parametrize("verb, path, body", [b for b in BLOCKS if b[0] in CHEAP], ids=lambda x: str(x)[:40])
def test_block_lines_are_output_lines(verb, path, body, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main([verb, path]) == 0
    out = capsys.readouterr().out.splitlines()
    at = 0
    for shown in body.rstrip("\n").splitlines():
        if shown.strip() == "...":
            continue
        while at < len(out) and not _matches(shown, out[at]):
            at += 1
        assert at < len(out), f"{verb} {path}: not in the output (in order): {shown}"
        at += 1


def test_the_prose_figures_are_the_codes(capsys, monkeypatch):
    import json

    monkeypatch.chdir(ROOT)

    def strike(path):
        assert main(["odds", "--json", path]) == 0
        return json.loads(capsys.readouterr().out)["strikes"][0]

    ring = strike("examples/rulings/meccg/the_one_ring.yaml")
    assert (ring["probabilities"]["cancelled"]["exact"], ring["fates"]["Frodo"]["discarded"]["exact"],
            ring["fates"]["Frodo"]["eliminated"]["exact"]) == ("5/6", "5/36", "1/36")
    assert "cancelled 5/6, Frodo discarded 5/36, eliminated 1/36" in DOC
    fire = strike("examples/rulings/meccg/corruption_check_cost.yaml")
    assert (fire["fates"]["Gandalf"]["discarded"]["exact"], fire["probabilities"]["corrupted"]["exact"]) == ("1/4", "5/12")
    assert "Gandalf discarded 1/4 and eliminated 1/6 by the check, the strike\nnot resolved 5/12" in DOC
