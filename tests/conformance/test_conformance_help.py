"""The conformance suite, help: what a game's help says agrees with what exists. In every language, its help
(`/play help <game>`) and its rules topics name only commands of /play that exist (ui/commands.py: the
host's help beside it names /play's; a game's own group, as /pioneer, keeps the same commands under the
names people knew), the buttons its help tells people to press are buttons its panel, its decisions or
the host offer, and its help says what each of the panel's buttons of the host's verbs is for (Decide, a
seat's own things, the table; a game with no help of its own shows its summary); the whole of
`/play help <game>` fits one Discord message."""

import re

import pytest
from discord import app_commands

import i18n
from cogs.play import help_text as host_help
from conformance.games import every_game, keys, specs, table_for, walk
from engine import registry, views
from engine.protocol import Button
from ui import commands
from ui import messages as ui_messages

GAMES = keys()
LANGS = list(i18n.LOCALES)
COMMAND = re.compile(r"`/([-\w]+)((?: [-\w]+)*)[^`]*`")  # `/play rules [topic]`: the group and its words
BOLD = re.compile(r"\*\*([^*]+)\*\*")
VERBS = ("decide", "mine", "board")  # the host's verbs a panel's buttons may carry
PRESSED = re.compile(r"(?:press|open|through|or|and) \*\*([^*]+)\*\*")  # (the rules topics, in English)


class Handlers:
    """Enough of the commands' handlers to build the command groups."""

    def pick(self, *args, **kwargs):
        return None

    def rules_suggestions(self, fixed):
        async def suggest(interaction, current):
            return []
        return suggest

    def __getattr__(self, name):
        return None


def game_of(key):
    every_game()
    return registry.game(key)


def command_names() -> set[str]:
    """Every command of /play as typed: "play board", "play new pioneer-days"."""
    out: set[str] = set()

    def walk_group(group, prefix: str) -> None:
        for c in group.commands:
            name = f"{prefix} {c.name}"
            if isinstance(c, app_commands.Group):
                out.add(name)
                walk_group(c, name)
            else:
                out.add(name)
    for g in commands.groups(Handlers()):
        if g.name == "play":
            out.add("play")
            walk_group(g, "play")
    return out


def named_commands(text: str) -> list[str]:
    """The commands a text names, each as far as its words go ("play rules", "play new <game>" as "play new")."""
    return [(m.group(1) + m.group(2)).strip() for m in COMMAND.finditer(text)]


def topic_texts(game) -> list[str]:
    topics = game.show.topics
    if topics is None:
        return []
    return [t for t in (topics.lookup(name) for name in topics.names()) if t]


def help_texts(game) -> list[str]:
    topics = game.show.topics
    return ([topics.help()] if topics is not None else []) + topic_texts(game)


def labels(game) -> tuple[set[str], set[str]]:
    """The labels of every button the game's panels and decisions show in a few random games, in the current
    language, and the host's around them; and those of the panel's buttons of the host's verbs (a seat's
    decision, its own things, the table: the Full board the host adds when the game has none)."""
    out = {ui_messages._full_board(), i18n._("Rematch"), i18n._("Review my game"), i18n._("Join"),
           i18n._("Start the game")}
    verbs: set[str] = set()
    for spec in specs(game)[:3]:
        table = table_for(spec.players)
        for step in walk(game, spec):
            if step.index % 3:
                continue
            s = step.before
            panel = views.panel(game, table, s)
            verbs |= {c.label for c in panel.controls if isinstance(c, Button) and c.act in VERBS}
            if not any(isinstance(c, Button) and c.act == "board" for c in panel.controls):
                verbs.add(ui_messages._full_board())
            shown = [panel, *(d for seat in game.rules.deciders(s) if (d := views.decision(game, table, s, seat)))]
            out |= {c.label for msg in shown for c in msg.controls if isinstance(c, Button)}
    return out, verbs


def heading(text: str, m: re.Match) -> bool:
    """Whether a bold phrase heads a paragraph ("**Play**: on your turn…"), rather than naming a button."""
    return text[m.end():].startswith(":") and (m.start() == 0 or text[m.start() - 1] == "\n")


def pressed(bold: str, known: set[str]) -> bool:
    """Whether a phrase of the help is a button's label (or its first words: "Decide" of "Decide (private)")."""
    return any(x == bold or x.startswith(bold + " ") for x in known)


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_help_names_only_commands_of_play_that_exist(key, lang):
    game = game_of(key)
    known = command_names()
    with i18n.use(lang):
        texts = help_texts(game)
        whole = host_help(game)
    assert texts
    wrong = [(name, text[:80]) for text in texts for name in named_commands(text)
             if name not in known and not any(k.startswith(name + " ") for k in known)]
    assert not wrong, f"{key} ({lang}): commands that are not /play's: {wrong}"
    assert len(whole) <= 2000, f"{key} ({lang}): /play help is {len(whole)} characters"


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_buttons_the_help_names_exist(key, lang):
    game = game_of(key)
    with i18n.use(lang):
        known, panel = labels(game)
        name = game.texts._(game.name)
        topics = game.show.topics
        text = topics.help() if topics is not None else ""
        said = [m.group(1) for m in BOLD.finditer(text) if m.group(1) != name and not heading(text, m)]
        if lang == "en":
            said += [m.group(1) for t in topic_texts(game) for m in PRESSED.finditer(t)]
    missing = [b for b in said if not pressed(b, known)]
    assert not missing, f"{key} ({lang}): the help names buttons there are none of: {missing}; {sorted(known)}"
    unsaid = [b for b in panel if not any(pressed(x, {b}) for x in said)] if topics is not None else []
    assert not unsaid, f"{key} ({lang}): the help says nothing of the panel's buttons {unsaid}"


def test_the_checks_can_fail():
    known = command_names()
    assert "play mine" in known and "play new pioneer-days" in known and "pioneer wagon" not in known
    assert named_commands("open **My wagon** or `/pioneer wagon`; `/play new <game>`") == ["pioneer wagon",
                                                                                          "play new"]
    assert not pressed("My wagons", {"My wagon", "Full board"}) and pressed("Decide", {"Decide (private)"})
