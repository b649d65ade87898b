"""The courier: keeps each game's channel in step with the store.

Everything a committed change promised to show is in the outbox (app/outbox.py); `after(game)` delivers
it in order (the day's record, the table image, the results, a new panel, pings), marks each item done
with its message, then edits the live panel and lets the AI seats move. Start-up (`recover`) delivers
what a crash left pending, looking in the channel first for messages that were posted but not yet
marked, so that each shows exactly once. One game that cannot be read is reported and skipped.

Every Discord call here tolerates the expected failures: a deleted panel or lobby is re-posted, a
missing Attach Files permission degrades to text, a deleted channel archives the game. Lock order: the
courier's per-channel lock is taken before the game's action lock, never after."""

import asyncio
import hashlib
import io
import json
import logging
from collections import OrderedDict
from typing import cast

import discord
from discord.ext import commands

import i18n
from app import ledger
from app.locks import ChannelLocks
from app.tables import game_of
from app.workers import Workers, draw
from app.workers import panel as built_panel
from db import GameRow, OutboxItem, StoreError
from db.errors import DatabaseDamaged
from engine import views
from engine.protocol import Picture
from i18n import N_, _, n_, use
from ui import lobby as lobby_ui
from ui import messages, texts, v2
from ui import results as results_ui
from ui.texts import language, table_of

from . import unread
from .desks import Desks
from .pings import Pings

log = logging.getLogger("bot.courier")
NO_FILES = N_("_(I need the **Attach Files** permission here to show the table image.)_")
DAMAGED = N_("⚠️ The saved data of this channel's game (game {gid}) can't be read, so it can't go on. The bot's "
           "operator has been told. You can start a new game with `/play new` after `/play end`.")
HISTORY = 100  # messages looked at, at start-up, to tell whether a pending item was already posted


def _is_panel(msg: discord.Message, game: GameRow) -> bool:
    """A live panel of this game: it carries the game's "board" button (every live panel has it; frozen
    panels have no buttons), or on a panel of before the verb the game's older panels had in its place."""
    ends = (":board", *(f":{v}" for v in game_of(game).legacy.verbs))
    ids = [getattr(c, "custom_id", None) or "" for c in v2.components(msg)]
    return any(cid.startswith(f"pd:{game.id}:") and cid.endswith(ends) for cid in ids)


def _signature(msg: discord.Message) -> tuple:
    emb = msg.embeds[0] if msg.embeds else None
    return (v2.text_of(msg), emb.title if emb else None, emb.footer.text if emb and emb.footer else None)


# see Courier.working: the work in it waits mostly on Discord, the database and the workers, so it bounds the
# clicks a second (6: about 150 on 500 tables, "busy" past it; 12: 150 clean, an overload's acks a little slower)
WORKING_MAX = 12
PICTURES_KEPT = 2048  # live panels whose picture's attachment is remembered (an id and a key each)
# outbox items whose showing changes nothing of the game's row (no panel, lobby or ping message set)
KEEP_ROW = frozenset({"image", "freeze"})
EDIT_PANEL = frozenset({"image", "freeze"})  # the kinds of items that edit the panel a change was made on
ARCHIVED = 50083  # Discord's code for an edit in an archived thread (a post opens it again by itself)
DELETING_KEPT = 1024  # the bot's own deletions whose event from Discord is awaited
KEPT_REPLAYS = 16  # finished games' replays kept in memory (a few hundred KB each)


class Courier(commands.Cog):
    def __init__(self, bot):
        self.bot = bot
        self.service = bot.service
        self.lock = ChannelLocks()
        # the moves and deliveries worked on at once: the rest wait off the event loop's queue, so that a new
        # click's acknowledgement is not queued behind every table's work (taken innermost, after any lock)
        self.working = asyncio.Semaphore(WORKING_MAX)
        self.workers = Workers("render", bot.settings.render_processes)
        # slow pictures (a whole game's replay: seconds) wait in a queue of their own, so that no table's
        # chapter picture and no other command waits behind one
        self.slow = Workers("replay", min(1, bot.settings.render_processes))
        self.kept: OrderedDict[tuple, bytes] = OrderedDict()  # finished games' replays, drawn once
        self._frozen: dict[int, tuple[int, tuple, int]] = {}  # game id: the record just frozen (message, its
        #                                                       heading and lines, seq)
        # game id: (what the live panel's picture shows, its attachment's id once known): an edit that shows
        # the same keeps it instead of uploading it again
        self._pictures: OrderedDict[int, tuple[tuple, int | None]] = OrderedDict()
        # messages the bot itself deletes (old pings): Discord's delete event for them needs no read of the game
        self._deleting: OrderedDict[int, None] = OrderedDict()
        self.desks = Desks(self)  # the players' private messages that show their next decision (cogs/desks.py)
        self.pings = Pings(self)  # who is mentioned when a game waits for them, who gets a direct message

    def cog_unload(self) -> None:  # type: ignore[override]  # discord.py accepts sync unload
        self.pings.stop()
        self.workers.stop()
        self.slow.stop()

    async def replay(self, game: GameRow, record: dict) -> bytes | None:
        """A finished game's replay, drawn once per language (kept: KEPT_REPLAYS), in the slow queue."""
        key = (game.id, i18n.current(), len(record["actions"]))
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        image = await self.render(game, "replay", record, slow=True)
        if image is not None:
            self.kept[key] = image
            while len(self.kept) > KEPT_REPLAYS:
                self.kept.popitem(last=False)
        return image

    # ---- Discord helpers -----------------------------------------------------------------------
    async def render(self, game: GameRow, name: str, *args, slow: bool = False) -> bytes | None:
        """A picture of the game's (its pictures module, render/named.py) as bytes, off the event loop (a worker
        process, or one dedicated thread; slow: the slow pictures' own); None (logged) if it fails. A
        stand-in (bot.renderer, tests) draws every game's pictures instead."""
        workers = self.slow if slow else self.workers
        try:
            if self.bot.renderer is None:  # the game's own pictures: they can go to a process
                return await workers.run(draw, i18n.current(), game_of(game).pictures, name, *args)
            return await workers.run(getattr(self.bot.renderer, name), *args, in_process=False)
        except Exception:
            log.exception("picture %s of game %s failed", name, game.id)
            return None

    async def channel(self, channel_id: int):
        ch = self.bot.get_channel(channel_id)
        if ch is not None:
            return ch
        try:
            return await self.bot.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None

    async def send(self, channel, game_id: int, png: bytes | None, filename: str, alt: str = "",
                   plain=None, **kw):
        """channel.send with an optional image (an embed's, `png`; a V2 message carries its own in `files`);
        falls back to text without Attach Files (`plain()`: the V2 message without its picture). Returns the
        message, or None when the channel is gone (the game is then archived)."""
        try:
            if png is not None or kw.get("files"):
                try:
                    if png is not None:
                        kw["file"] = discord.File(io.BytesIO(png), filename, description=alt[:1024] or None)
                    return await channel.send(**kw)
                except discord.Forbidden:
                    kw.pop("file", None)
                    if plain is not None:
                        kw = plain()
                        kw.pop("files", None)
                        kw["view"].add_item(discord.ui.TextDisplay(_(NO_FILES)))
                    else:
                        if kw.get("embed") is not None:
                            kw["embed"].set_image(url=None)
                        kw["content"] = (kw.get("content") or "") + "\n" + _(NO_FILES)
            return await channel.send(**kw)
        except discord.NotFound:
            await self.service.archive(game_id, "channel deleted")
        except discord.Forbidden:
            log.warning("cannot post in channel %s (game %s)", getattr(channel, "id", "?"), game_id)
        return None

    async def _edit(self, channel, message_id: int | None, **kw) -> dict | None:
        """Edits one of our messages: Discord's answer (raw data), or None when it is gone (or may not be
        edited)."""
        if message_id is None:
            return None
        try:
            try:
                return await unread.edit_message(channel, message_id, **kw)
            except discord.HTTPException as e:  # a game's thread archived after a week unused: opened again
                if e.code != ARCHIVED or not isinstance(channel, discord.Thread):
                    raise
                await channel.edit(archived=False)
                return await unread.edit_message(channel, message_id, **kw)
        except (discord.NotFound, discord.Forbidden):
            return None

    async def _edit_panel(self, channel, message_id: int | None, via: discord.Interaction | None,
                          **kw) -> dict | None:
        """Edits the panel, through the click on it when there is one (its acknowledged interaction): Discord
        does not count its interactions' requests against the bot's global limit of requests a second, where
        a channel's edit counts. The click was a moment ago (its token works 15 minutes); the channel's edit
        when that fails all the same (the message gone, a hiccup)."""
        if via is not None and via.message is not None and via.message.id == message_id and via.response.is_done():
            try:
                return await unread.edit_original(via, **kw)
            except discord.HTTPException as e:
                log.info("panel %s: the click's own edit failed (%s): edited in its channel", message_id, e)
        return await self._edit(channel, message_id, **kw)

    async def _delete(self, channel, message_id: int | None) -> None:
        if message_id is None:
            return
        self._deleting[message_id] = None
        while len(self._deleting) > DELETING_KEPT:
            self._deleting.popitem(last=False)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            pass

    # ---- after every change --------------------------------------------------------------------
    async def after(self, game_id: int, channel_id: int, refresh: bool = True,
                    via: discord.Interaction | None = None) -> None:
        """The one path after every change (a click, an AI move, a timeout, a start, an end): the outbox
        is delivered, the live panel shows the latest state, the AI seats get their turn. via: the click
        on the panel that made the change (acknowledged): the panel is edited through it (_edit_panel)."""
        async with self.lock(channel_id):
            game = await self.service.game(game_id)
            if game is None:
                return
            ch = await self.channel(channel_id)
            if ch is None:
                await self.service.archive(game_id, "channel deleted")
                return
            async with self.working:
                with use(language(game)):  # what the channel shows speaks the game's language
                    now = await self.deliver(game, ch, via=via)
            if refresh:
                await self.refresh_panel(game_id, ch, now, via)
            await self.desks.refresh(game)  # (the state the change left: the deliveries change no state)
        if game.status == "active":  # the AI seats' turns, and a person's forced move (Rules.forced)
            self.bot.ai.kick(game_id, game)

    async def deliver(self, game: GameRow, ch, recovering: bool = False,
                      via: discord.Interaction | None = None) -> GameRow | None:
        """Shows the game's pending outbox items in order (callers hold the courier's lock). When
        recovering, a message already in the channel for an item is adopted instead of posted again.
        via: the click on the panel (a panel frozen into a record is edited through it).
        Returns the game's row as the deliveries left it (read again only after one that may change it)."""
        items = await self.service.store.pending(game.id)
        for i, item in enumerate(items):
            if item.kind == "ping":
                later = items[i + 1:]
                if any(x.kind != "ping" for x in later):
                    await self.service.delivered([item.id])  # a later change pings anew
                    continue
                if not item.data.get("reminder"):  # the remaining plain pings go out as one
                    pings = [x for x in items[i:] if x.kind == "ping" and not x.data.get("reminder")]
                    if item is not pings[0]:
                        continue
                    await self._ping(game, ch, pings, recovering)
                    continue
                await self._ping(game, ch, [item], recovering)
                continue
            found = await self._posted(game, ch, item) if recovering else None
            if found is not None:
                mid = found.id
                self._frozen.pop(game.id, None)
            else:
                show = getattr(self, f"_show_{item.kind}")
                mid = await (show(game, ch, item, via) if item.kind in EDIT_PANEL else show(game, ch, item))
            await self.service.delivered([item.id], mid)
            if item.kind not in KEEP_ROW:
                game = await self.service.game(game.id)  # panels and pings change the row
                if game is None:
                    return None
        return game

    async def _posted(self, game: GameRow, ch, item: OutboxItem) -> discord.Message | None:
        """The message that already shows `item` (posted before a crash, not yet marked), if any."""
        if item.kind not in ("image", "results", "standings", "panel"):
            return None
        if item.kind == "panel" and game.panel_message_id is not None:
            return None
        want = await self._signature(game, item)
        if item.kind in ("results", "standings"):
            ch = await self.home(game, ch)  # (a thread's game shows its end in the channel it was opened in)
        after = await self.service.store.last_shown(game.id) or game.lobby_message_id
        if item.kind == "image" and after:
            after -= 1  # (from the last shown message itself: the frozen record the picture may be on)
        try:
            async for msg in ch.history(limit=HISTORY, after=discord.Object(after) if after else None,
                                        oldest_first=True):
                if msg.author.id != self.bot.user.id:
                    continue
                sig = _signature(msg)
                if item.kind == "panel":
                    if _is_panel(msg, game):
                        await self.service.panel_posted(game.id, msg.id)
                        return msg
                elif sig[0].startswith(want[0]) and (sig[1:] == want[1:] or item.kind == "image"):
                    return msg  # (a chapter's picture may be on its frozen record: its caption says so)
        except discord.HTTPException as e:
            log.warning("game %s: could not read the channel's history: %s", game.id, e)
        return None

    async def _signature(self, game: GameRow, item: OutboxItem) -> tuple:
        if item.kind == "image":
            return await self._caption(game, item), None, None
        if item.kind == "results":
            return "", _("Game over"), _("Game {id}", id=game.id)
        return "", _("Game ended"), _("Game {id}", id=game.id)

    # ---- the kinds of items ---------------------------------------------------------------------
    async def _caption(self, game: GameRow, item: OutboxItem) -> str:
        """The line over a chapter's picture. The chapter that ended is found in the records (an item of
        before says its facts itself)."""
        ended = item.data.get("ended")
        if ended is True:
            ended = await self.service.chapter_ended(game, item.seq)
        return texts.caption(game, ended or None, item.data.get("started"))

    async def _show_freeze(self, game: GameRow, ch, item: OutboxItem,
                           via: discord.Interaction | None = None) -> None:
        self._frozen.pop(game.id, None)
        self._pictures.pop(game.id, None)  # (the next panel is a new message: its picture is uploaded anew)
        early = bool(item.data.get("ended_early")) or (item.data.get("heading") or {}).get("stage") == "ended"
        heading, lines = await self.service.day_record(game, item.seq, ended_early=early)
        if await self._edit_panel(ch, item.data["panel"], via,
                                  **messages.as_edit(messages.frozen(game, heading, lines, item.seq))):
            self._frozen[game.id] = (item.data["panel"], (heading, lines), item.seq)  # its picture goes onto it

    async def _show_image(self, game: GameRow, ch, item: OutboxItem,
                          via: discord.Interaction | None = None) -> int | None:
        """The chapter's picture: in the record just frozen from the panel (one message per chapter), or a
        message of its own (the game's first, or after a restart between the two)."""
        state = await self.service.state_at(game, item.seq)
        since = await self.service.store.previous_seq(game.id, "image", item.id)
        lines = await self.service.headlines(game, since, item.seq)
        png = await self.render(game, "round", *views.round_args(game_of(game), state, lines))
        caption = await self._caption(game, item)
        shown = v2.Shown("round.png", texts.alt_text(caption, lines), png) if png is not None else None
        frozen = self._frozen.pop(game.id, None)
        if frozen is not None and shown is not None and frozen[2] == item.seq:  # (the same change's record)
            mid, (heading, record), _seq = frozen
            if await self._edit_panel(ch, mid, via, **messages.as_edit(messages.frozen(game, heading, record,
                                                                                    item.seq, shown, caption))):
                return mid
        kw = messages.picture(caption, shown)
        msg = await self.send(ch, game.id, None, "", plain=lambda: messages.picture(caption, None), **kw)
        return msg.id if msg else None

    async def _show_results(self, game: GameRow, ch, item: OutboxItem) -> int | None:
        self.pings.forget(game.id)
        self._frozen.pop(game.id, None)
        state = await self.service.state_at(game, item.seq)
        await self._show_scoring(game, ch, state)
        png = await self.render(game, "results", *views.results_args(game_of(game), state))
        rows = await self.service.store.results_of(game.id)  # written by the finishing commit
        scope = ledger.scopes(game_of(game), game.guild_id)[-1]  # (the scope the results' ratings are of)
        for r in rows:
            rating = await self.service.store.rating(scope, r["player"])
            r["games"] = rating[2] if rating else 0
        shown = results_ui.results(game, state, png is not None, rows)
        home = await self.home(game, ch)
        msg = await self.send(home, game.id, png, "results.png", alt=texts.results_alt(game, state), **shown)
        await self.clear_ping(game, ch)
        return msg.id if msg else None

    async def _show_scoring(self, game: GameRow, ch, state: dict) -> None:
        """The last chapter's pictures, in the game's channel or thread before the results: the scoring
        phase picture by picture, for a game whose pictures module draws them (`scoring`, render/named.py)."""
        if self.bot.renderer is not None and not hasattr(self.bot.renderer, "scoring"):
            return
        pngs = cast("list[bytes] | None", await self.render(game, "scoring", *views.results_args(game_of(game), state)))
        if not pngs:
            return
        caption = _("How the game was scored, picture by picture:")
        if await self._gallery_posted(game, ch, caption):  # (posted before a crash, the results not yet)
            return
        shown = [v2.Shown(f"scoring{k + 1}.png", caption, png) for k, png in enumerate(pngs[:v2.GALLERY_MAX])]
        await self.send(ch, game.id, None, "", plain=lambda: messages.gallery(caption, []),
                        **messages.gallery(caption, shown))

    async def _gallery_posted(self, game: GameRow, ch, caption: str) -> bool:
        """Whether the scoring's gallery is in the channel already, since the last message shown."""
        after = await self.service.store.last_shown(game.id)
        try:
            async for msg in ch.history(limit=HISTORY, after=discord.Object(after) if after else None):
                if msg.author.id == self.bot.user.id and caption in _signature(msg)[0]:
                    return True
        except discord.HTTPException as e:
            log.warning("game %s: could not read the channel's history: %s", game.id, e)
        return False

    async def _show_standings(self, game: GameRow, ch, item: OutboxItem) -> int | None:
        self.pings.forget(game.id)
        self._frozen.pop(game.id, None)
        home = await self.home(game, ch)
        if game.state is None and game.lobby_message_id:  # a lobby closed: its buttons go
            await self._edit(home, game.lobby_message_id, **messages.as_edit(lobby_ui.lobby(game)))
        await self.clear_ping(game, ch)
        msg = await self.send(home, game.id, None, "", **results_ui.standings(game, item.data["reason"]))
        return msg.id if msg else None

    async def home(self, game: GameRow, ch):
        """The channel of a game's lobby and results: the one its thread was opened in (that thread itself
        when the channel can't be reached), else its own."""
        if game.home_id is None or game.home_id == getattr(ch, "id", None):
            return ch
        return await self.channel(game.home_id) or ch

    async def _show_panel(self, game: GameRow, ch, item: OutboxItem) -> int | None:
        if game.status != "active" or game.panel_message_id is not None:
            return None
        msg = await self.post_panel(game, ch)
        return msg.id if msg else None

    async def _ping(self, game: GameRow, ch, items: list[OutboxItem], recovering: bool) -> None:
        """One ping naming everyone of these items who still has to decide and is to be mentioned (cogs/pings.py:
        a reminder of a turn timer always; the turn, the first time or after a while); nobody: none, and an
        older ping, about a decision made since, goes."""
        deciding = set(game_of(game).rules.deciders(game.live)) if game.status == "active" else set()
        seats = sorted({s for x in items for s in x.data["seats"] if s in deciding and not game.is_ai(s)})
        due = items[0].data.get("reminder")
        note = ""
        if seats and not due:
            seats, note = await self.pings.mentions(game, seats)
        text = None
        if seats:
            text = texts.reminder_text(game, seats, due) if due else texts.ping_text(game, seats)
            text += f"\n-# {note}" if note else ""
        mid = None
        if text:
            found = await self._posted_text(game, ch, text) if recovering else None
            mid = found.id if found else await self._post_ping(game, ch, text)
        elif game.ping_message_id is not None:
            await self.clear_ping(game, ch)
        await self.service.delivered([x.id for x in items], mid)

    async def _posted_text(self, game: GameRow, ch, text: str) -> discord.Message | None:
        after = max(filter(None, (await self.service.store.last_shown(game.id), game.panel_message_id,
                                  game.ping_message_id)), default=None)
        try:
            async for msg in ch.history(limit=HISTORY, after=discord.Object(after) if after else None):
                if msg.author.id == self.bot.user.id and msg.content == text:
                    await self.service.ping_posted(game.id, msg.id)
                    return msg
        except discord.HTTPException:
            pass
        return None

    async def _post_ping(self, game: GameRow, ch, text: str) -> int | None:
        """Posts the game's new ping and deletes the previous one, so only one stays in the channel."""
        old = game.ping_message_id
        mentions = discord.AllowedMentions(users=True, roles=False, everyone=False)
        msg = await self.send(ch, game.id, None, "", content=text, allowed_mentions=mentions)
        if msg is None:
            return None
        await self.service.ping_posted(game.id, msg.id)
        await self._delete(ch, old)
        return msg.id

    async def clear_ping(self, game: GameRow, ch) -> None:
        """Nobody the ping named is waited for any more (the game is over, a move was taken back)."""
        if game.ping_message_id is not None:
            await self._delete(ch, game.ping_message_id)
            await self.service.ping_posted(game.id, None)

    # ---- the panel --------------------------------------------------------------------------------
    async def panel_picture(self, game: GameRow) -> v2.Shown | None:
        """The panel's picture: the game's own (its panel's Picture), else its round picture of the present
        moment; the one the panel has already is kept when nothing it shows changed (no upload)."""
        played = game_of(game)
        with use(language(game)):
            msg = messages.game_panel(game, any_language=True)
            pic = msg.picture or Picture("round", views.round_args(played, game.live, []), "panel.png")
            alt = texts.alt_text(texts.title(game), list(game.recent[-2:]))
        key = (language(game), pic.name, hashlib.sha1(json.dumps(pic.args, sort_keys=True, default=str)
                                                      .encode()).hexdigest())
        hit = self._pictures.get(game.id)
        if hit is not None and hit[0] == key and hit[1] is not None:
            return v2.Shown(pic.filename, alt, kept=hit[1])
        with use(language(game)):  # (a public picture: the game's language, whoever's click it follows)
            png = await self.render(game, pic.name, *pic.args)
        if png is None:
            return None
        self._pictures[game.id] = (key, None)
        return v2.Shown(pic.filename, alt, png)

    def _uploaded(self, game_id: int, answer, filename: str) -> None:
        """The attachment id of the panel's picture just uploaded (Discord's answer: a Message or its data)."""
        hit = self._pictures.get(game_id)
        atts = getattr(answer, "attachments", None) if not isinstance(answer, dict) else answer.get("attachments")
        found = next((a for a in atts or [] if (a["filename"] if isinstance(a, dict) else a.filename) == filename),
                     None)
        if hit is not None and found is not None:
            self._pictures[game_id] = (hit[0], int(found["id"] if isinstance(found, dict) else found.id))
            self._pictures.move_to_end(game_id)
            while len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)

    async def build_panel(self, game: GameRow) -> None:
        """The game's panel built in a render worker process, not on the event loop, unless it is built
        already (ui/messages.py keeps it; the loop builds it itself when there is no such worker, or it failed)."""
        lang = i18n.supported(language(game))  # (as game_panel compares it: i18n.current())
        if self.bot.renderer is not None or self.workers.processes == 0 or game.state_json is None \
                or messages.has_panel(game, lang):
            return
        played = game_of(game)
        try:
            msg = await self.workers.run(built_panel, lang, game.game, table_of(game), views.public(played, game.live))
        except Exception:
            log.exception("the panel of game %s could not be built in a worker", game.id)
            return
        messages.keep_panel(game, lang, msg)

    async def post_panel(self, game: GameRow, ch, note: str | None = None) -> discord.Message | None:
        self._pictures.pop(game.id, None)  # (a new message: its picture is uploaded)
        await self.build_panel(game)  # (first: the picture is the panel's own, so it needs the panel built)
        shown = await self.panel_picture(game)
        undo = await self.service.undo_seat(game)
        msg = await self.send(ch, game.id, None, "", plain=lambda: messages.panel(game, note, undo),
                              **messages.panel(game, note, undo, shown))
        if msg is not None:
            await self.service.panel_posted(game.id, msg.id)
            game.panel_message_id = msg.id
            if shown is not None:
                self._uploaded(game.id, msg, shown.filename)
        return msg

    async def refresh_panel(self, game_id: int, ch, game: GameRow | None = None,
                            via: discord.Interaction | None = None) -> None:
        """Edits the live panel to the latest state (re-posted if it was deleted), its picture drawn first
        (outside the game's action lock: clicks do not wait for it). The edit runs under the lock, so edits
        reach Discord in the order of the moves; a picture of a moment passed meanwhile is drawn again. No-op
        while a new one is due. game: the row as the caller just read it (its first picture drawn from it;
        the row is read again under the lock before the edit)."""
        for attempt in range(3):
            if attempt or game is None:
                game = await self.service.game(game_id)
            if game is None or game.status != "active" or game.panel_message_id is None:
                return
            await self.build_panel(game)
            shown = await self.panel_picture(game)
            async with self.service.lock(ch.id), self.working:
                now = await self.service.game(game_id)
                if now is None or now.status != "active" or now.panel_message_id is None:
                    return
                if now.seq != game.seq or now.panel_message_id != game.panel_message_id:
                    continue  # the game moved on while the picture was drawn: draw the present one
                undo = await self.service.undo_seat(now)
                answer = await self._edit_panel(ch, now.panel_message_id, via,
                                                **messages.as_edit(messages.panel(now, undo=undo, shown=shown)))
                if answer is None:
                    with use(language(now)):
                        await self.post_panel(now, ch, note=_("_(The previous panel was deleted.)_"))
                elif shown is not None and shown.png is not None:
                    self._uploaded(game_id, answer, shown.filename)
                return

    async def repost(self, game: GameRow) -> None:
        """/play board: a new panel at the bottom; the old one is deleted (or marked as moved)."""
        async with self.lock(game.channel_id):
            ch = await self.channel(game.channel_id)
            if ch is None:
                return
            async with self.service.lock(game.channel_id):
                game = await self.service.game(game.id)
                if game is None or game.status != "active" or game.panel_message_id is None:
                    return
                old = game.panel_message_id
                await self.post_panel(game, ch)
            if old == game.panel_message_id:
                return
            try:
                await ch.get_partial_message(old).delete()
            except discord.HTTPException:
                with use(language(game)):
                    await self._edit(ch, old, content=_("The panel moved below."), embed=None, view=None)

    async def post_lobby(self, game: GameRow, ch, note: str | None = None) -> discord.Message | None:
        msg = await self.send(ch, game.id, None, "", **lobby_ui.lobby(game, note))
        if msg is not None:
            await self.service.lobby_posted(game.id, msg.id)
        return msg

    # ---- start-up ---------------------------------------------------------------------------------
    async def recover(self, owned=None) -> None:
        """After a restart: each open game, and each finished one with something left to show, is brought
        up to date (outbox delivered, panel edited or posted, lobby message restored); AI seats resume.
        A game that cannot be read is logged with its id, its channel is told, and the others go on.
        owned: only the games of these shards (db/shards.py), whose leases this process just took."""
        store = self.service.store
        for problem in store.problems[:5]:
            log.error("database check (PRAGMA quick_check): %s", problem)
        if len(store.problems) > 5:
            log.error("database check (PRAGMA quick_check): %d more problems", len(store.problems) - 5)
        try:
            refs = dict(await store.open_game_refs(owned))
            for gid in await store.games_with_pending(owned):
                if gid not in refs:
                    try:
                        refs[gid] = await store.channel_of(gid)
                    except Exception:
                        log.exception("start-up: game %s has posts pending but cannot be read", gid)
        except StoreError as e:  # (damaged, or the storage refused: no traceback, the cause is said)
            log.error("start-up: the list of games could not be read (%s); no game was repaired", e)
            return
        except Exception:
            log.exception("start-up: the list of games could not be read; no game was repaired")
            return
        for gid, channel_id in sorted(refs.items()):
            if channel_id is None:
                continue
            try:
                await self._recover_one(gid, channel_id)
            except DatabaseDamaged as e:  # its record can't be read: named once, its channel told once
                if self.service.damage.found(e, gid, channel_id):
                    await self.tell_damaged(gid, channel_id)
            except StoreError:  # the storage failed: said once by the store; the next start repairs it
                pass
            except Exception as e:
                log.exception("start-up: game %s (channel %s) could not be recovered", gid, channel_id)
                if self.service.damage.found(e, gid, channel_id):
                    await self.tell_damaged(gid, channel_id)

    async def tell_damaged(self, gid: int, channel_id: int | None) -> None:
        """The channel of a game that can't be read is told so, once (app/damage.py decides when)."""
        if channel_id is None:
            try:
                channel_id = await self.service.store.channel_of(gid)
            except StoreError:
                return
        ch = await self.channel(channel_id) if channel_id is not None else None
        if ch is not None:
            try:
                await ch.send(_(DAMAGED, gid=gid))
            except discord.HTTPException as e:
                log.warning("game %s: could not tell its channel that it is damaged: %s", gid, e)

    async def tell_unsaved(self) -> None:
        """After a crash, once: the people whose clicks the dead process acknowledged but never saved are
        told in their channel to make them again (app/clicks.py)."""
        journal = self.service.clicks
        left, journal.left = journal.left, []
        if not left:
            return
        lost = await self.service.unapplied(left)
        by_channel: dict[tuple[int, int], list[int]] = {}
        for c in lost:
            by_channel.setdefault((c.channel_id, c.game_id), []).append(c.user_id)
        for (channel_id, gid), users in sorted(by_channel.items()):
            ch = await self.channel(channel_id)
            if ch is None:
                continue
            try:
                game = await self.service.game(gid)
            except StoreError:
                game = None
            people = sorted(set(users))
            with use(language(game) if game is not None else None):
                text = n_("⚠️ {who}: the bot restarted before your click was saved, so it was not applied. "
                          "Please make it again.",
                          "⚠️ {who}: the bot restarted before your clicks were saved, so they were not applied. "
                          "Please make them again.", len(users), who=" ".join(f"<@{u}>" for u in people))
            try:
                await ch.send(text, allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(u) for u in people]))
            except discord.HTTPException as e:
                log.warning("channel %s: could not tell %s of their lost clicks: %s", channel_id, people, e)
        log.warning("start-up: %d click(s) were acknowledged but never saved before the restart: their "
                    "players were told (%d were saved after all)", len(lost), len(left) - len(lost))
        for c in left:
            journal.end(c.id)

    async def _recover_one(self, gid: int, channel_id: int) -> None:
        async with self.lock(channel_id):
            game = await self.service.game(gid)
            if game is None:
                raise LookupError(f"game {gid} is listed but its row cannot be read")
            _ = game.state  # parsed now: a damaged state is found here, not in the middle of a move
            ch = await self.channel(channel_id)
            if ch is None:
                await self.service.archive(gid, "channel deleted")
                return
            if game.status == "lobby":
                home = await self.home(game, ch)
                if not game.lobby_message_id or not await self._exists(home, game.lobby_message_id):
                    with use(language(game)):
                        note = _("_(The lobby was posted again after a restart.)_")
                    await self.post_lobby(game, home, note=note)
                return
            with use(language(game)):
                await self.deliver(game, ch, recovering=True)
            game = await self.service.game(gid)
            if game.status == "active":
                if game.panel_message_id is None:
                    await self.post_panel(game, ch)
                else:
                    await self.refresh_panel(gid, ch)
        if game.status == "active":
            self.bot.ai.kick(gid)

    async def lobby_shown(self, game: GameRow) -> bool:
        """Whether the lobby's message is still in its channel."""
        if not game.lobby_message_id:
            return False
        ch = await self.channel(game.home)
        return ch is not None and await self._exists(ch, game.lobby_message_id)

    async def _exists(self, ch, message_id: int) -> bool:
        try:
            await ch.fetch_message(message_id)
            return True
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return True  # can't tell: don't post a second one

    # ---- listeners ----------------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel) -> None:
        try:
            game = await self.service.in_channel(channel.id)
        except StoreError:  # (damaged or refused: said once elsewhere; its channel is gone anyway)
            return
        if game is not None:
            await self.service.archive(game.id, "channel deleted")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A game's thread was deleted: the game ends with nothing to show (as a deleted channel's)."""
        await self.on_guild_channel_delete(discord.Object(payload.thread_id))

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """A deleted panel or lobby comes back (buttons must stay reachable)."""
        if self._deleting.pop(payload.message_id, 0) is None:  # one of the bot's own deletions: not a panel
            return
        try:
            game = await self.service.in_channel(payload.channel_id)
            if game is None:  # (a lobby in the channel its thread was opened in)
                game = await self.service.store.open_lobby_in_home(payload.channel_id, payload.message_id)
        except StoreError:  # the channel's game can't be read (said once): nothing to bring back
            return
        if game is None or payload.message_id not in (game.panel_message_id, game.lobby_message_id):
            return
        async with self.lock(game.channel_id):
            ch = await self.channel(game.channel_id)
            if ch is None:
                return
            async with self.service.lock(game.channel_id):
                fresh = await self.service.game(game.id)
                with use(language(fresh)):
                    if fresh.status == "active" and fresh.panel_message_id == payload.message_id:
                        await self.post_panel(fresh, ch, note=_("_(The previous panel was deleted.)_"))
                    elif fresh.status == "lobby" and fresh.lobby_message_id == payload.message_id:
                        await self.post_lobby(fresh, await self.home(fresh, ch),
                                              note=_("_(The lobby was deleted: here it is again.)_"))


async def setup(bot):
    bot.courier = Courier(bot)
    await bot.add_cog(bot.courier)
