"""The conformance suite, what Discord shows: every panel, private decision and a seat's own things fits
Discord (25 options a menu, texts and custom ids within their limits, 5 rows, 5 buttons a row) and offers
only legal moves; its public pictures are under 200 KB with no essential text under 9 px when a phone
shows them 400 px wide; every text of the game is in every language."""

import importlib
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import i18n
import render
from conformance.games import every_game, keys, specs, table_for, walk
from engine import registry
from engine.moves import BadMove, Move
from engine.protocol import Button, Menu, Message
from ui import components, messages

GAMES = keys()
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2)}
NAME = r"^[-_\w]{1,32}$"


def game_of(key):
    every_game()
    return registry.game(key)


def acts_of(msg: Message) -> list[str]:
    out = []
    for c in msg.controls:
        if isinstance(c, Button):
            out.append(c.act)
        elif isinstance(c, Menu):
            out += [i.act for i in c.items]
    return out


def check_message(game, msg: Message, state: dict, gid: int) -> list[str]:
    """What is wrong with one of the game's messages: Discord's limits, and moves it must not offer."""
    problems = components.problems(msg.controls, gid, state["seq"])
    if len(msg.content) > 2000:
        problems.append(f"content over 2000 characters ({len(msg.content)})")
    if msg.title is not None:
        if len(msg.title) > 256 or len(msg.body) > 4000 or len(msg.fields) > 25 or len(msg.footer) > 2048:
            problems.append("an embed past Discord's limits")
        problems += [f"field {n!r} past its limits" for n, v in msg.fields if len(n) > 256 or len(v) > 1024]
    legal = {a.id for a in game.rules.legal_actions(state)}
    for act in acts_of(msg):
        try:
            move = Move.parse(act)
        except BadMove:
            if not (act.startswith("k:") or act.isidentifier()):
                problems.append(f"a control's act is neither a move, a pick nor a verb: {act!r}")
            continue
        if move.kind == "action" and act not in legal:
            problems.append(f"offers {act!r}, not a legal action")
        if move.kind == "plan":
            try:
                game.rules.expand(state, move.seat, move.arg)
            except ValueError as e:
                problems.append(f"offers the plan {act!r}, which does not apply: {e}")
    return problems


@pytest.mark.parametrize("key", GAMES)
async def test_every_message_fits_discord_and_offers_only_legal_moves(key):
    game = game_of(key)
    show, rules = game.show, game.rules
    checked = 0
    for spec in specs(game)[:4]:
        table = table_for(spec.players)
        for step in walk(game, spec):
            if step.index % 4:
                continue
            s = step.before
            shown = [show.panel(table, s)]
            for seat in rules.deciders(s):
                d = show.decision(table, s, seat)
                if d is not None:
                    shown.append(d)
                    picks = [a[2:] for a in acts_of(d) if a.startswith("k:")]
                    if picks:
                        again = show.decision(table, s, seat, picks[:1])
                        assert again is not None
                        shown.append(again)
                shown.append(show.mine(table, s, seat))
            for msg in shown:
                assert check_message(game, msg, s, table.id) == []
                messages.kwargs(msg, table.id, s["seq"])  # discord.py builds it (it raises past its limits)
                checked += 1
    assert checked >= 3 * len(specs(game)[:4])  # a panel, a decision and a seat's own things at least, per game


@pytest.mark.parametrize("key", GAMES)
def test_public_pictures_are_small_and_readable_on_a_phone(key):
    game = game_of(key)
    pictures = importlib.import_module(game.pictures)
    import io

    from PIL import Image
    drawn = 0
    for spec in specs(game)[:3]:
        for step in walk(game, spec):
            m = game.show.marks(step.events, step.before)
            if not (m.ended or m.started or m.over):
                continue
            pngs = [pictures.round(step.after, ["Who did what.", "Then a second line of the story."])]
            if game.rules.is_over(step.after):
                pngs.append(pictures.results(step.after))
            for png in pngs:
                assert len(png) <= 200_000, f"a public picture of {len(png)} bytes"
                width = Image.open(io.BytesIO(png)).width
                smallest = render.min_text_px(png)
                assert smallest is not None, "a public picture must say its smallest essential text (render.canvas)"
                assert smallest * 400 / width >= 9, f"text of {smallest} px on {width} px: under 9 px at 400 px"
                drawn += 1
    assert drawn >= 6


def package_dir(game) -> Path:
    return Path(importlib.import_module(type(game.rules).__module__.rpartition(".")[0]).__file__).parent


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("lang", [x for x in i18n.LOCALES if x != i18n.DEFAULT])
def test_every_text_of_the_game_is_in_every_language(key, lang):
    game = game_of(key)
    found = [(msgid, ctx) for _f, _l, msgid, _c, ctx in
             extract_from_dir(package_dir(game), method_map=[("**.py", "python")], keywords=KEYWORDS)]
    assert len(found) >= 10
    assert game.texts.path(lang).is_file(), f"{game.key} has no {lang} catalogue ({game.texts.path(lang)})"
    missing = []
    with i18n.use(lang):
        for msgid, ctx in found:
            ids = msgid if isinstance(msgid, tuple) else (msgid,)
            if not game.texts.has(ids[0], plural=len(ids) > 1, context=ctx):
                missing.append(ids[0])
    assert not missing, f"{lang}: not in {game.key}'s catalogue: {missing[:10]}"
    import re
    with i18n.use(lang):
        for opt in game.options:
            assert re.match(NAME, game.texts._(opt.label)) and game.texts._(opt.label).lower() == \
                game.texts._(opt.label), "an option's name is a slash-command name in every language"
        assert len(game.texts._(game.summary)) <= 100, "the summary is a slash command's description"
