"""Copy the shared specification and game data into the package (run by `make data`).

The package ships its own copy of ``../shared/rules/*.md`` (rule texts and interpretation
flags, cited in explanations) and of ``../shared/data/<game>/*.json`` (card facts), so that
``pip install .`` works without the shared folder.  ``tests/test_packaging.py`` checks
that the copies still equal the shared originals whenever the shared folder is present.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

COPIES = [
    (SHARED / "rules", ROOT / "pycombat" / "rules", "*.md"),
    (SHARED / "data" / "meccg", ROOT / "pycombat" / "games" / "meccg" / "data", "*.json"),
    (SHARED / "data" / "riftbound", ROOT / "pycombat" / "games" / "riftbound" / "data", "*.json"),
    (SHARED / "data" / "wotr", ROOT / "pycombat" / "games" / "wotr" / "data", "*.json"),
]

# The package's own guide to the digests extends the shared one (how a verdict quotes a rule):
# kept, not overwritten.
KEPT = {"README.md"}


def main() -> int:
    if not SHARED.is_dir():
        print(f"sync_shared: {SHARED} not found", file=sys.stderr)
        return 2
    for src, dst, pattern in COPIES:
        dst.mkdir(parents=True, exist_ok=True)
        for f in sorted(src.glob(pattern)):
            if f.name in KEPT:
                continue
            shutil.copyfile(f, dst / f.name)
            print(f"copied {f.relative_to(SHARED.parent)} -> {(dst / f.name).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
