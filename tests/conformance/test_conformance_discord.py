"""The conformance suite, what Discord shows: every panel, private decision and a seat's own things fits
Discord (25 options a menu, texts and custom ids within their limits; a Components V2 message with its
picture: 40 components and 4,000 characters of text, as discord.py counts them) and offers
only legal moves; every picture it shows a player (the chapter's, the table, a seat's own, a decision's,
the results, the replay, the coach's chart) is under 200 KB with no essential text under 9 px when a
phone shows it 400 px wide and no character its font has no glyph for (an empty box); every text of the
game is in every language."""

import importlib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from PIL import Image

import i18n
import render
from conformance.games import config_of, every_game, keys, specs, table_for, walk
from engine import chapters, record, registry, views
from engine.moves import BadMove, Move
from engine.protocol import Button, Menu, Message
from render import named
from ui import components, messages, v2

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
    problems = components.problems(msg.controls, gid, state["seq"], rows_of_five=False)
    problems += v2.limits(messages.kwargs(msg, gid, state["seq"], "A note under it.", "the timer's line",
                                          v2.Shown("picture.png", "alt", b"png"))["view"])
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
    rules = game.rules
    checked = 0
    for spec in specs(game)[:4]:
        table = table_for(spec.players)
        for step in walk(game, spec):
            if step.index % 4:
                continue
            s = step.before
            shown = [views.panel(game, table, s)]
            for seat in rules.deciders(s):
                d = views.decision(game, table, s, seat)
                if d is not None:
                    shown.append(d)
                    picks = [a[2:] for a in acts_of(d) if a.startswith("k:")]
                    if picks:
                        again = views.decision(game, table, s, seat, picks[:1])
                        assert again is not None
                        shown.append(again)
                mine = views.mine(game, table, s, seat)
                if mine is not None:
                    shown.append(mine)
            for msg in shown:
                assert check_message(game, msg, s, table.id) == []
                messages.kwargs(msg, table.id, s["seq"])  # discord.py builds it (it raises past its limits)
                checked += 1
    assert checked >= 2 * len(specs(game)[:4])  # a panel and a decision at least, per game


def readable(data: bytes, what: str) -> list[str]:
    """What is wrong with a picture a player is shown: over the budget, or silent about its smallest
    essential text, or that text under 9 px when a phone shows the picture 400 px wide."""
    width = Image.open(io.BytesIO(data)).width
    smallest = render.min_text_px(data)
    if smallest is None:
        return [f"{what}: it does not say its smallest essential text (draw it with render.canvas)"]
    problems = []
    if smallest * 400 / width < 9 - 1e-6:
        problems.append(f"{what}: text of {smallest} px on {width} px is {smallest * 400 / width:.1f} px at 400 px")
    return problems


def drawable(data: bytes, what: str) -> list[str]:
    """What is wrong with a picture that draws characters its fonts have no glyph for (each shows as an
    empty box): which ones (render.missing_glyphs, written by the kit as it draws)."""
    lacking = render.missing_glyphs(data)
    if not lacking:
        return []
    return [f"{what}: draws characters its font has no glyph for (empty boxes): {render.glyphs.describe(lacking)}"]


def pictures_shown(game, spec, pictures, replay: bool) -> Iterator[tuple[str, bytes]]:
    """Every kind of picture the game shows a player in a random game: after each chapter the chapter's
    picture, the table (for everyone, and marked for one seat in turn) and one seat's own things; the
    pictures its panel, decisions and own-things messages carry, every few steps; at the end the results,
    every seat's own things and (replay=True: they are slow) the replay and, with a coach, the review
    chart of one seat."""
    show, rules = game.show, game.rules
    table = table_for(spec.players)
    state = ids = None
    chapter = 0
    for step in walk(game, spec):
        state, ids = step.after, (ids or []) + [step.action.id]
        if step.index % 29 == 0:
            s = step.before
            shown = [views.panel(game, table, s)] + [views.mine(game, table, s, seat) for seat in rules.deciders(s)[:1]]
            shown += [views.decision(game, table, s, seat) for seat in rules.deciders(s)]
            for msg in shown:
                if msg is not None and msg.picture is not None:
                    yield f"{msg.picture.name} picture of a message", named.draw(game.pictures, msg.picture.name,
                                                                                 *msg.picture.args)
        if chapters.crossing(show, step.events):
            chapter += 1
            seat = chapter % spec.players
            yield "round", named.draw(game.pictures, "round", *views.round_args(
                game, state, ["Who did what.", "Then a second line of the story."]))
            if chapter % 2:
                yield "table", named.draw(game.pictures, "table", *views.table_args(game, state, None))
            yield "table for a seat", named.draw(game.pictures, "table", *views.table_args(game, state, seat))
            yield "mine", named.draw(game.pictures, "mine", *views.mine_args(game, state, seat))
    assert state is not None and ids is not None
    yield "results", named.draw(game.pictures, "results", *views.results_args(game, state))
    scoring = named.draw(game.pictures, "scoring", *views.results_args(game, state))
    assert isinstance(scoring, list) and len(scoring) <= 10  # (one gallery: ui/v2.py GALLERY_MAX)
    for k, png in enumerate(scoring, start=1):
        yield f"scoring picture {k}", png
    for seat in range(spec.players):
        yield "mine at the end", named.draw(game.pictures, "mine", *views.mine_args(game, state, seat))
    if not replay:
        return
    config = config_of(game, spec)
    rec = record.make(game, config, spec.seed, ids, [p for p in table.names], state)
    yield "replay", named.draw(game.pictures, "replay", rec)
    if game.coach is not None and hasattr(pictures, "review"):
        review = game.coach.finish(config, spec.seed, ids, 0, [])
        players = [{"seat": s, "name": n} for s, n in enumerate(table.names)]
        yield "review", pictures.review(players, review["curve"], 0, [(0, 1), (len(review["curve"]) - 1, 2)])


@pytest.mark.parametrize("key", GAMES)
def test_every_picture_is_small_and_readable_on_a_phone(key):
    """Every picture any game shows (engine/protocol.py Pictures: round, table, mine, results, replay; and
    a message's decision picture, the coach's chart) is within render.BUDGET bytes (an animation: that
    a frame) with no essential text under 9 px when a phone shows it 400 px wide, and draws no character
    its font lacks."""
    game = game_of(key)
    pictures = importlib.import_module(game.pictures)
    kinds: dict[str, int] = {}
    problems: list[str] = []
    for i, spec in enumerate(specs(game)[:3]):
        for what, data in pictures_shown(game, spec, pictures, i == 0):
            with Image.open(io.BytesIO(data)) as img:
                frames = getattr(img, "n_frames", 1)
            if len(data) > render.BUDGET * frames:
                problems.append(f"{what}: {len(data)} bytes ({frames} frames)")
            problems += readable(data, what) + drawable(data, what)
            kinds[what] = kinds.get(what, 0) + 1
    assert not problems, problems[:10]
    assert {"round", "table", "table for a seat", "mine", "results", "replay"} <= set(kinds), kinds
    assert kinds["round"] >= 6


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
