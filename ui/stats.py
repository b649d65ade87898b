"""Players' records as Discord shows them: a player's stats, the server's leaderboard (paged with buttons
that work after a restart), the history of a channel or server, a game's rating changes and why a game
was not rated. Built from the store's records (db/records.py); ratings are openskill's (app/ratings.py)."""

import discord

from app.ratings import MIN_GAMES, MU, SIGMA
from engine import registry
from engine.protocol import Game
from i18n import N_, _, n_, number, p_

from . import texts
from .components import clip, view_of
from .layout import BROWN, GREEN

PAGE = 10  # leaderboard lines per page
# a leaderboard page button: pdb:{guild}:{page}:{p or n}:{game}@{asked} (◀ or ▶: custom ids must differ on a
# message; asked: the id of the /play leaderboard whose answer it pages, so that it acts on no other message)
BOARD = (r"pdb:(?P<guild>[0-9]{1,20}):(?P<page>[0-9]{1,6}):(?P<way>[pn])(?::(?P<game>[a-z0-9-]{1,40}))?"
         r"(?:@(?P<asked>[0-9]{1,20}))?")
AI_LEVELS = {"ai:easy": N_("🤖 Easy AI"), "ai:hard": N_("🤖 Hard AI"), "ai:random": N_("🤖 Random AI")}
NOT_RATED = {"ended": N_("Not rated: the game was ended before its last day."),
             "no_person": N_("Not rated: no person played it to the end (an AI took every seat)."),
             "too_few": N_("Not rated: fewer than two of its players played it to the end."),
             "solo": N_("Not rated: a game played alone has no opponent to be rated against.")}


def shown(mu: float | None, sigma: float | None) -> float:
    """The value boards order by: mu - 3 sigma (a new player: 0)."""
    return (MU if mu is None else mu) - 3 * (SIGMA if sigma is None else sigma)


def who(player: str, name: str) -> str:
    return _(AI_LEVELS[player]) if player in AI_LEVELS else name


def rating_lines(rows: list[dict]) -> str | None:
    """The rating change of each rated seat of a finished game ("ann 3.1 → 5.4 (+2.3)"); a player with
    fewer than MIN_GAMES rated games (r["games"], after this one) is provisional, without a number (a
    newcomer's first loss is no negative rating). None if no seat was rated."""
    out = []
    seen = set()
    for r in rows:
        if not r["rated"] or r["mu_after"] is None or r["player"] in seen:
            continue  # (two seats of one AI level share its rating: said once)
        seen.add(r["player"])
        if r.get("games") is not None and r["games"] < MIN_GAMES:
            out.append(provisional_line(who(r["player"], r["name"]), r["games"]))
            continue
        before = shown(r["mu_before"], r["sigma_before"])
        after = shown(r["mu_after"], r["sigma_after"])
        delta = after - before
        out.append(f"{who(r['player'], r['name'])} {number(before, 1)} → **{number(after, 1)}** "
                   f"({'+' if delta >= 0 else '−'}{number(abs(delta), 1)})")
    return "\n".join(out) or None


def provisional_line(name: str, games: int) -> str:
    return _("{who}: provisional, {n} of {total} rated games (the rating shows after {total})", who=name, n=games,
             total=MIN_GAMES)


# ---- /play stats --------------------------------------------------------------------------------
def stats(game: Game, name: str, st: dict, rating: tuple | None, place: int | None, everywhere: bool) -> discord.Embed:
    """A player's record in one game: totals, by player count, mean points per category, what they played
    most, against the AIs, rating."""
    where = _("all servers") if everywhere else _("this server")
    title = game.texts._(game.name)
    emb = discord.Embed(title=clip(_("{game} record — {name}", game=title, name=name), 250), colour=GREEN)
    emb.set_footer(text=_("Games played to the end on {where}", where=where))
    if not st["games"]:
        emb.description = _("No finished games yet on {where}. Play one: `/play new`.", where=where)
        return emb
    show = game.show
    lines = [n_("**{n}** game", "**{n}** games", st["games"]) + " · "
             + n_("{n} win", "{n} wins", st["wins"]) + f" ({number(100 * st['wins'] / st['games'], 0)} %)",
             _("Average {mean} · best {best}", mean=number(st["mean"], 1), best=texts.points(game, st["best"]))]
    if rating is not None:
        mu, sigma, games = rating
        if games >= MIN_GAMES:
            line = _("Rating **{value}** (μ {mu}, σ {sigma})", value=number(mu - 3 * sigma, 1),
                     mu=number(mu, 1), sigma=number(sigma, 1))
            if place is not None:
                line += " · " + _("#{place} on the leaderboard", place=place)
        else:
            line = _("Rating: provisional, {n} of {total} rated games (the rating shows after {total})", n=games,
                     total=MIN_GAMES)
        lines.append(line)
    emb.description = "\n".join(lines)
    emb.add_field(name=_("By number of players"), inline=False, value="\n".join(
        n_("{n} player", "{n} players", k) + ": " + n_("{n} game", "{n} games", v["games"]) + ", "
        + n_("{n} win", "{n} wins", v["wins"]) + " · " + _("average {mean}, best {best}",
                                                          mean=number(v["mean"], 1), best=v["best"])
        for k, v in sorted(st["by_players"].items())))
    if st["categories"]:
        emb.add_field(name=_("Average points by category"), inline=False, value=clip(" · ".join(
            f"{texts.category(game, c)} {number(v, 1)}" for c, v in st["categories"].items()), 1024))
    for key, value in st["most"].items():
        shown = show.detail(key, value)
        if shown:
            emb.add_field(name=clip(shown[0], 250), value=clip(shown[1], 1024))
    vs = [f"{_(AI_LEVELS[k])}: " + n_("{n} game", "{n} games", v["games"]) + ", "
          + _("finished ahead {n}×", n=v["ahead"]) for k, v in st["vs_ai"].items() if k in AI_LEVELS]
    if vs:
        emb.add_field(name=_("Against the AIs"), value="\n".join(vs))
    return emb


# ---- /play leaderboard ------------------------------------------------------------------------
class BoardButton(discord.ui.DynamicItem[discord.ui.Button], template=BOARD):
    """◀ / ▶ under a leaderboard: shows page `page` of the server's board of one game (the guild is
    checked). Buttons made before there were several games carry no game: the first installed one."""

    def __init__(self, guild: int, page: int, way: str, game: str = "", disabled: bool = False,
                 asked: int | None = None):
        suffix = (f":{game}" if game else "") + (f"@{asked}" if asked is not None else "")
        super().__init__(discord.ui.Button(label="◀" if way == "p" else "▶", style=discord.ButtonStyle.secondary,
                                           custom_id=f"pdb:{guild}:{page}:{way}{suffix}", disabled=disabled))
        self.guild, self.page, self.game, self.asked = guild, page, game, asked
        self.malformed = False

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        made = cls(int(match["guild"]), int(match["page"]), match["way"], match["game"] or "",
                   asked=int(match["asked"]) if match["asked"] else None)
        made.malformed = not isinstance(item, discord.ui.Button) or item.disabled  # answered, not run
        return made

    async def callback(self, interaction: discord.Interaction):
        if self.malformed:
            await interaction.client.table.unknown(interaction)  # type: ignore[attr-defined]
            return
        game = registry.find(self.game) if self.game else registry.games()[0]
        await interaction.client.records.page(interaction, game, self.guild, self.page,  # type: ignore[attr-defined]
                                              self.asked)


def board(game: Game, server: str, guild: int, page: int, total: int, rows: list[dict],
          mine: tuple[int, float] | None, provisional: list[dict] | None = None, asked: int | None = None) -> dict:
    """One page of a server's leaderboard of one game (page from 0), with ◀ ▶ buttons; mine: the reader's
    (place, value) when they are on the board but not on this page; provisional: the players with rated
    games not yet on it (listed apart, on the first page)."""
    pages = max(1, -(-total // PAGE))
    emb = discord.Embed(title=clip(_("Leaderboard — {server} · {game}", server=server, game=game.texts._(game.name)),
                                   250), colour=BROWN)
    if not rows:
        emb.description = n_("Nobody is on the board yet: a player appears after {n} game played to the end "
                             "(`/play new`).", "Nobody is on the board yet: a player appears after {n} games "
                             "played to the end (`/play new`).", MIN_GAMES)
    else:
        emb.description = "\n".join(
            f"{page * PAGE + i + 1}. **{who(r['player'], r['name'])}** — {number(r['shown'], 1)} "
            f"({n_('{n} game', '{n} games', r['games'])})" for i, r in enumerate(rows))
        if mine is not None:
            emb.description += "\n\n" + _("You: #{place} ({value})", place=mine[0], value=number(mine[1], 1))
    if provisional and page == 0:
        names = ", ".join(f"{who(r['player'], r['name'])} ({r['games']}/{MIN_GAMES})" for r in provisional)
        emb.add_field(name=_("Provisional (fewer than {n} rated games)", n=MIN_GAMES), value=clip(names, 1024),
                      inline=False)
    emb.set_footer(text=_("Page {page}/{pages} · rating = μ − 3σ (openskill), after {n} rated games",
                          page=page + 1, pages=pages, n=MIN_GAMES))
    view = view_of([BoardButton(guild, max(page - 1, 0), "p", game.key, disabled=page == 0, asked=asked),
                    BoardButton(guild, min(page + 1, pages - 1), "n", game.key, disabled=page >= pages - 1,
                                asked=asked)])
    return {"embed": emb, "view": view}


# ---- /play daily ------------------------------------------------------------------------------
def day_board(game: Game, day: str, server: str, rows: list[dict], everywhere: dict, reader: str) -> discord.Embed:
    """The day's board of a game everyone may play that day (Game.daily): each person's best score of the
    day on this server, then every server's count and best, and the reader's place among them."""
    name = game.texts._(game.name)
    emb = discord.Embed(title=clip(_("Today's game — {game} · {day}", game=name, day=day), 250), colour=BROWN)
    if not rows:
        emb.description = _("Nobody here has played today's game yet. Open a table with `/play new {key}` and "
                            "choose today's map: everyone who plays it today gets the same map and cards.",
                            key=game.key)
    else:
        lines = []
        for i, r in enumerate(rows):
            mark = " ←" if r["player"] == reader else ""
            seats = n_("a table of {n}", "a table of {n}", r["players"])  # (its own words: Polish "Dla…" fits a list)
            number_ = p_("a game on a board", "game {id}", id=r["game_id"])
            lines.append(f"{i + 1}. **{clip(r['name'], 40)}** — {r['total']} ({seats}, {number_}){mark}")
        emb.description = "\n".join(lines)
    all_ = [n_("Every server: {n} person played today's game", "Every server: {n} people played today's game",
               everywhere["players"])]
    if everywhere["best"] is not None:
        all_.append(_("the best score is {points}", points=everywhere["best"]))
    if everywhere["place"] is not None:
        all_.append(_("you are #{place} with {points}", place=everywhere["place"], points=everywhere["mine"]))
    emb.add_field(name=_("Everywhere"), value=" · ".join(all_) + ".", inline=False)
    emb.set_footer(text=clip(_("{server} · a new game every day at 00:00 UTC · each person's best score of the day",
                               server=server), 2000))
    return emb


# ---- /play history ----------------------------------------------------------------------------
def history(title: str, games: list[dict], guild_id: int | None) -> discord.Embed:
    """The last finished games: number, date (each reader's own time zone), players and scores by rank,
    the winner, and a link to the results message."""
    emb = discord.Embed(title=clip(title, 250), colour=BROWN)
    if not games:
        emb.description = _("No game has been played to the end here yet.")
        return emb
    lines = []
    for g in games:
        seats = " · ".join(f"{who(s['player'], s['name'])} {s['total']}" + (" 🏆" if s["winner"] else "")
                           for s in g["seats"])
        played = registry.find(g.get("game") or "")
        kind = f" · {played.texts._(played.name)}" if played else ""
        line = f"**{_('Game {id}', id=g['game_id'])}**{kind} · <t:{int(g['finished_at'])}:d> · {seats}"
        if g["message_id"] and guild_id:
            line += " · " + _("[results]({url})", url=f"https://discord.com/channels/{guild_id}/"
                                                       f"{g['channel_id']}/{g['message_id']}")
        lines.append(line)
    emb.description = clip("\n".join(lines), 4000)
    return emb
