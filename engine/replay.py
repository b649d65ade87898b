"""Re-plays a game record offline and checks it reproduces the recorded results; draws it.

    python -m engine.replay FILE [--out DIR]

FILE is the JSON record a finished game's `/play replay` attaches (engine/record.py). With --out, the game's
replay animation and its results picture are written to DIR (drawn by the game's own pictures, loaded for
this command only). Exit status 1 when the record does not check."""

import argparse
import importlib
import json
import sys
from pathlib import Path

from .record import RecordError, check, game_of


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.replay", description=__doc__.split("\n")[0])
    ap.add_argument("file", type=Path, help="a game record (JSON)")
    ap.add_argument("--out", type=Path, help="write the game's pictures to this folder")
    args = ap.parse_args(argv)
    try:
        record = json.loads(args.file.read_text(encoding="utf-8"))
        state = check(record)
        game = game_of(record)
    except (OSError, json.JSONDecodeError, RecordError) as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 1
    names = record.get("names") or [f"seat {i + 1}" for i in range(len(game.rules.results(state)))]
    ranked = sorted(game.rules.results(state), key=lambda r: (r.rank, r.seat))
    print(f"{args.file}: {game.name}, {len(record['actions'])} actions replayed; the recorded results are "
          "reproduced:")
    for r in ranked:
        print(f"  {r.rank}. {names[r.seat]}: {r.total}" + (" (winner)" if r.winner else ""))
    if args.out:
        pictures = importlib.import_module(game.pictures)  # the game's pictures: not a rules dependency
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "replay.webp").write_bytes(pictures.replay(record))
        (args.out / "results.png").write_bytes(pictures.results(state))
        print(f"wrote replay.webp and results.png to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
