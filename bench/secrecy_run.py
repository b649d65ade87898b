"""The secrecy property on many random games (the long run of tests/pioneer_days/test_secrets.py).

    python bench/secrecy_run.py [--games 5000] [--procs 2] [--seed 10000] [--twin-every 1] [--images 20]

Game i uses tests/pioneer_days/secrecy.config_of(i) (every townsfolk set pair, 2-4 players, unique pioneers)
and seed `seed + i`. After every action: no view_for(state, seat), public event or narration line
holds a secret of another seat (tainted gold values, dealt boards), and a twin with other gold
values gives the same public events and views (on every --twin-every-th action). --images N: the
public table and each seat's wagon drawn from hidden twins are byte-identical at 4 points of
each of the first N games. Exit status 1 on a leak."""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "pioneer_days")]

import secrecy  # noqa: E402

import games.pioneer_days.rules as engine  # noqa: E402
from games.pioneer_days.rules.simulate import random_game  # noqa: E402


def run_chunk(args) -> dict:
    start, stop, seed, twin_every, images = args
    out = {"games": 0, "actions": 0, "events": 0, "images": 0, "leaks": []}
    for i in range(start, stop):
        try:
            got = secrecy.play(i, seed + i, twin_every=twin_every)
            for k in ("games", "actions", "events"):
                out[k] += got[k]
            if i < images:
                cfg = secrecy.config_of(i)
                _, actions = random_game(cfg, seed + i)
                s, _ = engine.new_game(cfg, seed + i)
                points = {1, len(actions) // 3, (2 * len(actions)) // 3, len(actions) - 2}
                for k, a in enumerate(actions):
                    if k in points:
                        out["images"] += secrecy.images(s)
                    s = engine.apply(s, a).state
        except secrecy.Leak as e:
            out["leaks"].append(f"game {i} (seed {seed + i}): {e}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/secrecy_run.py", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--twin-every", type=int, default=1)
    ap.add_argument("--images", type=int, default=20, help="games whose images are compared")
    args = ap.parse_args(argv)
    chunk = 50
    jobs = [(a, min(args.games, a + chunk), args.seed, args.twin_every, args.images)
            for a in range(0, args.games, chunk)]
    total = {"games": 0, "actions": 0, "events": 0, "images": 0, "leaks": []}
    t0 = time.perf_counter()
    if args.procs > 1 and len(jobs) > 1:
        import multiprocessing as mp
        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(args.procs) as pool:
            parts = list(pool.imap_unordered(run_chunk, jobs))
    else:
        parts = [run_chunk(j) for j in jobs]
    for part in parts:
        for k in total:
            total[k] += part[k]
    dt = time.perf_counter() - t0
    print(f"secrecy: {total['games']} games, {total['actions']} actions, {total['events']} events checked "
          f"for every viewer; {total['images']} images compared; {len(total['leaks'])} leaks "
          f"({dt:.0f} s)")
    for leak in total["leaks"][:20]:
        print("LEAK", leak)
    return 1 if total["leaks"] else 0


if __name__ == "__main__":
    sys.exit(main())
