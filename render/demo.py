"""Play one game of AIs and write its pictures, as the channel would show them, for any game the bot hosts:

    python -m render.demo [--game KEY] --players 4 --seed 3 --out DIR [--lang es] [--level easy]

After each chapter (a day, a round, a hand: the game's Show.chapter) the chapter's picture with the lines the
bot would write under it, and the full table; at the end the results. Every seat is the game's AI at
`--level` (its first level by default), so the pictures look like a real game."""

import argparse
from pathlib import Path

from engine import chapters, registry, views
from engine.protocol import Game
from i18n import LOCALES, use
from render import named


def play(game: Game, players: int, seed: int, out: Path, level: str | None = None) -> list[Path]:
    rules, show = game.rules, game.show
    names = ["Annie", "Buck", "Calamity", "Doc"][:players] + [f"P{i + 1}" for i in range(4, players)]
    level = level or game.ai_levels[0]
    state, events = rules.new_game(rules.config({o.key: o.default for o in game.options}, names), seed)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def write(name: str, data: bytes) -> None:
        path = out / name
        path.write_bytes(data)
        written.append(path)

    story = [rules.public_event(e, None) for e in events]
    chapter = 0
    def draw(name: str, args: tuple) -> bytes:
        return named.draw(game.pictures, name, *args)

    write("table_start.png", draw("table", views.table_args(game, state, None)))
    while not rules.is_over(state):
        seat = rules.deciders(state)[0]
        r = rules.apply(state, game.ai.choose(views.of(game, state, seat), seat, level, seed).id)
        if not r.ok:
            raise RuntimeError(f"a legal action was refused: {r.reason}")
        public = [rules.public_event(e, None) for e in r.events]
        crossed = chapters.crossing(show, public)
        state = r.state
        story += public
        if crossed.ended or crossed.started:
            chapter += 1
            write(f"round_{chapter:03}.png", draw("round", views.round_args(game, state, chapters.headlines(
                show, story, names))))
            write(f"table_{chapter:03}.png", draw("table", views.table_args(game, state, None)))
            story = []
    write("results.png", draw("results", views.results_args(game, state)))
    return written


def main(argv=None) -> None:
    keys = [g.key for g in registry.games()]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=keys, default=keys[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--level", help="the AI level of every seat (default: the game's first)")
    ap.add_argument("--out", type=Path, default=Path("out/demo"))
    ap.add_argument("--lang", default="en", choices=LOCALES, help="the language of every word drawn")
    args = ap.parse_args(argv)
    game = registry.game(args.game)
    low, high = game.players
    if not low <= args.players <= high:
        ap.error(f"{args.game} is for {low}-{high} players")
    with use(args.lang):
        paths = play(game, args.players, args.seed, args.out, args.level)
    print(f"wrote {len(paths)} images to {args.out}")


if __name__ == "__main__":
    main()
