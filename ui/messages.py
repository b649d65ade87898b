"""A game's messages (engine/protocol.py Message) as Discord shows them: Components V2 messages (ui/v2.py)
with the game's picture inside, above our persistent components with this game's custom ids; no mentions
(pings are messages of their own).

The panel: one message per chapter of the game, edited in place after every move, its picture the game's
present moment; frozen into that chapter's record when it ends (no buttons, its heading, its lines and the
chapter's picture). Private messages: a seat's decision (always with its picture) and its own things."""

import dataclasses
from collections import OrderedDict

import discord

import i18n
from app.options import timer_text
from app.tables import game_of
from db import GameRow
from engine import views
from engine.protocol import Button, Message
from i18n import _

from . import v2
from .components import clip, items_of, problems
from .layout import BROWN, GREEN
from .texts import public, table_of
from .texts import title as game_title

COLOURS = {"green": GREEN, "brown": BROWN}


def kwargs(msg: Message, gid: int, ver: int, note: str | None = None, extra_footer: str = "",
           shown: v2.Shown | None = None) -> dict:
    """kwargs for send/edit: a V2 view (the message's text, its picture, its components); `files` the
    picture's upload or the attachment kept (an edit: `attachments`)."""
    items = items_of(msg.controls, gid, ver)
    if msg.title is not None:
        head = f"## {clip(msg.title, 256)}\n{msg.body}" + (f"\n{note}" if note else "")
        footer = msg.footer + (f" · {extra_footer}" if extra_footer else "")
        view = v2.view(top=msg.content, head=head, fields=[(n, v or "—") for n, v in msg.fields[:25]],
                       footer=footer, colour=COLOURS[msg.colour], items=items, shown=shown)
    else:
        view = v2.view(head=msg.content + (f"\n{note}" if note else ""), items=items, shown=shown)
    return {"view": view, "files": v2.files(shown), "allowed_mentions": discord.AllowedMentions.none()}


def as_edit(kw: dict) -> dict:
    """Send kwargs as an edit's: the picture's file in `attachments` (none: the message's are dropped), no
    content or embed left over from an older message (a V2 message has neither)."""
    out = {k: v for k, v in kw.items() if k != "files"}
    out["attachments"] = kw.get("files", [])
    out["content"], out["embed"] = None, None
    return out


@public
def panel(game: GameRow, note: str | None = None, undo: int | None = None, shown: v2.Shown | None = None) -> dict:
    """kwargs for send of the action panel (the game's own Show.panel, with its picture `shown`); undo: the
    seat whose person may take back the last move (the host's Undo button, where it fits)."""
    state = game.live
    msg = game_panel(game)
    # every live panel has the host's "board" verb: the courier finds the live panel by it
    if not any(isinstance(c, Button) and c.act == "board" for c in msg.controls):
        msg.controls.append(Button(_full_board(), "board", "secondary", "🔍"))
    if undo is not None:
        add_if_fits(msg.controls, undo_button(game, undo))
    timer = game.options.get("timer", 0)
    extra = _("⏱ {time} per turn, then the AI decides", time=timer_text(timer)) if timer else ""
    return kwargs(msg, game.id, state["seq"], note, extra, shown)


# The game's own panel of each game's present moment, built once: the courier shows it, and a click on
# it is checked against it (cogs/origin.py), which rebuilt it for every click (a game may play every
# offered move on a copy to say what it does: a third of a click's CPU in a busy process).
BUILT_MAX = 1024  # games (each entry holds its state text, a few KB, and its panel)
# game id -> (made of, language, panel, (channel, seed, seq): which game and which of its moments)
_built: OrderedDict[int, tuple[tuple, str, Message, tuple[int, int, int]]] = OrderedDict()


def game_panel(game: GameRow, any_language: bool = False) -> Message:
    """The game's Show.panel for the game as it is now, in the current language (any_language: in any,
    when only what its controls do is read). A copy: the caller may add controls."""
    lang = i18n.current()
    hit = _built.get(game.id)
    if hit is not None and hit[0] == _made(game) and (any_language or hit[1] == lang):
        _built.move_to_end(game.id)
        return _copy(hit[2])
    msg = views.panel(game_of(game), table_of(game), game.live)
    keep_panel(game, lang, msg)
    return _copy(msg)


def _made(game: GameRow) -> tuple | None:
    return None if game.state_json is None else (game.game, game.state_json, repr(table_of(game)))


def has_panel(game: GameRow, lang: str) -> bool:
    """Whether the game's panel as it is now, in `lang`, is built already."""
    hit = _built.get(game.id)
    return hit is not None and hit[1] == lang and hit[0] == _made(game)


def keep_panel(game: GameRow, lang: str, msg: Message) -> None:
    """The game's panel as it is now, in `lang`, built (here or in a worker: app/workers.py panel). A panel of a
    moment passed (a worker's, finished after a later move's panel was kept) does not replace the later one."""
    made = _made(game)
    hit = _built.get(game.id)
    moment = (game.channel_id, game.seed, game.seq)
    if made is not None and (hit is None or hit[3][:2] != moment[:2] or hit[3][2] <= game.seq):
        _built[game.id] = (made, lang, msg, moment)
        _built.move_to_end(game.id)
        if len(_built) > BUILT_MAX:
            _built.popitem(last=False)


def _copy(msg: Message) -> Message:
    return dataclasses.replace(msg, controls=list(msg.controls), fields=list(msg.fields))


def _full_board() -> str:
    return _("Full board")


def undo_button(game: GameRow, seat: int) -> Button:
    return Button(clip(_("Undo ({who})", who=game.display(seat)), 80), "undo", "secondary", "↩")


def add_if_fits(controls: list, control: Button) -> None:
    """Adds a host's control after the game's, unless Discord has no room left for it (a V2 message's 40
    components: the game's, the host's frame of about ten)."""
    if not problems([*controls, control], rows_of_five=False) and len(controls) < 25:
        controls.append(control)


@public
def frozen(game: GameRow, heading: str | None, lines: list[str], seq: int, shown: v2.Shown | None = None,
           caption: str = "") -> dict:
    """The panel of a finished chapter, kept in the channel as its record (no buttons): its heading (None: a
    game ended early), one line per event of that chapter, the chapter's picture and its caption once drawn."""
    body = "\n".join(f"• {x}" for x in lines) or "—"
    view = v2.view(top=caption, head=f"## {clip(heading or _('Game ended'), 256)}\n{body}",
                   footer=_("Game {id} · move {move}", id=game.id, move=seq), colour=BROWN, shown=shown)
    return {"view": view, "files": v2.files(shown), "allowed_mentions": discord.AllowedMentions.none()}


def picture(caption: str, shown: v2.Shown | None) -> dict:
    """A chapter's picture as a message of its own (when no record of its chapter was frozen to carry it)."""
    view = v2.view(top=caption, shown=shown) if shown is not None else v2.view(head=caption)
    return {"view": view, "files": v2.files(shown), "allowed_mentions": discord.AllowedMentions.none()}


def gallery(caption: str, shown: list[v2.Shown]) -> dict:
    """Several pictures of a chapter as one message of their own (a gallery), the caption above them."""
    view = v2.view(top=caption, gallery=shown) if shown else v2.view(head=caption)
    return {"view": view, "files": [f for s in shown for f in v2.files(s)],
            "allowed_mentions": discord.AllowedMentions.none()}


def private(game: GameRow, msg: Message, shown: v2.Shown | None = None) -> dict:
    """kwargs of a private (ephemeral) message: a seat's decision or its own things, with its picture."""
    out = kwargs(msg, game.id, game.live["seq"], shown=shown)
    out.pop("allowed_mentions")
    return out


def done(game: GameRow, line: str = "", undo: bool = False) -> dict:
    """What replaces a private decision once it is made and nothing is left to decide: what happened, who
    is still deciding, that their next decision will show here (cogs/desks.py), and Decide for when it
    can't (Discord lets the bot edit the message for 15 minutes); undo: with the button that takes it back."""
    state = game.live
    played = game_of(game)
    waiting = [game.display(s) for s in played.rules.deciders(state)] if played.rules.simultaneous(state) else []
    text = "✅ " + (line or _("Done."))
    if waiting:
        text += " " + _("Still deciding: {who}.", who=", ".join(waiting))
    buttons = [Button(_("Undo"), "undo", "secondary", "↩")] if undo else []
    if not played.rules.is_over(state):
        text += "\n-# " + _("Your next decision will show here.")
        buttons.append(Button(_("Decide"), "decide", "primary", "✋"))
    return {"view": v2.view(head=text, items=items_of(buttons, game.id, state["seq"])), "attachments": []}


def closed(game: GameRow) -> dict:
    """What replaces a private decision left open when its game is over or ended (cogs/desks.py)."""
    text = "🏁 " + (_("The game is over: its results are in the channel.") if game.status == "over" else
                   _("The game was ended."))
    return {"view": v2.view(head=text, items=[]), "attachments": []}


def title(game: GameRow) -> str:
    return game_title(game)
