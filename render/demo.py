"""Play one game of easy AIs and write its images: `python -m render.demo --players 4 --seed 3 --out DIR`.

Writes the table at the end of every day (and at the start, at each disaster and town visit),
the wagon image of every player at the end of each week, and the final results."""

import argparse
from pathlib import Path

import engine
from engine.ai import choose

from . import results_png, table_png, wagon_png

NAMES = ["Annie Oakley", "Buck", "Calamity Jane", "Doc Holliday"]


def play(players: int, seed: int, out: Path, sets=("A", "B"), pioneers: str = "unique") -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    s, _ = engine.new_game({"players": players, "sets": list(sets), "pioneers": pioneers,
                            "names": NAMES[:players]}, seed)
    written: list[Path] = []

    def write(name: str, data: bytes) -> None:
        path = out / name
        path.write_bytes(data)
        written.append(path)

    write("table_start.png", table_png(s))
    while not engine.is_over(s):
        before = (s["week"], s["day"], s["stage"])
        s = engine.apply(s, _choose(s, seed)).state
        after = (s["week"], s["day"], s["stage"])
        if after[2] != before[2] and after[2] in ("disaster", "town"):
            write(f"table_w{s['week']}d{s['day']}_{after[2]}.png", table_png(s))
        if before[0] and ((before[0], before[1]) != (after[0], after[1]) or after[2] == "over"):
            # a day has ended: the table as it stands now (the next day's dice are already rolled)
            write(f"table_w{before[0]}d{before[1]}_after.png", table_png(s))
            if before[0] != after[0] or after[2] == "over":
                for seat in range(players):
                    write(f"wagon_w{before[0]}_p{seat + 1}.png", wagon_png(s, seat))
    write("results.png", results_png(s))
    return written


def docs(out: Path, seed: int = 3) -> None:
    """The README examples: a 4-player table in week 3 (a die in use) and the final results."""
    s, _ = engine.new_game({"players": 4, "sets": ["A", "B"], "pioneers": "unique", "names": NAMES}, seed)
    shot = None
    while not engine.is_over(s):
        s = engine.apply(s, _choose(s, seed)).state
        busy = s["stage"] == "turn" and s["step"] == "use" and len(s["pool"]) < 3
        if shot is None and s["week"] == 3 and busy:
            shot = table_png(s)
    out.mkdir(parents=True, exist_ok=True)
    (out / "table.png").write_bytes(shot or table_png(s))
    (out / "results.png").write_bytes(results_png(s))


def _choose(s: dict, seed: int):
    """Every seat is an easy AI, so the pictures look like a real game."""
    return choose(s, engine.deciders(s)[0], "easy", seed=seed)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--out", type=Path, default=Path("out/demo"))
    ap.add_argument("--sets", default="A,B", help="townsfolk sets, e.g. A,B or C,E")
    ap.add_argument("--docs", action="store_true", help="write the README images table.png and results.png")
    args = ap.parse_args(argv)
    if args.docs:
        docs(args.out, args.seed)
        print(f"wrote table.png and results.png to {args.out}")
        return
    paths = play(args.players, args.seed, args.out, args.sets.split(","))
    print(f"wrote {len(paths)} images to {args.out}")


if __name__ == "__main__":
    main()
