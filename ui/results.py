"""The end of a game: the results of a finished game, the standings of one ended early."""

import discord

from db import GameRow

from .components import clip
from .layout import BROWN, GREEN


def results(game: GameRow, state: dict, has_image: bool) -> dict:
    """The final message: title "Game over", the results image, the breakdown and the winners."""
    res = sorted(state["result"], key=lambda r: (r["rank"], r["seat"]))
    winners = [game.display(r["seat"]) for r in res if r["winner"]]
    head = (f"🏆 **{winners[0]}** wins!" if len(winners) == 1
            else "🏆 Shared victory: " + ", ".join(f"**{w}**" for w in winners))
    emb = discord.Embed(title="Game over", description=head, colour=GREEN)
    for r in res:
        v = r["vp"]
        emb.add_field(
            name=clip(f"{r['rank']}. {game.display(r['seat'])} — {r['total']} VP"
                      + (" 🏆" if r["winner"] else ""), 250),
            value=(f"Gold {v['gold']} · Favors {v['favors']} · Majority {v['majority']} · "
                   f"Townsfolk {v['townsfolk']} · Equipment {v['equipment']} · Damage {v['damage']} · "
                   f"During the game {v['game']} · ${r['silver']} left"),
            inline=False)
    if has_image:
        emb.set_image(url="attachment://results.png")
    emb.set_footer(text=f"Game {game.id}")
    return {"embed": emb}

def standings(game: GameRow, reason: str) -> dict:
    """Posted when a game is ended early: the current scores."""
    from .panel import public_vp
    st = game.state
    emb = discord.Embed(title="Game ended", description=reason, colour=BROWN)
    if st is not None:  # the gold tokens stay face down: an unfinished game reveals nothing
        vps = public_vp(st)
        rows = sorted(((vps[p["seat"]], game.display(p["seat"]), p["silver"]) for p in st["players"]),
                      reverse=True)
        emb.add_field(name="Standings when it ended (VP without gold)",
                      value="\n".join(f"{i + 1}. **{n}** — {t} VP (${s})"
                                      for i, (t, n, s) in enumerate(rows)))
    emb.set_footer(text=f"Game {game.id}")
    return {"embed": emb}
