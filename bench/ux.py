"""How the game feels on a phone, measured by playing whole games through the bot (SimCord, real renderer).

    .venv/bin/python bench/ux.py [--games 3] [--players 3] [--seed 1]

Each person plays like the easy AI (its whole-turn line, with its noise), and does it the quickest way
the panel allows: one choice from the "take a die and use it" menu when that line is offered there,
else the die button, then the use (and the face change first, if the line turns the die). A menu choice
counts as one click (one interaction), as a button does.

Prints: clicks per turn (median, p90); public messages left in the channel per day without a disaster
(target <= 2) and per day with one, and per game (target <= 30); in a solo game with three easy AIs, the
message edits per AI turn and the processing time of the person's turn until their next decision; bytes
per day image (target <= 150 KB); the smallest essential text of the day image in px when Discord shows it
400 px wide (target >= 9); the day image's render time."""

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import simcord  # noqa: E402
from simharness import buttons, first_choice, message, pick, start_game  # noqa: E402

import games.pioneer_days.pictures as render  # noqa: E402
import games.pioneer_days.rules as engine  # noqa: E402
from bot import GameBot, Settings  # noqa: E402
from engine import rng  # noqa: E402
from engine.moves import Move  # noqa: E402
from games.pioneer_days import plans  # noqa: E402
from games.pioneer_days.ai.determinize import determinize  # noqa: E402
from games.pioneer_days.ai.heuristic import GUARD, NOISE, ranked  # noqa: E402


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def easy_line(state: dict, seat: int, seed: int) -> list[str]:
    """The easy AI's whole line for this decision (action ids), chosen with its own noise."""
    gen = {"rng": rng.seed_state(seed * 1000003 + state["seq"] * 31 + seat)}
    det = determinize(state, seat, gen)
    lines = ranked(det, seat)
    top = lines[0][1]
    best, score = None, None
    for line, v in lines:
        if v < top - GUARD:
            continue
        noisy = v + NOISE * (2 * rng.below(gen, 1001) / 1000 - 1)
        if score is None or noisy > score:
            best, score = line, noisy
    return [a.id for a in best]


def matches(state: dict, value: str, line: list[str]) -> bool:
    """Whether a menu value / button move does the line (a plan may also end the turn after it)."""
    move = Move.parse(value[2:] if value.startswith("m:") else value)
    try:
        ids = plans.expand(state, move)
    except Exception:
        return False
    return ids[:len(line)] == line or line[:len(ids)] == ids and len(ids) >= len(line)


async def play_turn(env, bot, channel, actor, game, seed) -> int:
    """Plays the turn's player's line through the panel; returns the clicks it took."""
    clicks = 0
    line = easy_line(game.state, game.state["turn"], seed)
    while True:
        g = await bot.store.open_game_in_channel(channel.id)
        if g is None or g.state["stage"] != "turn" or g.state["turn"] != game.state["turn"] \
                or (g.state["week"], g.state["day"]) != (game.state["week"], game.state["day"]):
            return clicks
        done = g.seq - game.seq
        rest = line[done:] if done < len(line) else []
        panel = message(env, channel, g.panel_message_id)
        choice = None
        for c in buttons(panel):
            opts = c["options"] if c["type"] == 3 else [(c["label"], c["custom_id"].split(":", 3)[3])] \
                if c["custom_id"] and c["custom_id"].startswith("pm:") else []
            for label, value in opts:
                if rest and matches(g.state, value, rest):
                    choice = (c["custom_id"], label, value if c["type"] == 3 else None)
                    break
            if choice:
                break
        if choice is None:  # not offered as one control: the first step alone
            step = rest[0] if rest else None
            for c in buttons(panel):
                if c["custom_id"] and c["custom_id"].startswith("pm:") and step and \
                        c["custom_id"].split(":", 3)[3] == step:
                    choice = (c["custom_id"], c["label"], None)
                    break
                if c["type"] == 3 and step:
                    hit = [o for o in c["options"] if o[1] == "m:" + step]
                    if hit:
                        choice = (c["custom_id"], hit[0][0], hit[0][1])
                        break
        if choice is None:
            choice = first_choice(panel)
        await pick(actor, panel, choice)
        clicks += 1


async def decide(env, bot, channel, people, game) -> list[int]:
    """Every person with a simultaneous decision: Decide, then the first (likely) choice; the clicks of
    each."""
    n = []
    by_user = {a.id: a for a in people}
    for seat in engine.deciders(game.state):
        g = await bot.store.open_game_in_channel(channel.id)
        if g is None or seat not in engine.deciders(g.state):
            continue
        actor = by_user[g.user_at(seat)]
        res = await actor.click(message(env, channel, g.panel_message_id), label="Decide (private)")
        c = first_choice(res.response.message)
        await pick(actor, res.response, c)
        n.append(2)
    return n


async def one_game(seed: int, players: int) -> dict:
    tmp = tempfile.TemporaryDirectory()
    bot = GameBot(Settings(database_path=f"{tmp.name}/data/ux.sqlite3", sync=True, ai_processes=0, ai_pause=0))
    turns, decisions = [], []
    async with simcord.run(bot, settle_timeout=120) as env:
        guild = env.create_guild()
        people = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cy", "dee")[:players]]
        channel = guild.create_text_channel("table")
        await start_game(env, channel, people)
        by_user = {a.id: a for a in people}
        while (game := await bot.store.open_game_in_channel(channel.id)) is not None:
            if game.state["stage"] == "turn":
                turns.append(await play_turn(env, bot, channel, by_user[game.user_at(game.state["turn"])],
                                             game, seed))
            else:
                decisions += await decide(env, bot, channel, people, game)
        hist = channel.history()
        images = [m for m in hist if m.attachments and m.attachments[0].filename == "round.png"]
        sizes = [len(await m.attachments[0].read()) for m in images]
        per_day, current, disaster = [], 0, False
        for m in hist:  # messages left, attributed to the day whose image opened them
            opens = m.attachments and "begins" in (m.content or "")
            if opens and current:
                per_day.append((current, disaster))
                current, disaster = 0, False
            current += 1
            if m.embeds and any(w in (m.embeds[0].title or "") for w in ("Storm", "Raid", "Famine", "Disease")):
                disaster = True
            if m.attachments and "End of" in (m.content or "") and "begins" not in (m.content or ""):
                disaster = True  # the day's end was shown apart: a decision came between
        per_day.append((current, disaster))
        await bot.store.close()
    tmp.cleanup()
    return {"turns": turns, "decisions": decisions, "per_day": per_day, "sizes": sizes}


async def solo_game(seed: int, ais: int = 3) -> dict:
    """One person and `ais` easy AIs: the message edits per AI turn, the AI steps per turn, and the wall
    time of each of the person's turns until their next decision is on the panel (the AIs' turns processed
    meanwhile; AI_PAUSE 0 here: its pauses are counted apart, one per pause the bot takes)."""
    tmp = tempfile.TemporaryDirectory()
    bot = GameBot(Settings(database_path=f"{tmp.name}/data/ux.sqlite3", sync=True, ai_processes=0, ai_pause=0))
    edits = turns = steps = 0
    waits = []
    async with simcord.run(bot, settle_timeout=120) as env:
        guild = env.create_guild()
        ann = guild.add_member(env.create_user("ann"))
        channel = guild.create_text_channel("solo")
        lobby = (await ann.slash(channel, "pioneer new", where="channel")).response
        for _ in range(ais):
            await ann.click(lobby, label="Add AI (easy)")
        await ann.click(lobby, label="Start the game")
        while (game := await bot.store.open_game_in_channel(channel.id)) is not None:
            before, seq = len(env.http_requests), game.seq
            t0 = time.perf_counter()
            if game.state["stage"] == "turn":
                await play_turn(env, bot, channel, ann, game, seed)
            else:
                await decide(env, bot, channel, [ann], game)
            waits.append(time.perf_counter() - t0)
            rows = [r for r in await bot.store.actions(game.id) if r["seq"] >= seq and r["seat"] != 0]
            steps += len(rows)
            turns += sum(1 for i, r in enumerate(rows)
                         if i == 0 or (r["seat"], r["stage"]) != (rows[i - 1]["seat"], rows[i - 1]["stage"]))
            edits += sum(1 for r in env.http_requests[before:]
                         if r.method == "PATCH" and r.path.startswith("/channels/"))
        await bot.store.close()
    tmp.cleanup()
    return {"edits": edits, "turns": turns, "steps": steps, "waits": waits}


def image_figures(seed: int, players: int) -> tuple[list, list]:
    """(smallest essential text px at 400 px wide, render ms) of day images along a random game."""
    import random
    rnd = random.Random(seed)
    state, _ = engine.new_game({"players": players}, seed)
    px, ms = [], []
    while state["stage"] != "over":
        if state["stage"] == "turn" and state["turns_left"] == players and state["step"] == "pick":
            t0 = time.perf_counter()
            img = render.day_image(state, ["Storm: ann -1 wood; bob wagon 1 damaged (-2 VP).",
                                           "Day 3: bob starts. Dice: 🟦 B Wood, 🟥 R Mine."])
            render._png(img)
            ms.append((time.perf_counter() - t0) * 1000)
            px.append(img.info["min_text_px"] * 400 / img.width)
        state = engine.apply(state, rnd.choice(engine.legal_actions(state))).state
    return px, ms


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    turns, decisions, days, sizes = [], [], [], []
    for g in range(args.games):
        r = asyncio.run(one_game(args.seed + g, args.players))
        turns += r["turns"]
        decisions += r["decisions"]
        days += r["per_day"]
        sizes += r["sizes"]
    px, ms = image_figures(args.seed, args.players)
    solo = asyncio.run(solo_game(args.seed))
    calm = [n for n, d in days if not d]
    stormy = [n for n, d in days if d]
    print(f"phone UX: {args.games} games of {args.players} people playing like the easy AI, seeds {args.seed}..")
    print(f"clicks per turn: median {statistics.median(turns):.1f}, p90 {pct(turns, 90):.0f}, "
          f"mean {statistics.mean(turns):.2f} over {len(turns)} turns (target: median <= 1.5)")
    print(f"clicks per simultaneous decision (Decide + choice): median {statistics.median(decisions):.0f} "
          f"over {len(decisions)} decisions")
    print(f"public messages left per day without a disaster: median {statistics.median(calm):.0f}, "
          f"max {max(calm)} (target <= 2); with one: median {statistics.median(stormy) if stormy else 0:.0f}, "
          f"max {max(stormy) if stormy else 0}")
    print(f"public messages left per game: {len(days) and round(sum(n for n, _d in days) / args.games)} "
          f"(target <= 30)")
    per_turn = solo["steps"] / max(1, solo["turns"])
    print(f"solo (1 person, 3 easy AIs): {solo['edits'] / max(1, solo['turns']):.2f} message edits per AI turn "
          f"({solo['turns']} turns of {per_turn:.2f} steps each); the person's turn until their next decision: "
          f"median {statistics.median(solo['waits']) * 1000:.0f} ms of processing, p90 "
          f"{pct(solo['waits'], 90) * 1000:.0f} ms, plus AI_PAUSE once per AI turn")
    print(f"day image: median {statistics.median(sizes) / 1000:.0f} KB, max {max(sizes) / 1000:.0f} KB "
          f"(target <= 150 KB); smallest essential text at 400 px wide: {min(px):.1f} px (target >= 9); "
          f"render median {statistics.median(ms):.0f} ms, p90 {pct(ms, 90):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
