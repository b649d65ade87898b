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

from collections.abc import Collection, Iterator

import discord

from app.tables import game_of
from db import GameRow
from engine import views
from engine.protocol import Button, Menu, Message
from ui import lobby as lobby_ui
from ui import messages
from ui.components import Chosen, menu_of, menus_of, well_formed
from ui.texts import table_of


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
    it. For a select of the game's present moment the bot builds that message's options again (the live
    panel's, the lobby's, or on the clicker's private message their decision's or their own things'), so
    that what the click says the message carried does not count; an older one is checked by its own."""
    menus = offered_now(interaction, game, ver, chosen.n)
    if menus is None:
        return well_formed(chosen.values, chosen.offered, chosen.low, chosen.high)
    # a message of before the value prefixes carries bare action ids and "timer:{s}": as the bot writes them now
    values = [canonical(v) for v in chosen.values]
    if any(well_formed(values, offered, low, high) for offered, low, high in menus):
        return True
    if game is None or game.status != "active" or is_panel(interaction.message, game):
        return False  # (the lobby's and the panel's menus are never a pick's)
    seat = game.seat_of(interaction.user.id)
    if seat is None:
        return False
    # a step shown after a pick may have menus of its own: those of the steps the picks lead to
    return any(any(well_formed(values, offered, low, high) for offered, low, high in menus_of(msg.controls, chosen.n))
               for picked, msg in steps(game, seat) if picked and msg is not None)


def offered_now(interaction: discord.Interaction, game: GameRow | None, ver: int, n: int) -> list | None:
    """The options (values, fewest, most) select `n` of the message clicked would have if the bot built it
    now: [] when it would have none; None when the bot cannot tell (an older version, no such game)."""
    msg = interaction.message
    if game is None:
        return None
    if game.status == "lobby" and is_lobby(msg, game):
        menu = menu_of(lobby_ui.lobby(game)["view"], f"pds:{game.id}:{ver}:{n}")
        return [menu] if menu is not None else []
    if game.status != "active" or game.state is None or ver != game.live["seq"]:
        return None
    played, table = game_of(game), table_of(game)
    if is_panel(msg, game):
        return menus_of(messages.game_panel(game, any_language=True).controls, n)
    seat = game.seat_of(interaction.user.id)
    if seat is None or not is_private(interaction, game):
        return None  # (the handler says why not)
    # (the decision as shown before any pick: select_fits looks at the steps after picks when these do not fit)
    shown: list[Message | None] = [views.mine(played, table, game.live, seat),
                                   views.decision(played, table, game.live, seat)]
    return [m for msg_ in shown if msg_ is not None for m in menus_of(msg_.controls, n)]


PICKS_LOOKED_AT = 40  # decisions built at most to find the picks a decision offers (a pick's next steps)


def steps(game: GameRow, seat: int) -> Iterator[tuple[tuple[str, ...], Message | None]]:
    """The seat's decision now (no pick) and the steps its picks lead to, (picks, message) each: a button's
    pick's step before a menu's, at most PICKS_LOOKED_AT built (a decision is built on the loop)."""
    played, table = game_of(game), table_of(game)
    seen: set[str] = set()
    todo: list[tuple[str, ...]] = [()]  # (a stack: a menu's picks go under the buttons' next steps)
    built = 0
    while todo and built < PICKS_LOOKED_AT:
        picked = todo.pop()
        msg = views.decision(played, table, game.live, seat, picked)
        built += 1
        yield picked, msg
        if msg is None:
            continue
        for act in (c.act for c in msg.controls if isinstance(c, Button)):
            if act.startswith("k:") and act[2:] not in seen:
                seen.add(act[2:])
                todo.append((act[2:],))
        for menu in (c for c in msg.controls if isinstance(c, Menu)):
            for act in (i.act for i in menu.items):
                if act.startswith("k:") and act[2:] not in seen:
                    seen.add(act[2:])
                    todo.insert(0, (act[2:],))


def picks_offered(game: GameRow, seat: int, wanted: Collection[str] = ()) -> set[str] | None:
    """The picks ("k:" items) the seat's decision offers now, and those its picks' next steps offer (a button
    or a menu of a step shown after a pick): what a pick click may carry, a forged one being anything else.
    Stops as soon as all of `wanted` are found. None: the seat has no decision now."""
    offered: set[str] = set()
    for picked, msg in steps(game, seat):
        if msg is None:
            if not picked:
                return None
            continue
        offered.update(c.act[2:] for c in msg.controls if isinstance(c, Button) and c.act.startswith("k:"))
        offered.update(i.act[2:] for c in msg.controls if isinstance(c, Menu) for i in c.items
                       if i.act.startswith("k:"))
        if wanted and offered.issuperset(wanted):
            break
    return offered


def canonical(value):
    """A select value as the bot writes it now (ui/components.value_of): older ones had no prefix."""
    if not isinstance(value, str) or value.startswith(("m:", "v:", "k:")):
        return value
    return ("v:" if value.startswith("timer:") else "m:") + value
