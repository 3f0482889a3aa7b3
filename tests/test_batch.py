"""`pycombat batch`: inputs of every kind, results in input order, error objects, the local
process pool and Dask distributed giving the same lines as a plain loop over the Python API."""
from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

import pycombat
from pycombat import batch
from pycombat.cli import main

EX = Path(pycombat.__file__).resolve().parent.parent / "examples"
FILES = [EX / "meccg" / "two_on_two.yaml", EX / "riftbound" / "seed_example.yaml",
         EX / "riftbound" / "equal_totals.yaml"]


def _mapping(might_a: int, might_d: int) -> dict:
    return {"game": "riftbound", "battlefield": "Bench", "title": f"{might_a} v {might_d}",
            "attacker": {"player": "Ann", "units": [{"name": "A", "custom": True, "might": might_a},
                                                    {"name": "B", "custom": True, "might": 1}]},
            "defender": {"player": "Bo", "units": [{"name": "D", "custom": True, "might": might_d}]}}


@pytest.fixture()
def inputs(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    for f in FILES:
        shutil.copy(f, folder / f.name)
    (folder / "notes.txt").write_text("not a scenario")
    stream = tmp_path / "many.jsonl"
    stream.write_text(json.dumps(_mapping(2, 3)) + "\n" + "{not json\n" + "\n" + json.dumps(_mapping(4, 1)) + "\n"
                      + json.dumps({"game": "chess"}) + "\n" + "[1, 2]\n")
    return tmp_path, folder, stream


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _run(args, **kw) -> tuple[list[dict], batch.Summary]:
    out = io.StringIO()
    summary = batch.run_batch(args, kw.pop("verb", "enumerate"), out=out, **kw)
    return _lines(out.getvalue()), summary


def _expected(name: str, source, verb: str, **options) -> dict:
    """The same answer straight from the Python API (independent of the batch code path)."""
    data = source if isinstance(source, dict) else None
    if data is None:
        return pycombat.load(name).run(verb, **options).to_json()
    model = pycombat.api.game_of(data, name).read_scenario(data, file=name, flag_overrides={})
    return pycombat.api.Scenario(pycombat.api.game_of(data, name), model).run(verb, **options).to_json()


def test_inputs_of_every_kind_in_order_with_error_objects(inputs):
    tmp, folder, stream = inputs
    pattern = str(folder / "*_t*.yaml")  # two_on_two.yaml and equal_totals.yaml
    lines, summary = _run([str(folder), pattern, str(stream), str(tmp / "missing.yaml"), str(tmp / "no*.yml")],
                          workers=1)
    names = [line["input"] for line in lines]
    in_folder = sorted(str(folder / f.name) for f in FILES)
    globbed = sorted(str(p) for p in folder.glob("*_t*.yaml"))
    assert globbed  # the pattern matches something
    expected_names = (in_folder + globbed + [f"{stream}:1", f"{stream}:2", f"{stream}:4", f"{stream}:5",
                                             f"{stream}:6", str(tmp / "missing.yaml"), str(tmp / "no*.yml")])
    assert names == expected_names
    assert [line["index"] for line in lines] == list(range(len(lines)))
    failed = {line["input"]: line["error"] for line in lines if "error" in line}
    assert set(failed) == {f"{stream}:2", f"{stream}:5", f"{stream}:6", str(tmp / "missing.yaml"),
                           str(tmp / "no*.yml")}
    assert "invalid JSON" in failed[f"{stream}:2"]["message"]
    assert "chess" in failed[f"{stream}:5"]["message"] and failed[f"{stream}:5"]["path"] == "game"
    assert failed[str(tmp / "missing.yaml")]["message"] == "no such file"
    assert summary.total == len(lines) and summary.failed == 5 and summary.exit_code == 2
    for line in lines:
        if "error" in line:
            continue
        name = line["input"]
        source = (_mapping(2, 3) if name.endswith(":1") else _mapping(4, 1)) if name.startswith(str(stream)) \
            else name
        assert line["result"] == _expected(name, source, "enumerate"), name
        assert line["exit_code"] == 0


def test_options_pass_through_and_bad_options_are_per_scenario(inputs):
    _, folder, _ = inputs
    meccg = str(folder / "two_on_two.yaml")
    lines, _ = _run([meccg], options={"limit": "1"}, workers=1)
    assert lines[0]["result"] == _expected(meccg, meccg, "enumerate", limit=1)
    assert len(lines[0]["result"]["options"]) == 1 < lines[0]["result"]["count"]
    lines, _ = _run([meccg], options={"count": "true"}, workers=1)
    assert "options" not in lines[0]["result"] and lines[0]["result"]["count"] > 1
    lines, summary = _run([meccg, meccg], options={"limt": "1"}, workers=1)
    assert [("error" in line) for line in lines] == [True, True] and summary.failed == 2
    assert "did you mean 'limit'" in lines[0]["error"]["message"]
    lines, _ = _run([meccg], options={"limit": "many"}, workers=1)
    assert "limit" in lines[0]["error"]["message"]


def test_process_pool_equals_the_plain_loop(inputs):
    _, folder, stream = inputs
    args = [str(folder), str(stream)]
    one, _ = _run(args, workers=1)
    two, summary = _run(args, workers=2, chunk_size=1)
    assert two == one and summary.total == len(one)


@pytest.mark.parametrize("chunk_size", [1, 3])
def test_a_forking_pool_warms_its_parent_first(inputs, monkeypatch, chunk_size):
    """With fork, the parent loads what the first input needs (its game's modules and data, the
    verb's modules, the game's parsed rule files) before it forks the workers, and answers nothing
    itself: the same lines as a plain loop, every input answered by a worker."""
    import multiprocessing

    from pycombat import solver

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the parent warms the workers only when the pool forks them")
    _, folder, stream = inputs
    args = [str(folder), str(stream)]
    one, _ = _run(args, workers=1)
    chunks, parsed = [], []
    real_chunk, real_parse = batch.run_chunk, solver.parse_rules

    def recording_chunk(chunk, *rest, **kw):
        chunks.append(len(chunk))  # (a forked worker's calls land in its own copy of the list)
        return real_chunk(chunk, *rest, **kw)

    def recording_parse(package):
        parsed.append(package)
        return real_parse(package)

    monkeypatch.setattr(batch, "run_chunk", recording_chunk)
    monkeypatch.setattr(solver, "parse_rules", recording_parse)
    solver.clear_caches()
    two, summary = _run(args, workers=2, chunk_size=chunk_size)
    assert two == one and summary.total == len(one)
    assert chunks == []  # nothing answered in the parent
    from pycombat import registry

    games = {registry.get(line["result"]["game"]).rules_package for line in one if "result" in line}
    assert len(parsed) == 1 and parsed[0] in games  # (the game of the first input the pool runs)
    assert solver.parse_rules(parsed[0]) >= 5  # (its .lp files, parsed again from the cache)


def _meccg_mapping(status: str, hand: list[str], title: str) -> dict:
    return {"game": "meccg", "title": title,
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "hand": hand,
                         "members": [{"name": "Shagrat", "status": status}, "Lagduf"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                         "members": ["Aragorn II", {"name": "Éomer", "status": status}]}}


def test_inputs_sharing_programs_are_grouped_and_lines_stay_in_input_order(tmp_path):
    """Affinity (Game.affinity): in a pool, MECCG scenarios that differ only in hand or title run
    next to each other (the same worker's loaded solver grounds their programs once), a different
    status is another group, a bad line is left in place; the lines come out in input order, equal
    to a plain loop's."""
    statuses = ["untapped", "wounded", "tapped"]
    data = [_meccg_mapping(statuses[i % 3], [[], ["Swift Strokes"]][i // 3 % 2], f"#{i}") for i in range(12)]
    stream = tmp_path / "many.jsonl"
    stream.write_text("".join(json.dumps(d) + "\n" for d in data[:5]) + "{not json\n"
                      + "".join(json.dumps(d) + "\n" for d in data[5:]))
    items = list(batch.expand_inputs([str(stream)]))
    order = list(batch.grouped_order(items))
    assert sorted(order) == list(range(len(items)))
    keys = [batch.affinity(items[i][1]) for i in order]
    status_of = [None if k is None else items[i][1][1]["attacker"]["members"][0]["status"]
                 for i, k in zip(order, keys)]
    runs = [s for j, s in enumerate(status_of) if j == 0 or s != status_of[j - 1]]
    assert sorted(runs, key=str) == sorted(set(status_of), key=str)  # each status (and the bad line) in one run
    assert keys[-1] is None and order[-1] == 5  # the bad line: no key, after the groups
    assert len({k for k in keys if k is not None}) == 3  # hands and titles do not split a group
    one, _ = _run([str(stream)], workers=1)
    two, summary = _run([str(stream)], workers=2, chunk_size=2)
    assert [line["index"] for line in two] == list(range(len(items)))
    assert two == one and summary.failed == 1


def test_affinity_reads_files_cheaply_and_leaves_yaml_aliases_to_the_worker(tmp_path):
    """A file's key is read in the parent (YAML or JSON, hands left out); a YAML bomb of aliases, which
    would expand in the key, is not read there: no key, and its worker reports it."""
    import yaml

    a, b, c = tmp_path / "a.yaml", tmp_path / "b.json", tmp_path / "c.yaml"
    a.write_text(yaml.safe_dump(_meccg_mapping("wounded", [], "a"), allow_unicode=True), encoding="utf-8")
    b.write_text(json.dumps(_meccg_mapping("wounded", ["Swift Strokes"], "b")), encoding="utf-8")
    c.write_text(yaml.safe_dump(_meccg_mapping("tapped", [], "c"), allow_unicode=True), encoding="utf-8")
    bomb = Path(__file__).parent / "bad_inputs" / "alias_bomb_in_title.yaml"
    keys = [batch.affinity(src, name) for name, src in batch.expand_inputs([str(a), str(b), str(c), str(bomb)])]
    assert keys[0] is not None and keys[0] == keys[1] != keys[2]
    assert keys[3] is None
    lines, summary = _run([str(a), str(bomb), str(b)], workers=2, chunk_size=1)
    assert [line["index"] for line in lines] == [0, 1, 2] and summary.failed == 1 and "error" in lines[1]


def test_dask_local_cluster_equals_the_local_run(inputs):
    distributed = pytest.importorskip("distributed")
    _, folder, stream = inputs
    args = [str(folder), str(stream)]
    local, _ = _run(args, workers=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}) as cluster:
        on_dask, summary = _run(args, workers=1, scheduler=cluster.scheduler_address, chunk_size=2)
    assert on_dask == local
    assert summary.failed == sum("error" in line for line in local)
    assert summary.total == len(local) and summary.answered == len(local) - summary.failed


def test_a_scheduler_batch_reports_the_clusters_workers(inputs, capsys):
    """The summary names the workers that ran the batch: a Dask cluster's own count (three here), not
    the cores of the machine that sent it (nor ``--workers``)."""
    distributed = pytest.importorskip("distributed")
    tmp, folder, _ = inputs
    args = [str(folder), str(tmp / "missing.yaml")]  # three scenarios and a file that is not there
    with distributed.LocalCluster(n_workers=3, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}) as cluster:
        lines, summary = _run(args, workers=1, scheduler=cluster.scheduler_address)
        assert summary.workers == 3 and summary.total == len(lines) == 4 and summary.failed == 1
        code = main(["batch", *args, "--verb", "enumerate", "--scheduler", cluster.scheduler_address,
                     "--workers", "1"])
    err = capsys.readouterr().err
    assert code == 2
    assert "batch: 4 inputs: 3 answered, 1 failed (an error line each); " in err
    assert f"3 workers, Dask at {cluster.scheduler_address})" in err


def test_cli_batch_json_lines_file_stdin_and_summary(inputs, capsys, monkeypatch):
    tmp, _, stream = inputs
    out = tmp / "out.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO(stream.read_text()))
    code = main(["batch", str(FILES[0]), "-", "--verb", "enumerate", "--opt", "limit=2", "--workers", "1",
                 "--json-lines", str(out)])
    err = capsys.readouterr().err
    lines = _lines(out.read_text())
    assert [line["input"] for line in lines] == [str(FILES[0])] + [f"<stdin>:{n}" for n in (1, 2, 4, 5, 6)]
    assert code == 2  # some inputs failed
    # every input has a line: answered, or failed with an error line (the two add up to the inputs)
    assert "batch: 6 inputs: 3 answered, 3 failed (an error line each); " in err and "inputs/s" in err
    assert all(len(line.splitlines()) == 1 for line in out.read_text().splitlines())  # compact: one line each
    code = main(["batch", str(FILES[1]), "--verb", "enumerate", "--workers", "1"])
    captured = capsys.readouterr()
    assert code == 0 and _lines(captured.out)[0]["result"] == _expected(str(FILES[1]), str(FILES[1]), "enumerate")


def test_cli_batch_refuses_a_bad_option_syntax(capsys):
    assert main(["batch", str(FILES[0]), "--verb", "enumerate", "--opt", "limit"]) == 2
    assert "expected NAME=VALUE" in capsys.readouterr().err


def test_a_verb_no_game_has_is_refused_before_any_input(capsys):
    code = main(["batch", str(FILES[0]), str(FILES[1]), "--verb", "od", "--workers", "1"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""  # no line written: nothing was run
    assert "--verb 'od': no game has this verb; did you mean 'odds'?" in captured.err
    with pytest.raises(pycombat.errors.PycombatError, match="no game has this verb"):
        batch.run_batch([str(FILES[0])], "enumerat", out=io.StringIO(), workers=1)


@pytest.mark.parametrize("bound", ["limit=2", "max_list=5"])
def test_count_with_a_bound_on_the_listing_is_refused_before_any_input(capsys, bound):
    """``--opt count=true`` lists nothing, so an option bounding the listing beside it would be ignored: the batch
    is refused once, before any input is run, naming the option."""
    code = main(["batch", str(FILES[0]), str(FILES[1]), "--verb", "enumerate", "--opt", "count=true",
                 "--opt", bound, "--workers", "1"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.startswith(f"pycombat: --opt {bound.partition('=')[0]} bounds the listing")
    lines, summary = _run([str(FILES[0])], options={"count": "true"}, workers=1)
    assert summary.failed == 0 and "count" in lines[0]["result"]


def test_a_local_pool_starts_no_more_workers_than_inputs():
    lines, summary = _run([str(FILES[1])], workers=2)
    assert len(lines) == 1 and summary.workers == 1 and summary.failed == 0
    lines, summary = _run([str(f) for f in FILES], workers=2)
    assert len(lines) == 3 and summary.workers == 2


@pytest.mark.parametrize("address, words", [
    ("nonsense", "missing port number"), ("http://127.0.0.1:1", "unknown scheme http://"),
    ("tcp://127.0.0.1:0", "no host or no port in 1-65535"), ("tcp://127.0.0.1", "missing port number"),
    ("", "no address"), ("tcp://127.0.0.1:notaport", "the port 'notaport' is not a number")])
def test_a_malformed_scheduler_address_is_refused_before_any_input(address, words, capsys, tmp_path):
    out = tmp_path / "out.jsonl"
    code = main(["batch", str(FILES[1]), "--verb", "odds", "--scheduler", address, "--json-lines", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and f"--scheduler {address!r}: {words}" in err and "Traceback" not in err
    assert not out.exists()  # refused before OUT was made
    with pytest.raises(pycombat.errors.PycombatError, match="tcp://HOST:PORT"):
        batch.run_batch([str(FILES[1])], "odds", out=io.StringIO(), scheduler=address)


def _server(answer: bytes | None):
    """A local TCP server that is no Dask scheduler: it sends ``answer`` to each connection, or (None) never
    answers; (the server, its address)."""
    import socket
    import threading

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    held = []

    def serve() -> None:
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            held.append(conn)
            if answer is not None:
                conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    return sock, f"tcp://127.0.0.1:{sock.getsockname()[1]}"


@pytest.mark.parametrize("answer, wait, words", [
    # (a service that answers wrongly is told apart at once: the full wait, never the machine's speed, bounds it)
    (b"SSH-2.0-OpenSSH_8.9p1\r\n" * 4, batch.SCHEDULER_WAIT, "what answers is no Dask scheduler"),
    (None, 0.5, "nothing answered Dask's handshake within 0.5 s")])
def test_a_service_that_is_no_dask_scheduler_is_one_clear_error(answer, wait, words, monkeypatch, capsys):
    monkeypatch.setattr(batch, "SCHEDULER_WAIT", wait)
    sock, address = _server(answer)
    try:
        code = main(["batch", str(FILES[1]), "--verb", "odds", "--scheduler", address])
    finally:
        sock.close()
    err = capsys.readouterr().err
    assert code == 2 and f"cannot reach the Dask scheduler at {address}: {words}" in err
    assert "Traceback" not in err


def test_a_chunk_of_no_scenario_is_refused(capsys):
    assert main(["batch", str(FILES[1]), "--verb", "odds", "--chunk", "0"]) == 2
    assert "--chunk must be at least 1 scenario a task, not 0" in capsys.readouterr().err


def test_a_stream_line_is_read_as_a_json_file_is_and_the_batch_goes_on(tmp_path):
    """A JSON-lines input's line is checked as a single JSON file (its nesting, size and values): a line nested
    deeper than a file may be, or longer than a file may be (skipped to its end, never held whole), is an error
    line of its own, and the lines after it are answered."""
    from pycombat.scenario import MAX_DEPTH, MAX_FILE_BYTES

    good = json.dumps(_mapping(2, 3))
    deep = '{"a": ' * 5000 + "1" + "}" * 5000
    long = '{"game": "riftbound", "x": "' + "y" * (MAX_FILE_BYTES + 10) + '"}'
    stream = tmp_path / "lines.jsonl"
    stream.write_text("\n".join([good, deep, long, good]) + "\n", encoding="utf-8")
    lines, summary = _run([str(stream)], workers=1)
    assert [line["input"] for line in lines] == [f"{stream}:{i}" for i in (1, 2, 3, 4)]
    for line in (lines[0], lines[3]):
        assert line["result"] == _expected(line["input"], _mapping(2, 3), "enumerate")
    assert lines[1]["error"]["message"] == f"nested deeper than {MAX_DEPTH} levels"
    assert lines[2]["error"]["message"].startswith(f"the line has more than {MAX_FILE_BYTES:,} characters")
    assert (summary.answered, summary.failed) == (2, 2)
