"""`pycombat batch` when things go wrong around the scenarios: a worker process that dies (the system out of
memory, a signal) fails only the input it was answering, never the batch; a Dask task that fails gives its inputs
error lines; `--json-lines OUT` is replaced whole, only by a batch that ran to its end (an interrupted one leaves
OUT as it was and its lines beside it); OUT is never read back as an input; and the summary counts the answers
whose exit code is 1."""
from __future__ import annotations

import io
import json
import multiprocessing
import os
import shutil
import signal
from pathlib import Path

import pytest

import pycombat
from pycombat import batch
from pycombat.cli import main

EX = Path(pycombat.__file__).resolve().parent.parent / "examples"
SEED = EX / "riftbound" / "seed_example.yaml"


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _three(tmp_path: Path) -> list[str]:
    names = []
    for stem in ("a", "bomb", "c"):
        target = tmp_path / f"{stem}.yaml"
        shutil.copy(SEED, target)
        names.append(str(target))
    return names


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the test's stand-in crosses a fork")
def test_a_worker_that_dies_fails_only_the_input_it_was_answering(tmp_path, monkeypatch):
    real = batch.run_chunk

    def dies_on_the_bomb(chunk, *args, **kw):
        if any(name.endswith("bomb.yaml") for _, name, _ in chunk):
            os.kill(os.getpid(), signal.SIGKILL)  # as the system's out-of-memory killer does
        return real(chunk, *args, **kw)

    monkeypatch.setattr(batch, "run_chunk", dies_on_the_bomb)
    names = _three(tmp_path)
    out = io.StringIO()
    summary = batch.run_batch(names, "enumerate", out=out, options={"count": "true"}, workers=2, chunk_size=1)
    lines = _lines(out.getvalue())
    assert [line["input"] for line in lines] == names
    assert [("error" in line) for line in lines] == [False, True, False]
    error = lines[1]["error"]
    assert error["type"] == "WorkerDied" and "stopped abruptly" in error["message"] and error["file"] == names[1]
    assert lines[0]["result"] == lines[2]["result"] | {"scenario": names[0]}
    assert (summary.total, summary.failed, summary.exit_code) == (3, 1, 2)


def test_a_dask_task_that_fails_gives_its_inputs_error_lines():
    class Failed:
        def result(self):
            raise RuntimeError("Attempted to run task on a worker that died 3 times")

    class Client:
        def submit(self, *args, **kw):
            return Failed()

    chunk = [(0, "x.yaml", ("error", "unused")), (1, "y.yaml", ("error", "unused"))]
    got = list(batch.dask_map(Client(), iter([chunk]), ("enumerate", {}, {}, False)))
    lines = [json.loads(text) for _, text, _, _ in got[0]]
    assert [line["input"] for line in lines] == ["x.yaml", "y.yaml"]
    assert all(line["error"]["type"] == "WorkerDied" and "worker that died" in line["error"]["message"]
               for line in lines)
    assert [failed for _, _, failed, _ in got[0]] == [True, True]


def test_an_interrupted_batch_leaves_the_output_file_as_it_was(tmp_path, monkeypatch, capsys):
    real = batch.run_chunk
    calls = []

    def interrupted_at_the_second(chunk, *args, **kw):
        calls.append(chunk)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(chunk, *args, **kw)

    monkeypatch.setattr(batch, "run_chunk", interrupted_at_the_second)
    names = _three(tmp_path)
    out = tmp_path / "lines.jsonl"
    out.write_text('{"input": "an earlier batch"}\n', encoding="utf-8")
    code = main(["batch", *names, "--verb", "enumerate", "--opt", "count=true", "--workers", "1", "--chunk", "1",
                 "--json-lines", str(out)])
    assert code == 130
    assert out.read_text(encoding="utf-8") == '{"input": "an earlier batch"}\n'
    partial = Path(f"{out}.partial")
    assert [line["input"] for line in _lines(partial.read_text(encoding="utf-8"))] == names[:1]
    err = capsys.readouterr().err
    assert f"interrupted after 1 of 3 inputs; their lines are in {partial}; {out} is as it was" in err
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix not in (".yaml",)) == ["lines.jsonl",
                                                                                       "lines.jsonl.partial"]


def test_the_output_file_is_replaced_whole_and_leaves_nothing_beside_it(tmp_path, capsys):
    out = tmp_path / "lines.jsonl"
    out.write_text("an earlier batch's lines\n" * 5, encoding="utf-8")
    assert main(["batch", str(SEED), "--verb", "enumerate", "--opt", "count=true", "--workers", "1",
                 "--json-lines", str(out)]) == 0
    assert [line["input"] for line in _lines(out.read_text(encoding="utf-8"))] == [str(SEED)]
    assert [p.name for p in tmp_path.iterdir()] == ["lines.jsonl"]
    assert out.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_the_batchs_own_output_is_never_read_as_one_of_its_inputs(tmp_path, capsys):
    folder = tmp_path / "rulings"
    folder.mkdir()
    shutil.copy(SEED, folder / SEED.name)
    out = folder / "lines.jsonl"
    for _ in range(2):  # the second run finds the first one's lines in the folder
        assert main(["batch", str(folder), "--verb", "enumerate", "--opt", "count=true", "--workers", "1",
                     "--json-lines", str(out)]) == 0
        assert "batch: 1 input: 1 answered, 0 failed" in capsys.readouterr().err
        assert [line["input"] for line in _lines(out.read_text(encoding="utf-8"))] == [str(folder / SEED.name)]
    assert main(["batch", str(tmp_path / "rulings" / "*.*"), "--verb", "enumerate", "--opt", "count=true",
                 "--workers", "1", "--json-lines", str(out)]) == 0
    assert "batch: 1 input: 1 answered, 0 failed" in capsys.readouterr().err


def test_the_summary_counts_the_answers_whose_exit_code_is_1(tmp_path, capsys):
    missed = tmp_path / "missed.yaml"
    missed.write_text(SEED.read_text(encoding="utf-8")
                      + "claims:\n  - {id: wrong, claim: the attacker conquers, expect: false}\n"
                      + "  - {id: right, claim: the attacker conquers, expect: true}\n", encoding="utf-8")
    out = io.StringIO()
    summary = batch.run_batch([str(missed), str(missed), "nonesuch.yaml"], "verify", out=out, workers=1)
    codes = [line.get("exit_code") for line in _lines(out.getvalue())]
    assert codes == [1, 1, None]
    assert (summary.total, summary.answered, summary.nonzero, summary.failed) == (3, 2, 2, 1)
    assert summary.line("local").startswith("batch: 3 inputs: 2 answered (2 of them exit code 1: a claim's "
                                            "expect: not met, or a saved ruling changed), 1 failed")


def test_an_output_file_behind_a_link_is_replaced_with_its_permissions_and_the_link_kept(tmp_path, capsys):
    real = tmp_path / "real.jsonl"
    real.write_text("an earlier batch's lines\n", encoding="utf-8")
    real.chmod(0o600)
    link = tmp_path / "lines.jsonl"
    link.symlink_to(real)
    assert main(["batch", str(SEED), "--verb", "enumerate", "--opt", "count=true", "--workers", "1",
                 "--json-lines", str(link)]) == 0
    assert link.is_symlink() and real.stat().st_mode & 0o777 == 0o600
    assert [line["input"] for line in _lines(real.read_text(encoding="utf-8"))] == [str(SEED)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lines.jsonl", "real.jsonl"]
