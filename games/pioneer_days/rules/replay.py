"""Re-plays a game record offline and checks it reproduces the recorded results; writes its images.

    python -m engine.replay FILE [--out DIR]

FILE is the JSON record a finished game's `/pioneer replay` attaches (engine/record.py). With --out, the
images of every day and the results are written to DIR (drawn by render/, which the engine itself never
imports: it is loaded here, for this command only). Exit status 1 when the record does not check.

(This module shares its name with the engine's replay function, engine.replay(config, seed, actions): once
this module is imported, `engine.replay` is this module, so it stays callable as that function.)"""

import argparse
import importlib
import json
import sys
import types
from pathlib import Path

from . import api
from .record import RecordError, check


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.replay", description=__doc__.split("\n")[0])
    ap.add_argument("file", type=Path, help="a game record (JSON)")
    ap.add_argument("--out", type=Path, help="write the game's images to this folder")
    args = ap.parse_args(argv)
    try:
        record = json.loads(args.file.read_text(encoding="utf-8"))
        state = check(record)
    except (OSError, json.JSONDecodeError, RecordError) as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 1
    names = record.get("names") or [p["name"] for p in state["players"]]
    ranked = sorted(state["result"], key=lambda r: (r["rank"], r["seat"]))
    print(f"{args.file}: {len(record['actions'])} actions replayed; the recorded results are reproduced:")
    for r in ranked:
        print(f"  {r['rank']}. {names[r['seat']]}: {r['total']} VP" + (" (winner)" if r["winner"] else ""))
    if args.out:
        images = importlib.import_module("games.pioneer_days.pictures.replay")  # the pictures: not a rules dependency
        written = images.write_images(record, args.out)
        print(f"wrote {len(written)} images to {args.out}")
    return 0


class _CallableModule(types.ModuleType):
    """engine.replay stays the engine's replay function after this module is imported (see above)."""

    def __call__(self, *args, **kwargs):
        return api.replay(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule

if __name__ == "__main__":
    sys.exit(main())
