"""``pycombat odds --plot FILE.png`` for WotR: outcome probabilities and units left, per policy."""
from __future__ import annotations

from pathlib import Path

from pycombat.errors import PycombatError
from .process import KIND_ORDER


SHORT = {"attacker_wins": "attacker wins", "defender_retreated": "defender retreats", "both_destroyed": "both destroyed",
         "defender_holds": "defender holds", "attack_ceased": "attack ceased",
         "sortie_returned": "sortie back in", "retreated_into_siege": "into siege",
         "siege_goes_on": "siege goes on", "round_limit": "max_rounds"}


def plot_battle(report, path: str | Path) -> Path:
    """Three panels: the outcomes, the attacker's and the defender's units left (bars per policy)."""
    out = Path(path)
    if out.suffix.lower() != ".png":
        raise PycombatError(f"--plot {path}: the file name must end in .png")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pols = list(report.results)
    kinds = [k for k in KIND_ORDER if any(r.by_kind().get(k) for r in report.results.values())]
    fig, axes = plt.subplots(1, 3, figsize=(16, 4.5))
    width = 0.8 / max(1, len(pols))
    colors = ["#4a72b0", "#d98b3a", "#5a9e5a"]
    for n, pol in enumerate(pols):
        res = report.results[pol]
        by = res.by_kind()
        xs = [i + n * width for i in range(len(kinds))]
        ys = [float(by.get(k, 0)) for k in kinds]
        bars = axes[0].bar(xs, ys, width, label=pol, color=colors[n % 3])
        for bar, y in zip(bars, ys):
            axes[0].annotate(f"{y:.3f}", (bar.get_x() + bar.get_width() / 2, bar.get_height()), ha="center",
                             va="bottom", fontsize=7)
        for ax, role in ((axes[1], "attacker"), (axes[2], "defender")):
            dist = res.survivors(role)
            ks = sorted(dist)
            ax.bar([k + n * width for k in ks], [float(dist[k]) for k in ks], width, label=pol, color=colors[n % 3])
    axes[0].set_xticks([i + width * (len(pols) - 1) / 2 for i in range(len(kinds))])
    axes[0].set_xticklabels([SHORT[k] for k in kinds], rotation=20, fontsize=8)
    axes[0].set_title("outcome")
    axes[0].set_ylabel("probability (exact, drawn as decimals)")
    for ax, role in ((axes[1], "attacker"), (axes[2], "defender")):
        ax.set_title(f"{role}'s Army units left")
        ax.set_xlabel("units")
        ax.set_ylabel("probability")
        # whole units: one tick per count, under the middle of its bars (never 0.5 steps)
        counts = sorted({k for res in report.results.values() for k in res.survivors(role)})
        ax.set_xticks([k + width * (len(pols) - 1) / 2 for k in counts])
        ax.set_xticklabels([str(k) for k in counts])
    for ax in axes:
        ax.legend(fontsize=8)
    fig.suptitle(report.scenario.title or "battle")
    fig.tight_layout()
    try:
        fig.savefig(out, dpi=100)
    except OSError as exc:
        raise PycombatError(f"--plot {path}: cannot write: {exc.strerror}") from None
    finally:
        plt.close(fig)
    return out
