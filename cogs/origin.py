"""Where a click came from, and whether its component may act there.

Each kind of component lives on one kind of message: a move (and Undo) on the live panel or in a
player's private message, a lobby button or menu on the lobby, a pick in a private decision (made by a
click), a confirmation (/play end, /play leave) or a leaderboard page in the private answer to that
very command: their custom_ids carry the id of the interaction that made the message, which the message
says (interaction_metadata), so they act on no other. A modified client can send any of our custom_ids
on any message, so a handler that edits the message the click came from checks the message (its id,
its ephemeral flag, whose interaction made it), never only the id. A select carries only values its
options offer; the panel's and the lobby's options are the bot's own, so those are checked against what
the bot shows now rather than what the click says."""

import discord

from db import GameRow
from ui import lobby as lobby_ui
from ui import messages
from ui.components import Chosen, menu_of, well_formed


def is_panel(message, game: GameRow) -> bool:
    """The game's live panel (public: anyone may click it; the service says who may act)."""
    return message is not None and game.panel_message_id is not None and message.id == game.panel_message_id


def is_lobby(message, game: GameRow) -> bool:
    return message is not None and game.lobby_message_id is not None and message.id == game.lobby_message_id


def is_private(interaction: discord.Interaction, game: GameRow | None = None, made_by: str | None = None,
               asked: int | None = None) -> bool:
    """The clicker's own private message: ephemeral, made by an interaction of theirs (only they can click
    it anyway), never one of the channel's messages of the game. made_by "click": the answer to a
    component (a private decision); asked: the answer to that very interaction (a confirmation, a
    leaderboard: the id their custom_id carries)."""
    msg = interaction.message
    if msg is None or not msg.flags.ephemeral:
        return False
    if game is not None and msg.id in (game.panel_message_id, game.lobby_message_id):
        return False
    meta = msg.interaction_metadata
    if meta is None or meta.user.id != interaction.user.id:
        return False
    if made_by == "click" and meta.type is not discord.InteractionType.component:
        return False
    return asked is None or meta.id == asked


def asked_in(arg: str) -> int | None:
    """The interaction id a confirmation's or a leaderboard page's custom_id carries (None: none)."""
    return int(arg) if arg.isascii() and arg.isdigit() and len(arg) <= 20 else None


def select_fits(interaction: discord.Interaction, game: GameRow | None, ver: int, chosen: Chosen) -> bool:
    """Whether a select's values are distinct, as many as it takes, and among the options the bot put on
    it: for the live panel and the lobby, the options they show now; on a private message, its own."""
    offered, low, high = chosen.offered, chosen.low, chosen.high
    msg = interaction.message
    cid = f"pds:{game.id}:{ver}:{chosen.n}" if game is not None else ""
    current = game is not None and (
        (game.status == "active" and game.state is not None and ver == game.live["seq"] and is_panel(msg, game))
        or (game.status == "lobby" and is_lobby(msg, game)))
    if current:
        assert game is not None
        built = messages.panel(game) if game.status == "active" else lobby_ui.lobby(game)
        view = built.get("view")
        menu = menu_of(view, cid) if view is not None else None
        if menu is None:  # the panel or lobby shows no such select now
            return False
        offered, low, high = menu
    # (a select of an earlier version: by its own options; the service refuses what is no longer valid)
    return well_formed(chosen.values, offered, low, high)
