"""Every word in English, Spanish or Polish: complete catalogues, plurals, valid slash commands, each person's
private replies in their language and each game's public messages in the game's."""

import re
from pathlib import Path

import discord
import pytest
from simharness import CheapRenderer, message, play_step, private, speak, start_game, table
from simharness import text as shown_text

import i18n
from games.pioneer_days.lang import TEXTS as PD
from i18n import use

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord's rule for command and option names (letters of any script)


def catalogue_tool():
    """scripts/catalogues.py (the extract/check tool), loaded as a module."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "scripts" / "catalogues.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("lang", [x for x in i18n.LOCALES if x != "en"])
def test_every_text_is_translated_with_the_same_placeholders(lang):
    assert catalogue_tool().problems(lang) == []


@pytest.mark.parametrize("lang", [x for x in i18n.LOCALES if x != "en"])
def test_every_card_has_a_name_in_every_language(lang):
    from games.pioneer_days.rules import words
    from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
    names = words.NAMES[lang]
    for key, table_ in (("townsfolk", TOWNSFOLK), ("equipment", EQUIPMENT), ("towns", TOWNS), ("pioneers", PIONEERS)):
        assert set(names[key]) == set(table_)
    translated = sum(names[k][c] != t[c]["name"] for k, t in (("townsfolk", TOWNSFOLK), ("equipment", EQUIPMENT))
                     for c in t)
    assert translated >= 60, "most card names are translated, not copied"


def forms(lang: str, singular: str, plural: str) -> dict:
    with use(lang):
        return {n: PD.n_(singular, plural, n) for n in (0, 1, 2, 5, 22)}


def test_polish_plurals_have_three_forms():
    f = forms("pl", "{n} gold token", "{n} gold tokens")
    assert f[2].replace("2", "22") == f[22]  # 2 and 22 share a form
    assert f[5].replace("5", "0") == f[0]    # 5 and 0 share another
    assert f[1].replace("1", "5") != f[5] and f[2].replace("2", "5") != f[5]  # and 1 has its own: three forms
    assert all(str(n) in text for n, text in f.items())


def test_spanish_plurals():
    f = forms("es", "{n} gold token", "{n} gold tokens")
    assert f[1].replace("1", "2") != f[2]
    assert f[2].replace("2", "5") == f[5] and f[5].replace("5", "0") == f[0] and f[2].replace("2", "22") == f[22]


def test_other_locales_fall_back_to_english():
    assert i18n.supported("pt-BR") == "en" and i18n.supported("es-419") == "es" and i18n.supported("pl") == "pl"
    with use("fr"):
        assert PD.n_("{n} gold token", "{n} gold tokens", 2) == "2 gold tokens"


def test_a_missing_translation_falls_back_to_english_and_is_logged_once(caplog):
    with use("es"):
        assert i18n._("A text no catalogue has {x}", x=1) == "A text no catalogue has 1"
        i18n._("A text no catalogue has {x}", x=2)
    assert caplog.text.count("no es translation") == 1


async def test_slash_commands_are_valid_in_every_language(simcord_env, simcord_bot):
    from ui.translator import Translator
    bot = simcord_bot
    translator = Translator()
    checked = 0
    for command in bot.tree.get_commands():
        payload = await command.get_translated_payload(bot.tree, translator)
        stack = [payload]
        while stack:
            item = stack.pop()
            for lang, text in (item.get("name_localizations") or {}).items():
                assert NAME.match(text) and text == text.lower(), (lang, text)
                checked += 1
            for lang, text in (item.get("description_localizations") or {}).items():
                assert 1 <= len(text) <= 100, (lang, text)
            for choice in item.get("choices") or []:
                for lang, text in (choice.get("name_localizations") or {}).items():
                    assert 1 <= len(text) <= 100, (lang, text)
            stack += item.get("options") or []
    assert checked >= 2 * 15  # the group, its commands and options, in Spanish and Polish at least


async def test_a_spanish_player_in_an_english_game(simcord_env, simcord_bot, monkeypatch):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    speak(monkeypatch, users={actors[1].id: "es-ES"})
    await start_game(env, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.options["language"] == "en"
    panel = message(env, channel, game.panel_message_id)
    res = await actors[1].click(panel, label="My wagon")
    with use("es"):
        expected = PD._("Your wagon, {name}", name="bob")
    assert expected != "Your wagon, bob" and expected in private(res)  # private: their own language
    outsider = guild.add_member(env.create_user("eve"))
    speak(monkeypatch, users={actors[1].id: "es-ES", outsider.id: "es-419"})
    res = await outsider.slash(channel, "pioneer wagon")
    with use("es"):
        assert private(res) == i18n._("You are not playing in this game.")
    for _ in range(4):
        assert await play_step(env, bot, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    shown = message(env, channel, game.panel_message_id)
    assert "Tracks:" in shown_text(shown)  # the public panel stays English


async def test_a_polish_game_speaks_polish_in_public(simcord_env, make_bot, monkeypatch):
    env = simcord_env
    renderer = CheapRenderer()
    languages = []
    real_day = renderer.round

    def day_png(state, lines=()):
        languages.append(i18n.current())
        return real_day(state, lines)
    renderer.round = day_png
    bot = make_bot(renderer=renderer)
    await env.restart_bot(bot)
    guild, channel, actors = table(env, 2)
    speak(monkeypatch, guilds={guild.id: "pl"})
    with use("pl"):
        join, start = i18n._("Join"), i18n._("Start the game")
    assert join != "Join"
    res = await actors[0].slash(channel, "pioneer new", where="channel")
    lobby = res.response
    await actors[1].click(lobby, label=join)  # the lobby is public: in the game's language
    await actors[0].click(lobby, label=start)
    game = await bot.store.open_game_in_channel(channel.id)
    assert game.options["language"] == "pl"
    with use("pl"):
        title = i18n._("{game} — new table", game=PD._("Pioneer Days"))
        assert title in shown_text(lobby) or title in shown_text(message(env, channel, lobby.id))
        tracks = PD._("Tracks: {tracks}", tracks="")
    for _ in range(8):
        assert await play_step(env, bot, channel, actors)
    game = await bot.store.open_game_in_channel(channel.id)
    panel = message(env, channel, game.panel_message_id)
    assert tracks.strip() and tracks.split("{")[0].strip() in shown_text(panel)
    assert "Tracks:" not in shown_text(panel)
    assert languages and set(languages) == {"pl"}  # the day images were drawn in Polish
    res = await actors[0].slash(channel, "pioneer log", count=5)
    with use("pl"):
        day = PD._("Week {week}, day {day}", week=1, day=1).split(",")[0]
    assert day in res.response.content  # the log of a Polish game: Polish, also for an English client
    assert isinstance(discord.Locale("pl"), discord.Locale)
