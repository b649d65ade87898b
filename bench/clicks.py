"""The cost per click of the journal of clicks acknowledged but not yet saved (app/clicks.py).

    .venv/bin/python bench/clicks.py [--clicks 200000] [--folder /tmp]

Each click is two appends (begin before the acknowledgement, end once saved or refused), as the bot makes
them; the journal is rewritten with the open clicks whenever it passes ROTATE bytes, which is counted in.
Prints the time per click (median of 5 runs), the bytes appended per click and the rewrites made."""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.clicks import ROTATE, ClickJournal  # noqa: E402


def run(clicks: int, folder: str) -> tuple[float, float, int]:
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        journal = ClickJournal(f"{tmp}/clicks.jsonl")
        journal.start()
        rewrites = 0
        real = journal._rewrite

        def counted() -> None:
            nonlocal rewrites
            rewrites += 1
            real()
        journal._rewrite = counted  # type: ignore[method-assign]
        base = 1456074443980800000  # a Discord snowflake's size
        appended = 0
        started = time.perf_counter()
        for i in range(clicks):
            before = journal._size
            journal.begin(base + i, 1456074443980800009, 1456074443980800013, 1234)
            journal.end(base + i)
            appended += journal._size - before if journal._size >= before else 0
        took = time.perf_counter() - started
        journal.close()
    return took / clicks, appended / clicks, rewrites


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clicks", type=int, default=200_000)
    ap.add_argument("--folder", default=None, help="where the journal is written (default: the temp folder)")
    args = ap.parse_args(argv)
    runs = [run(args.clicks, args.folder) for _ in range(5)]
    per = statistics.median(r[0] for r in runs)
    print(f"click journal: {args.clicks} clicks x 5 runs; rewritten past {ROTATE // 1024} KB")
    print(f"per click: {per * 1e6:.1f} µs (begin + end; runs {', '.join(f'{r[0] * 1e6:.1f}' for r in runs)} µs)")
    print(f"appended per click: about {runs[0][1]:.0f} bytes; rewrites per run: {runs[0][2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
