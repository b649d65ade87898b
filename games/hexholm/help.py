"""/play help and /play rules for Hexholm: the game in a few lines, crediting Kingdom Builder and its designer,
and the rules by topic in our own words (RULES.md), found by their names in every language we have."""

from i18n.topics import Topics

from . import words
from .lang import _, p_
from .rules.constants import BUILDS, GOALS, LOCATIONS, SETTLEMENTS

TOPIC_KEYS = ("goal", "turn", "building", "tiles", "locations", "goals", "end", "board", "setups")


def topic_name(key: str) -> str:
    return {"goal": p_("rules topic", "goal"), "turn": p_("rules topic", "turn"),
            "building": p_("rules topic", "building"), "tiles": p_("rules topic", "tiles"),
            "locations": p_("rules topic", "locations"), "goals": p_("rules topic", "goals"),
            "end": p_("rules topic", "end"), "board": p_("rules topic", "board"),
            "setups": p_("rules topic", "setups")}[key]


def topic(key: str) -> str:
    if key == "goal":
        return _("**Goal**: settle the kingdom three settlements at a time and earn the most gold at the end: from "
                 "the keeps (always) and from the game's three goals, drawn from ten. You have {n} settlements.",
                 n=SETTLEMENTS)
    if key == "turn":
        return _("**A turn**: your terrain card is revealed (only you saw it before). Build {n} settlements on that "
                 "terrain (the mandatory build). Each tile you hold may be used once, before the build or after it, "
                 "never in the middle. Then you draw your next card, privately. No free hex of your terrain left: "
                 "the card is discarded and the next one revealed.", n=BUILDS)
    if key == "building":
        return _("**Where to build**: on a free hex of the card's terrain (Meadow, Badlands, Dunes, Blossom or "
                 "Woods; never on lakes, peaks, keeps or locations), **beside one of your settlements if you "
                 "can**: only when no free hex of that terrain touches yours may you build anywhere on it. This "
                 "is checked again before each settlement.")
    if key == "tiles":
        return _("**Tiles**: build or move next to a location that still has a tile and you take one (one per "
                 "location for each player, ever). You may use it from your next turn on, once a turn. If none of "
                 "your settlements is beside that location any more, the tile is lost for good.")
    if key == "locations":
        return _("**The eight locations** (four per game, one per section): {list}.", list="; ".join(
            f"**{words.location(k)}**: {words.power(k)}" for k in LOCATIONS))
    if key == "goals":
        return _("**Gold**: {list}.", list="; ".join(f"**{words.goal(g)}**: {words.goal_text(g)}"
                                                     for g in ("keeps", *GOALS)))
    if key == "end":
        return _("**The end**: when a player builds their last settlement, the round is played to its end so "
                 "that everyone has had as many turns; then the gold is counted. Equal gold shares the victory.")
    if key == "board":
        return _("**The board**: 20 × 20 hexes in four sections of 10 × 10, made for each game by our own "
                 "generator (each terrain 11-18 hexes a section, lakes and peaks, and three special hexes: keeps "
                 "and one kind of location). The picture's letters are your choices; the marks (Sh, Gr…) are the "
                 "locations, their dots the tiles left.")
    return _("**Setups** (the lobby): a new board and three goals drawn; the first-game setup (our first board "
             "with Anglers, Trade Road and Wardens); or *today's board*, the same board, goals and cards on "
             "every server today, with its board of best scores (`/play daily`). Barons may be left out of "
             "2-player games.")


def topic_names() -> list[str]:
    return [topic_name(k) for k in TOPIC_KEYS]


def help_text() -> str:
    return "\n".join([
        _("**Hexholm** (2-4 players) plays the rules of *Kingdom Builder*, Donald X. Vaccarino's game (Queen "
          "Games, Spiel des Jahres 2012), on boards of our own: each turn, build three settlements on the terrain "
          "your card shows, beside your own if you can; settle next to locations for tiles with extra actions; "
          "three goals of ten decide what earns gold."), "",
        _("**Play**: on your turn press **Decide**: a picture of the board around your choices, lettered, comes "
          "privately; build all three in one choice from the menu (best first), or one at a time with the "
          "letters. Tiles are buttons too. **My next card** shows your hidden card, **Board** the whole board (its "
          "picture follows every turn too); `/play rules` explains the rules by topic.")])


TOPICS = Topics(TOPIC_KEYS, topic_name, topic, help_text, lambda k: _("Topic: {name}", name=topic_name(k)))
