"""Feed every registered claim pattern 1 MB inputs (run by tests/test_claim_patterns.py in a child
process under a timeout, since a regular expression cannot be interrupted from Python).

Prints one line per (book, pattern) before trying it, so a run that times out names the pattern."""
from __future__ import annotations

import re
import sys
import time

from pycombat import registry
from pycombat.schemaspec import registered_claim_book
from pycombat.sentences import MAX_SENTENCE

SIZE = 1_000_000


def books():
    for game in registry.names():
        for args in ((), ("battle",), ("position",)):
            try:
                book = registered_claim_book(game, *args)
            except TypeError:
                continue
            if book is not None:
                yield f"{game}{'/' + args[0] if args else ''}", book


def inputs(pattern: str, size: int) -> list[str]:
    """Text that makes backtracking patterns slow: the pattern's own words repeated, runs of one
    character, and near misses (the first word, then a long tail)."""
    words = re.findall(r"[A-Za-z']{2,}", pattern) or ["a"]
    phrase = " ".join(words)
    out = ["a" * size, " " * size, "a " * (size // 2), "1" * size, "1/" * (size // 2), "( " * (size // 2),
           (phrase + " ") * (size // (len(phrase) + 1)),
           words[0] + " " + "x " * (size // 2),
           words[0] + " " + (words[-1] + " ") * (size // (len(words[-1]) + 1))]
    for w in words[:6]:
        out.append(((w + " ") * (size // (len(w) + 1)))[:size])
    return [t[:size] for t in out]


def main() -> int:
    worst = 0.0
    n = 0
    for name, book in books():
        patterns = [p for p, _ in book.templates] + [p for p, _ in getattr(book, "negations", ())]
        for i, pattern in enumerate(patterns):
            print(f"{name} #{i}: {pattern.pattern[:100]}", flush=True)
            # the guarded pattern on 1 MB, and on text as long as a sentence may be
            for size in (SIZE, MAX_SENTENCE):
                for text in inputs(pattern.pattern, size):
                    start = time.process_time()
                    pattern.match(text)
                    pattern.search(text)
                    worst = max(worst, time.process_time() - start)
            n += 1
        # the whole reader (templates, negations, read_sentence hooks) on the same texts
        print(f"{name} read", flush=True)
        for size in (SIZE, MAX_SENTENCE):
            for text in inputs(" ".join(p.pattern for p in patterns), size):
                start = time.process_time()
                book.read(text)
                worst = max(worst, time.process_time() - start)
    print(f"DONE {n} patterns; slowest {worst:.3f} s of CPU", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
