"""The end of a game: the results of a finished game, the standings of one ended early."""

import discord

from app import ledger
from db import GameRow
from i18n import _, n_

from . import stats
from .components import GameButton, clip, view_of
from .layout import BROWN, GREEN
from .texts import public


@public
def results(game: GameRow, state: dict, has_image: bool, rows: list[dict] | None = None) -> dict:
    """The final message: title "Game over", the results image, the breakdown and the winners; with the
    game's results rows (db/records.py), each rated player's rating change, or why it was not rated."""
    res = sorted(state["result"], key=lambda r: (r["rank"], r["seat"]))
    winners = [game.display(r["seat"]) for r in res if r["winner"]]
    head = ("🏆 " + _("**{who}** wins!", who=winners[0]) if len(winners) == 1
            else "🏆 " + _("Shared victory: {who}", who=", ".join(f"**{w}**" for w in winners)))
    emb = discord.Embed(title=_("Game over"), description=head, colour=GREEN)
    for r in res:
        v = r["vp"]
        emb.add_field(
            name=clip(f"{r['rank']}. {game.display(r['seat'])} — {n_('{n} VP', '{n} VP', r['total'])}"
                      + (" 🏆" if r["winner"] else ""), 250),
            value=_("Gold {gold} · Favors {favors} · Majority {majority} · Townsfolk {townsfolk} · "
                    "Equipment {equipment} · Damage {damage} · During the game {game} · ${silver} left",
                    silver=r["silver"], **v),
            inline=False)
    if rows is not None:
        changes = stats.rating_lines(rows)
        why = ledger.why_not_rated(game, state)
        if changes:
            emb.add_field(name=_("Rating"), value=changes, inline=False)
        elif why:
            emb.add_field(name=_("Rating"), value=_(stats.NOT_RATED[why]), inline=False)
    if has_image:
        emb.set_image(url="attachment://results.png")
    emb.set_footer(text=_("Game {id}", id=game.id))
    return {"embed": emb, "view": after_game(game, review=True)}


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
    """Posted when a game is ended early: the current scores."""
    from games.pioneer_days.panel import public_vp
    st = game.state
    emb = discord.Embed(title=_("Game ended"), description=reason, colour=BROWN)
    if st is not None:  # the gold tokens stay face down: an unfinished game reveals nothing
        emb.description = f"{reason}\n{_(stats.NOT_RATED['ended'])}"
        vps = public_vp(st)
        rows = sorted(((vps[p["seat"]], game.display(p["seat"]), p["silver"]) for p in st["players"]),
                      reverse=True)
        emb.add_field(name=_("Standings when it ended (VP without gold)"),
                      value="\n".join(f"{i + 1}. **{n}** — {n_('{n} VP', '{n} VP', t)} (${s})"
                                      for i, (t, n, s) in enumerate(rows)))
        emb.set_footer(text=_("Game {id}", id=game.id))
        return {"embed": emb, "view": after_game(game)}
    emb.set_footer(text=_("Game {id}", id=game.id))
    return {"embed": emb}
