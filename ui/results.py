"""The end of a game: the results of a finished game, the standings of one ended early."""

import discord

from app import ledger
from app.tables import game_of
from db import GameRow
from engine import views
from i18n import _

from . import stats, texts
from .components import GameButton, clip, view_of
from .layout import BROWN, GREEN
from .texts import public, table_of


@public
def results(game: GameRow, state: dict, has_image: bool, rows: list[dict] | None = None,
            filename: str = "results.png") -> dict:
    """The final message: title "Game over", the results image, each seat's points by category and the
    winners; with the game's results rows (db/records.py), each rated player's rating change, or why it
    was not rated."""
    played = game_of(game)
    res = sorted(played.rules.results(state), key=lambda r: (r.rank, r.seat))
    winners = [game.display(r.seat) for r in res if r.winner]
    head = ("🏆 " + _("**{who}** wins!", who=winners[0]) if len(winners) == 1
            else "🏆 " + _("Shared victory: {who}", who=", ".join(f"**{w}**" for w in winners)))
    emb = discord.Embed(title=_("Game over"), description=head, colour=GREEN)
    for r in res:
        emb.add_field(name=clip(f"{r.rank}. {game.display(r.seat)} — {texts.total(played, r)}"
                                + (" 🏆" if r.winner else ""), 250),
                      value=clip(texts.result_line(played, r), 1024), inline=False)
    if rows is not None:
        changes = stats.rating_lines(rows)
        why = ledger.why_not_rated(game, played.rules.is_over(state), res)
        if changes:
            emb.add_field(name=_("Rating"), value=changes, inline=False)
        elif why:
            emb.add_field(name=_("Rating"), value=_(stats.NOT_RATED[why]), inline=False)
    if has_image:
        emb.set_image(url=f"attachment://{filename}")
    emb.set_footer(text=_("Game {id}", id=game.id))
    return {"embed": emb, "view": after_game(game, review=played.coach is not None)}


def after_game(game: GameRow, review: bool = False) -> discord.ui.View:
    """The buttons under a game that is over: a rematch with the same table; for a game played to the end,
    a private review of one's own decisions."""
    items = [GameButton(game.id, game.seq, "rematch", _("Rematch"), discord.ButtonStyle.success, "🔁")]
    if review:
        items.append(GameButton(game.id, game.seq, "review", _("Review my game"), discord.ButtonStyle.secondary,
                                "🧭"))
    return view_of(items)


@public
def standings(game: GameRow, reason: str) -> dict:
    """Posted when a game is ended early: the scores so far, as everyone may know them."""
    st = game.state
    emb = discord.Embed(title=_("Game ended"), description=reason, colour=BROWN)
    emb.set_footer(text=_("Game {id}", id=game.id))
    if st is None:
        return {"embed": emb}
    emb.description = f"{reason}\n{_(stats.NOT_RATED['ended'])}"
    said = views.standings(game_of(game), table_of(game), st)
    if said is None:
        return {"embed": emb, "view": after_game(game)}
    heading, rows = said
    emb.add_field(name=clip(heading, 250),
                  value=clip("\n".join(f"{i + 1}. **{game.display(seat)}** — {score}"
                                       for i, (seat, score) in enumerate(rows)), 1024) or "—")
    return {"embed": emb, "view": after_game(game)}
