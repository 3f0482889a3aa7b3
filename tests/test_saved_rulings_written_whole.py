"""`pycombat verify FILE --save RULING.json` writes the ruling whole or not at all (a write that fails half-way
leaves an earlier RULING.json as it was, and nothing beside it), and the check of a saved ruling names what the
model does not interpret (`unmodelled`), as every other answer's JSON does."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pycombat
from pycombat import api
from pycombat.cli import main

SOURCE = Path(pycombat.__file__).resolve().parent.parent / "examples" / "rulings" / "riftbound" / "equal_totals.yaml"

#: the CLI with the files it may write limited to 2,000 bytes (as a full disk would stop it half-way)
LIMITED = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))
from pycombat.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_ruling_whose_write_fails_half_way_leaves_the_earlier_one_as_it_was(tmp_path):
    target = tmp_path / "ruling.json"
    target.write_text('{"an earlier": "ruling"}\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", LIMITED, "verify", str(SOURCE), "--save", str(target)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"pycombat: --save {target}: cannot write it (") and "Traceback" not in done.stderr
    assert target.read_text(encoding="utf-8") == '{"an earlier": "ruling"}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["ruling.json"]


def test_a_saved_ruling_is_written_whole_and_checks_again_with_its_unmodelled(tmp_path, capsys):
    target = tmp_path / "ruling.json"
    assert main(["verify", str(SOURCE), "--save", str(target), "--json"]) == 0
    verified = json.loads(capsys.readouterr().out)
    assert [p.name for p in tmp_path.iterdir()] == ["ruling.json"]
    assert main(["verify", str(target), "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["stands"] is True and checked["unmodelled"] == verified["unmodelled"]
    assert api.recheck_ruling(target).to_json()["unmodelled"] == verified["unmodelled"]


def test_a_ruling_saved_through_a_link_keeps_the_link_and_the_files_permissions(tmp_path, capsys):
    real = tmp_path / "real.json"
    real.write_text("{}", encoding="utf-8")
    real.chmod(0o600)
    link = tmp_path / "ruling.json"
    link.symlink_to(real)
    assert main(["verify", str(SOURCE), "--save", str(link)]) == 0
    assert link.is_symlink() and real.stat().st_mode & 0o777 == 0o600
    assert api.recheck_ruling(link).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["real.json", "ruling.json"]
