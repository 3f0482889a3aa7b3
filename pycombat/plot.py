"""Drawing exact distributions to PNG (matplotlib, headless). Game-neutral."""
from __future__ import annotations

from pathlib import Path
from typing import Mapping

from .dice import Dist
from .errors import PycombatError


def plot_distributions(panels: Mapping[str, Dist], path: str | Path, *, title: str, xlabel: str,
                       ylabel: str = "probability") -> Path:
    """One bar chart per distribution (integer outcomes), side by side, saved as PNG; ``ylabel`` says what
    a bar's height is (a probability, or for a count over choices its share, e.g. "share of legal splits")."""
    out = Path(path)
    if out.suffix.lower() != ".png":
        raise PycombatError(f"--plot {path}: the file name must end in .png")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, max(1, len(panels)), figsize=(5.5 * max(1, len(panels)), 4), squeeze=False)
    for ax, (name, dist) in zip(axes[0], panels.items()):
        xs = sorted(dist)
        ys = [float(dist[x]) for x in xs]
        bars = ax.bar([str(x) for x in xs], ys, color="#4a72b0")
        for bar, x in zip(bars, xs):
            p = dist[x]
            ax.annotate(f"{float(p):.3f}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                        ha="center", va="bottom", fontsize=8)
        ax.set_title(name)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_ylim(0, max(ys) * 1.15 if ys else 1)
    fig.suptitle(title)
    fig.tight_layout()
    try:
        fig.savefig(out, dpi=110)
    except OSError as exc:
        raise PycombatError(f"--plot {path}: cannot write: {exc.strerror}") from None
    finally:
        plt.close(fig)
    return out
