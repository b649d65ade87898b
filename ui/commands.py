"""The slash commands' shape: /play for every game (`/play new <game>` a subcommand per game, with its
own options), and a group of its own for a game that has one (Game.legacy.command: /pioneer, the commands people
knew before there were several games). The commands' work is the Play cog's (cogs/play.py: `Handlers`
below says what it provides); component clicks are the Table cog's (cogs/table/).

Command and option names and descriptions are locale_str: the bot's Translator (ui/translator.py)
gives Discord each of them in every language we have. A game's options become slash-command choices;
Discord offers only them, and a modified client's other values are refused (app/options.py)."""

import inspect
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.app_commands import locale_str

import i18n
from app.options import TIMERS
from db import StoreError
from engine import registry
from engine.protocol import Game


class Handlers(Protocol):
    """What the commands call (cogs/play.py); `pick` resolves a game from a fixed group or a `game:` choice."""
    def pick(self, fixed: Game | None, key: str | None, default: bool = True) -> Game | None: ...
    def rules_suggestions(self, fixed: Game | None) -> Callable: ...
    def __getattr__(self, name: str) -> Any: ...


Commands = Handlers
NUMBER_MAX = 2 ** 53  # a game's number as an option: Discord's largest integer (the database's is 2 ** 63 - 1)
LANGUAGE_CHOICES = [app_commands.Choice(name=i18n.LANGUAGE_NAMES[lang], value=lang) for lang in i18n.LOCALES]


def cmd(name: str) -> locale_str:
    """A command or option name (translations follow Discord's rules: lowercase, no spaces, <= 32 characters)."""
    return locale_str(name)


def game_text(text: str) -> locale_str:
    """A text of a game's own catalogue (its name, summary, options and choices: marked N_ there)."""
    return locale_str(text)


TIMER_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in zip(
    (locale_str("off"), locale_str("2 minutes"), locale_str("10 minutes"), locale_str("1 hour"),
     locale_str("12 hours"), locale_str("24 hours")), TIMERS, strict=True)]


WHERE_CHOICES = [app_commands.Choice(name=locale_str("a thread of its own"), value="thread"),
                 app_commands.Choice(name=locale_str("a private thread (invite only)"), value="private"),
                 app_commands.Choice(name=locale_str("this channel"), value="channel")]


NOTIFY_CHOICES = [app_commands.Choice(name=locale_str("off: a mention in the game's thread"), value="off"),
                  app_commands.Choice(name=locale_str("after some minutes of waiting"), value="after"),
                  app_commands.Choice(name=locale_str("always, instead of the mention"), value="always")]


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=game_text(g.name), value=g.key) for g in registry.games()][:25]


def day_choices() -> list[app_commands.Choice[str]]:
    """The games that have a game of the day (Game.daily)."""
    return [app_commands.Choice(name=game_text(g.name), value=g.key) for g in registry.games() if g.daily][:25]


P = inspect.Parameter


def command(name: str, description: locale_str, callback: Callable, params: Sequence[tuple[str, Any, object]],
            described: dict[str, locale_str] | None = None, choices: dict | None = None,
            renamed: dict[str, locale_str] | None = None, checks: tuple = ()) -> app_commands.Command:
    """An app command whose options are built here (a game's options are data, not a signature):
    params are (name, annotation, default) after the interaction."""
    async def run(interaction: discord.Interaction, **options):
        try:
            await callback(interaction, **options)
        except StoreError as e:  # a refusal, not a failure: answered by the one error handler (bot.py)
            await interaction.client.report_error(interaction, e)  # type: ignore[attr-defined]
    sig = [P("interaction", P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    sig += [P(n, P.KEYWORD_ONLY, annotation=t, default=d) for n, t, d in params]
    run.__signature__ = inspect.Signature(sig)  # type: ignore[attr-defined]
    run.__qualname__ = run.__name__ = f"{name}_command"
    if described:
        run = app_commands.describe(**described)(run)
    if choices:
        run = app_commands.choices(**choices)(run)
    if renamed:
        run = app_commands.rename(**renamed)(run)
    for check in checks:
        run = check(run)
    return app_commands.Command(name=cmd(name), description=description, callback=run)


def cooldown(rate: int, per: float, by: Callable):
    return app_commands.checks.cooldown(rate, per, key=by)


def new_command(c: Commands, game: Game, name: str) -> app_commands.Command:
    """`new` for one game: its options as choices, then the turn timer and the language."""
    params: list[tuple[str, type, object]] = [(o.key, str, None) for o in game.options]
    params += [("timer", int, 86400), ("language", str, None), ("where", str, "thread")]
    described = {o.key: game_text(o.description) for o in game.options}
    described |= {"timer": locale_str("Time per turn, then the AI decides (default 24 hours)"),
                  "language": locale_str("The game's language (default: the server's)"),
                  "where": locale_str("A thread of its own (default), a private thread, or this channel")}
    choices: dict[str, list[app_commands.Choice[Any]]]  # (a game's options are str, the timer's int)
    choices = {o.key: [app_commands.Choice(name=game_text(ch.label), value=ch.value) for ch in o.choices][:25]
               for o in game.options}
    choices |= {"timer": TIMER_CHOICES, "language": LANGUAGE_CHOICES, "where": WHERE_CHOICES}
    renamed = {o.key: game_text(o.label) for o in game.options} | {"timer": cmd("timer"), "language": cmd("language"),
                                                                   "where": cmd("where")}

    async def new(interaction: discord.Interaction, timer: int = 86400, language: str | None = None,
                  where: str = "thread", **chosen):
        await c.new(interaction, game, chosen, timer, language, where)
    return command(name, game_text(game.summary), new, params, described, choices, renamed,
                   (cooldown(2, 30.0, lambda i: (i.guild_id, i.user.id)),))


def shared_commands(c: Commands, fixed: Game | None) -> list[app_commands.Command]:
    """The commands every group has: with `fixed`, a game's own group (its games only, its old names);
    without, /play (the channel's game, or a `game:` choice)."""
    kind: list[tuple[str, Any, object]] = [("game", str, None)] if fixed is None else []
    kind_choice = {"game": game_choices()} if fixed is None else {}
    kind_said = {"game": locale_str("Which game (default: this channel's)")} if fixed is None else {}
    number = "game" if fixed is not None else "number"  # /pioneer replay game:12 (as it always was)

    async def board(interaction: discord.Interaction):
        await c.board(interaction)

    async def mine(interaction: discord.Interaction):
        await c.mine(interaction)

    async def rules(interaction: discord.Interaction, topic: str | None = None, game: str | None = None):
        await c.rules(interaction, c.pick(fixed, game, default=False), topic, asked=game is not None)

    async def log_(interaction: discord.Interaction, count: int = 10):
        await c.log(interaction, count)

    async def review(interaction: discord.Interaction, **kw):
        await c.review(interaction, kw.get(number))

    async def stats(interaction: discord.Interaction, player: discord.User | None = None, everywhere: bool = False,
                    post: bool = False, game: str | None = None):
        # (no game given: the channel's, cogs/play.py _kind)
        await c.stats(interaction, c.pick(fixed, game, default=False), player, everywhere, post)

    async def leaderboard(interaction: discord.Interaction, game: str | None = None):
        await c.leaderboard(interaction, c.pick(fixed, game, default=False))  # (none: the channel's game)

    async def history(interaction: discord.Interaction, server: bool = False):
        await c.history(interaction, server)

    async def replay(interaction: discord.Interaction, **kw):
        await c.replay(interaction, kw.get(number))

    async def end(interaction: discord.Interaction):
        await c.end(interaction)

    async def leave(interaction: discord.Interaction):
        await c.leave(interaction)

    async def help_(interaction: discord.Interaction, game: str | None = None):
        await c.help(interaction, c.pick(fixed, game, default=False))

    async def daily(interaction: discord.Interaction, game: str | None = None):
        await c.daily(interaction, c.pick(fixed, game, default=False))

    by_user = cooldown(5, 60.0, lambda i: i.user.id)
    mine_name = fixed.legacy.mine_command if fixed is not None else "mine"
    rules_cmd = command("rules", locale_str("Rules by topic, or any card or piece of a game by its name"), rules,
                        [("topic", str, None)] + kind,
                        {"topic": locale_str("A rules topic, or a card name")} | kind_said, kind_choice)
    rules_cmd.autocomplete("topic")(c.rules_suggestions(fixed))
    return [
        command("board", locale_str("The table: re-posted here for the players, privately otherwise"), board, [],
                checks=(cooldown(3, 60.0, lambda i: (i.channel_id, i.user.id)),)),
        command(mine_name, locale_str("Your own things in this channel's game (only you see them)"), mine, []),
        rules_cmd,
        command("log", locale_str("The recent moves of this channel's game"), log_,
                [("count", app_commands.Range[int, 1, 30], 10)],
                {"count": locale_str("How many lines (1-30, default 10)")}),
        command("review", locale_str("Your decisions in a finished game, judged by the hard AI (only you see it)"),
                review,
                [(number, app_commands.Range[int, 1, NUMBER_MAX], None)],
                {number: locale_str("The game's number (default: your last finished game in this channel)")},
                checks=(cooldown(3, 60.0, lambda i: i.user.id),)),
        command("stats",
                locale_str("A player's record: games, wins, scores, rating (only you see it unless you post it)"),
                stats, [("player", discord.User, None), ("everywhere", bool, False), ("post", bool, False)] + kind,
                {"player": locale_str("Whose record (default: yours)"),
                 "everywhere": locale_str("Count games on every server, not only this one"),
                 "post": locale_str("Post it in the channel for everyone")} | kind_said, kind_choice,
                checks=(by_user,)),
        command("leaderboard", locale_str("This server's best players by rating"), leaderboard, kind, kind_said,
                kind_choice,
                checks=(by_user,)),
        *([command("daily", locale_str("Today's game, the same on every server: this server's best scores"),
                   daily, kind, kind_said, {"game": day_choices()} if fixed is None else {}, checks=(by_user,))]
          if (fixed is None and day_choices()) or (fixed is not None and fixed.daily is not None) else []),
        command("history", locale_str("The last games played to the end here"), history, [("server", bool, False)],
                {"server": locale_str("The whole server's games, not only this channel's")}, checks=(by_user,)),
        command("replay", locale_str("Post a finished game as an animated image, a frame per chapter, with its record"),
                replay, [(number, app_commands.Range[int, 1, NUMBER_MAX], None)],
                {number: locale_str("The game's number (default: this channel's last finished game)")},
                checks=(cooldown(2, 60.0, lambda i: i.channel_id),)),
        command("end", locale_str("End this channel's game (host or Manage Channels)"), end, []),
        command("leave", locale_str("Leave this channel's game: an AI takes your seat"), leave, []),
        command("help", locale_str("What this bot does and how to start a game"), help_, kind, kind_said, kind_choice),
    ]


def groups(c: Commands) -> list[app_commands.Group]:
    """/play, then each game's own group."""
    return [play_group(c)] + [game_group(c, g) for g in registry.games() if g.legacy.command]


def play_group(c: Commands) -> app_commands.Group:
    group = app_commands.Group(name=cmd("play"), description=locale_str("Play a board game in this channel"),
                               guild_only=True)
    new = app_commands.Group(name=cmd("new"), description=locale_str("Open a table in this channel"), parent=group)
    for g in registry.games()[:25]:
        new.add_command(new_command(c, g, g.key))
    for command_ in shared_commands(c, None):
        group.add_command(command_)

    async def notify(interaction: discord.Interaction, how: str, minutes: int = 30):
        await c.notify(interaction, how, minutes)
    group.add_command(command(
        "notify", locale_str("How I tell you a game waits for you: a direct message, or not"), notify,
        [("how", str, inspect.Parameter.empty), ("minutes", app_commands.Range[int, 1, 1440], 30)],
        {"how": locale_str("Off, after some minutes of waiting, or always"),
         "minutes": locale_str("For 'after': how many minutes a game waits first (default 30)")},
        {"how": NOTIFY_CHOICES}, checks=(cooldown(5, 60.0, lambda i: i.user.id),)))
    return group


def game_group(c: Commands, game: Game) -> app_commands.Group:
    """A game's own group (/pioneer): the same commands, for that game."""
    assert game.legacy.command
    group = app_commands.Group(name=cmd(game.legacy.command), description=game_text(game.summary), guild_only=True)
    group.add_command(new_command(c, game, "new"))
    for command_ in shared_commands(c, game):
        group.add_command(command_)
    return group
