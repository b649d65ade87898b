"""Benchmark of the renderer (not a test): median milliseconds and PNG bytes, against the targets.

    .venv/bin/python bench/render.py [--runs 25] [--compare | --compare-14]

Targets (on this 2-core shared machine): the table image (4 players) <= 25 ms (issue 31; 40 ms in
issue 14); the day image <= 40 ms and <= 150 KB, its smallest text >= 9·W/400 px (issue 13); the
table <= 500 KB and the wagon image <= 40 ms (issue 4). Each figure is the median of --runs renders of the same state
after a first call (which fills the caches: fonts, icons, cards, static layers, text bitmaps);
"cpu" is the thread's CPU time, which other processes on the machine do not inflate.

--compare: every image is also rendered "before" (drawn in RGB, mapped onto the fixed palette at the
end and written by Pillow's PNG encoder with zlib: the renderer as it was before issue 31), alternating
with "after" in the same run, so both face the same machine load. --compare-14: "before" is the
renderer before issue 14 (also an adaptive palette chosen for each image by Image.quantize, and every
text rendered by ImageDraw.text each time)."""

import argparse
import io
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

import games.pioneer_days.pictures as render  # noqa: E402
import games.pioneer_days.rules as engine  # noqa: E402
import render as kit  # noqa: E402
from render import text as T  # noqa: E402

LINES = ["Day over: the 🟦 B blue die was left (Storm 3/4 · Raid 1/4 · Famine 2/4 · Disease 0/4).",
         "Storm struck: Ann paid 1 wood; Bob's wagon 2 damaged",
         "Week 3, day 3 begins — Bob starts"]
TABLE_MS, DAY_MS, WAGON_MS = 25, 40, 40
DAY_BYTES, TABLE_BYTES = 150 * 1024, 500 * 1024


def mid_game(players: int = 4, seed: int = 3) -> dict:
    """A state in week 3, day 3, reached by seeded random play."""
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


BEFORE = 31  # the issue "before" is the renderer before (--compare: 31, --compare-14: 14)


def mode(after: bool) -> None:
    """after=True: the renderer as it is; False: as before issue BEFORE."""
    render.DRAW_ON_PALETTE = kit.FAST_ENCODE = after  # (issue 31)
    render.FIXED_PALETTE = T.CACHE = after or BEFORE > 14  # (issue 14)


def timed(fn) -> tuple[float, float, bytes]:
    w, c = time.perf_counter(), time.thread_time()
    data = fn()
    return (time.perf_counter() - w) * 1000, (time.thread_time() - c) * 1000, data


def verdict(what: str, value: float, target: float, unit: str) -> str:
    return f"{what} target <= {target:g} {unit}: {'ok' if value <= target else 'MISSED'}"


def bench(name: str, fn, runs: int, compare: bool, target_ms: float | None = None,
          target_bytes: int | None = None) -> None:
    modes = (False, True) if compare else (True,)
    cold = {}
    for m in modes:
        mode(m)
        cold[m] = timed(fn)[0]  # the first call also fills the caches
    walls: dict = {m: [] for m in modes}
    cpus: dict = {m: [] for m in modes}
    data: dict = {}
    for _ in range(runs):
        for m in modes:
            mode(m)
            wall, cpu, data[m] = timed(fn)
            walls[m].append(wall)
            cpus[m].append(cpu)
    mode(True)
    for m in modes:
        wall, cpu = statistics.median(walls[m]), statistics.median(cpus[m])
        size = len(data[m])
        w, h = Image.open(io.BytesIO(data[m])).size
        label = f"{name}{f' before {BEFORE}' if not m else ' after' if compare else ''}"
        line = (f"{label:<27} median {wall:6.1f} ms (cpu {cpu:5.1f}, first {cold[m]:4.0f})"
                f"  {size:7d} bytes ({size / 1024:3.0f} KB)  {w}x{h}")
        if m:
            if target_ms is not None:
                line += f"  {verdict('time', wall, target_ms, 'ms')}"
            if target_bytes is not None:
                line += f"  {verdict('size', size / 1024, target_bytes / 1024, 'KB')}"
        print(line, flush=True)
    if compare:
        b, a = statistics.median(cpus[False]), statistics.median(cpus[True])
        print(f"{'':<27} after/before cpu {a / b:.2f} ({b / a:.1f}x faster)", flush=True)


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=25)
    ap.add_argument("--compare", action="store_true", help="also time the renderer as before issue 31")
    ap.add_argument("--compare-14", action="store_true", help="also time the renderer as before issue 14")
    args = ap.parse_args()
    global BEFORE
    BEFORE = 14 if args.compare_14 else 31
    runs, cmp = args.runs, args.compare or args.compare_14
    print(f"load average {_load()} on {os.cpu_count()} CPUs (other processes slow the wall-clock figures)")
    s = mid_game()
    others = {4: s, 3: mid_game(3), 2: mid_game(2)}
    for players, st in others.items():
        bench(f"table ({players}p, mid-game)", lambda st=st: render.table_png(st), runs, cmp,
              TABLE_MS if players == 4 else None, TABLE_BYTES)
    for players, st in others.items():
        bench(f"day ({players}p, mid-game)", lambda st=st: render.day_png(st, LINES), runs, cmp, DAY_MS, DAY_BYTES)
    bench("wagon (seat 1)", lambda: render.wagon_png(s, 0), runs, cmp, WAGON_MS)
    f = finished()
    bench("results (4p)", lambda: render.results_png(f), runs, cmp)
    img = render.day_image(s, LINES)
    need = 9 * img.width / 400
    px = img.info["min_text_px"]
    print(f"load average {_load()} at the end")
    print(f"day image: smallest text {px} px at {img.width} px wide = {px * 400 / img.width:.1f} px at 400 px wide"
          f"  (>= 9 px: {'ok' if px >= need else 'MISSED'})")


if __name__ == "__main__":
    main()
