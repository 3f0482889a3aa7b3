"""`odds --plot` for Riftbound draws, per side, the share of its legal splits that kill each number of enemy units (a
count over splits, no dice): the y-axis says so ("share of legal splits"), never "probability"."""
from __future__ import annotations

import matplotlib.axes

from pycombat.cli import main
from pycombat.games.riftbound.schema import example_path


def test_the_y_axis_is_the_share_of_legal_splits(monkeypatch, tmp_path, capsys):
    labels: list[str] = []
    real = matplotlib.axes.Axes.set_ylabel

    def record(self, label, *args, **kwargs):
        labels.append(label)
        return real(self, label, *args, **kwargs)

    monkeypatch.setattr(matplotlib.axes.Axes, "set_ylabel", record)
    out = tmp_path / "p.png"
    assert main(["odds", str(example_path("seed_example.yaml")), "--plot", str(out)]) == 0
    assert out.exists() and out.stat().st_size > 0
    assert labels == ["share of legal splits", "share of legal splits"]
