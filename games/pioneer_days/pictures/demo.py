"""One game of easy AIs, every image of it (README pictures with --docs): `python -m games.pioneer_days.pictures.demo`.

Writes the day image after every day (with a few lines saying what happened, as the bot would),
the table at the end of every day (and at the start, at each disaster and town visit), the wagon
image of every player at the end of each week, and the final results."""

import argparse
from pathlib import Path

import games.pioneer_days.rules as engine
from games.pioneer_days.ai import choose
from games.pioneer_days.rules import words
from i18n import LOCALES, use

from ..lang import _, n_
from . import day_png, results_png, table_png, wagon_png
from .rich import EMOJI
from .style import DICE

NAMES = ["Annie Oakley", "Buck", "Calamity Jane", "Doc Holliday"]
SQUARE = {colour: emoji for emoji, colour in EMOJI.items()}


def day_lines(events: list, s: dict) -> list[str]:
    """A few sentences about a day's events, for the day image (the bot writes its own)."""
    names = [p["name"] for p in s["players"]]
    out = []
    for e in events:
        t = e["type"]
        if t == "disaster_advanced" and e["why"] == "leftover":
            c = e["colour"]
            left = " ".join((SQUARE[c], DICE[c]["letter"]))
            out.append(_("Day over: the {die} die was left.", die=left))
        elif t == "disaster_advanced":
            out.append(_("After week 4 every marker moves once more."))
        elif t == "disaster_triggered":
            hit = [names[r["seat"]] for r in e["players"] if not r.get("immune")]
            out.append(n_("{disaster} struck {n} player.", "{disaster} struck {n} players.", len(hit),
                          disaster=words.disaster(e["disaster"])))
        elif t == "town_visited":
            fav = sum(r["favors"] for r in e["players"])
            out.append(n_("Town visit: {n} favor won.", "Town visit: {n} favors won.", fav))
        elif t == "game_over":
            out.append(_("Game over: {names} won.", names=" & ".join(names[w] for w in e["winners"])))
    return out[-4:]


def play(players: int, seed: int, out: Path, sets=("A", "B"), pioneers: str = "unique") -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    s, _events = engine.new_game({"players": players, "sets": list(sets), "pioneers": pioneers,
                                  "names": NAMES[:players]}, seed)
    written: list[Path] = []

    def write(name: str, data: bytes) -> None:
        path = out / name
        path.write_bytes(data)
        written.append(path)

    write("table_start.png", table_png(s))
    events: list = []
    while not engine.is_over(s):
        before = (s["week"], s["day"], s["stage"])
        r = engine.apply(s, _choose(s, seed))
        if not r.ok:
            raise RuntimeError(f"a legal action was refused: {r.reason}")
        s = r.state
        events += [engine.public_event(e) for e in r.events]
        after = (s["week"], s["day"], s["stage"])
        if after[2] != before[2] and after[2] in ("disaster", "town"):
            write(f"table_w{s['week']}d{s['day']}_{after[2]}.png", table_png(s))
        if before[0] and ((before[0], before[1]) != (after[0], after[1]) or after[2] == "over"):
            # a day has ended: its picture (the day as it ended), the table as it stands now (the next day's dice
            # are already rolled)
            write(f"day_w{before[0]}d{before[1]}.png", day_png(s, day_lines(events, s)))
            events = []
            write(f"table_w{before[0]}d{before[1]}_after.png", table_png(s))
            if before[0] != after[0] or after[2] == "over":
                for seat in range(players):
                    write(f"wagon_w{before[0]}_p{seat + 1}.png", wagon_png(s, seat))
    write("results.png", results_png(s))
    return written


def docs(out: Path, seed: int = 3) -> None:
    """The README examples: a 4-player table in week 3 (a die in use), the day image posted after
    a day of week 3, and the final results."""
    s, _events = engine.new_game({"players": 4, "sets": ["A", "B"], "pioneers": "unique", "names": NAMES},
                                 seed)
    shot = day_shot = None
    events: list = []
    while not engine.is_over(s):
        before = (s["week"], s["day"])
        r = engine.apply(s, _choose(s, seed))
        if not r.ok:
            raise RuntimeError(f"a legal action was refused: {r.reason}")
        s = r.state
        events += [engine.public_event(e) for e in r.events]
        busy = s["stage"] == "turn" and s["step"] == "use" and len(s["pool"]) < 3
        if shot is None and s["week"] == 3 and busy:
            shot = table_png(s)
        if (s["week"], s["day"]) != before:
            if day_shot is None and before == (3, 2):
                day_shot = day_png(s, day_lines(events, s))
            events = []
    out.mkdir(parents=True, exist_ok=True)
    (out / "table.png").write_bytes(shot or table_png(s))
    (out / "day.png").write_bytes(day_shot or day_png(s))
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
    ap.add_argument("--docs", action="store_true", help="write the README images table.png, day.png, results.png")
    ap.add_argument("--lang", default="en", choices=LOCALES, help="the language of every word drawn")
    args = ap.parse_args(argv)
    with use(args.lang):
        if args.docs:
            docs(args.out, args.seed)
            print(f"wrote table.png, day.png and results.png to {args.out}")
            return
        paths = play(args.players, args.seed, args.out, args.sets.split(","))
    print(f"wrote {len(paths)} images to {args.out}")


if __name__ == "__main__":
    main()
