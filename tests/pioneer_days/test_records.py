"""The records the channel keeps: one per panel, each holding its own events only (engine/chapters.py, cut by
Pioneer Days' Show.chapter)."""

import random

from simharness import controls, message, play_step, start_game, table
from simharness import text as shown

import games.pioneer_days.rules as engine
from engine import chapters
from games.pioneer_days import narrate
from games.pioneer_days.show import SHOW


def records(start, rows):
    return chapters.cut(SHOW, chapters.story(start, rows))


def played(seed: int, players: int = 3):
    """(start events, log rows like the store's) of a random game."""
    rnd = random.Random(seed)
    state, start = engine.new_game({"players": players}, seed)
    rows = []
    while state["stage"] != "over":
        a = rnd.choice(engine.legal_actions(state))
        r = engine.apply(state, a)
        rows.append({"seq": state["seq"], "events": [engine.public_event(e) for e in r.events]})
        state = r.state
    return [engine.public_event(e) for e in start], rows


def test_each_record_holds_one_day_and_nothing_is_lost():
    games = days_checked = 0
    for seed in range(5):
        start, rows = played(seed)
        recs = records(start, rows)
        flat = [e for r in recs for e in r.events]
        assert flat == start + [e for r in rows for e in r["events"]]  # every event once, in order
        days = [r for r in recs if any(e["type"] == "day_started" for e in r.events)]
        assert len(days) == 20
        for r in days:
            started = [e for e in r.events if e["type"] == "day_started"]
            assert len(started) == 1  # one day per record: the next day's start is not in it
            day = started[0]
            assert SHOW.heading(r.facts) == f"Week {day['week']}, day {day['day']}"
            ends = [e for e in r.events if e["type"] == "disaster_advanced" and e["why"] == "leftover"]
            assert len(ends) == 1 and r.events[-1]["type"] not in ("week_started", "day_started")  # ends with the day
            days_checked += 1
        assert all(r.close_seq is not None for r in recs[:-1])
        games += 1
    assert games == 5 and days_checked == 5 * 20


def test_the_record_an_action_closed():
    start, rows = played(3, 2)
    recs = records(start, rows)
    ends = [r["seq"] for r in rows if any(e["type"] == "disaster_advanced" and e["why"] == "leftover"
                                          for e in r["events"])]
    assert len(ends) == 20
    for seq in ends:
        rec = chapters.closed_before(recs, seq + 1)
        assert rec is not None and rec.close_seq == seq and rec.ended
        assert rec.events[-1]["type"] in ("disaster_advanced", "day_started", "disaster_triggered", "town_visited",
                                          "week_started", "game_over")
        lines = narrate.lines(rec.events, ["a", "b"])
        assert sum(1 for x in lines if x.startswith("Day ") and "starts" in x) == 1


async def test_a_frozen_panel_is_the_record_of_its_day_only(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    while (g := await bot.store.open_game_in_channel(channel.id)).state["day"] < 3:
        assert await play_step(env, bot, channel, actors)
    frozen = [m for m in channel.history() if "## Week 1, day 1\n" in shown(m)]
    assert len(frozen) == 1 and not controls(frozen[0])
    text = shown(frozen[0]).split("## Week 1, day 1\n")[1].split("\n-# ")[0]  # (its lines, under its heading)
    assert "Day 1:" in text and "Day 2:" not in text and "Day over" in text
    assert all(line.startswith("• ") for line in text.split("\n"))
    res = await actors[0].slash(channel, "pioneer log", count=30)
    log = res.response.content
    assert log.startswith("**Week 1, day 1**") and "**Week 1, day 2**" in log  # all of it, under headings
    res = await actors[0].slash(channel, "pioneer log", count=5)
    assert res.response.content.count("• ") == 5 and res.response.content.startswith("**Week 1, day")
    assert controls(message(env, channel, g.panel_message_id))  # the live panel is not frozen
    assert narrate.LETTER["black"] == "K"
