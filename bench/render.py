"""Benchmark of the board renderer (not a test): median milliseconds and PNG bytes.

    .venv/bin/python bench/render.py [--runs 25]

Targets (issue 4): table <= 80 ms and <= 500 KB at about 1600 px wide; wagon image <= 40 ms."""

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

import engine  # noqa: E402
import render  # noqa: E402


def mid_game(players: int = 4, seed: int = 3) -> dict:
    """A 4-player state in week 3, day 3, reached by seeded random play."""
    s, _ = engine.new_game({"players": players, "sets": ["A", "B"], "pioneers": "unique"}, seed)
    rnd = random.Random(seed)
    while not (s["week"] == 3 and s["day"] == 3 and s["stage"] == "turn"):
        s = engine.apply(s, rnd.choice(engine.legal_actions(s))).state
    return s


def finished(players: int = 4, seed: int = 3) -> dict:
    s, _ = engine.new_game({"players": players, "sets": ["A", "B"], "pioneers": "unique"}, seed)
    rnd = random.Random(seed)
    while not engine.is_over(s):
        s = engine.apply(s, rnd.choice(engine.legal_actions(s))).state
    return s


def bench(name: str, fn, runs: int) -> None:
    t = time.perf_counter()
    fn()  # the first call also fills the caches (fonts, icons, cards, static layer)
    cold = (time.perf_counter() - t) * 1000
    times, data = [], b""
    for _ in range(runs):
        t = time.perf_counter()
        data = fn()
        times.append((time.perf_counter() - t) * 1000)
    w, h = Image.open(io.BytesIO(data)).size
    print(f"{name:<22} median {statistics.median(times):6.1f} ms  (first {cold:5.0f} ms)  "
          f"{len(data):8d} bytes ({len(data) / 1024:.0f} KB)  {w}x{h}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=25)
    runs = ap.parse_args().runs
    s = mid_game()
    bench("table (4p, mid-game)", lambda: render.table_png(s), runs)
    bench("wagon (seat 1)", lambda: render.wagon_png(s, 0), runs)
    f = finished()
    bench("results (4p)", lambda: render.results_png(f), runs)


if __name__ == "__main__":
    main()
