"""/play rules for Ridgeline: the rules by topic, in our own words, found by their names in every language
we have; and how it is played on Discord. The help names the original game, Solstis, and its designers."""

from i18n.topics import Topics

from . import words
from .lang import _, n_, p_
from .rules import board as B
from .rules import spirits as S
from .rules.constants import HAND, HEAD_START, LEGS, QUEUE, RAINBOWS

TOPIC_KEYS = ("goal", "turn", "second", "rainbows", "spirits", "list", "beacons", "scoring", "end", "discord")


def topic_name(key: str) -> str:
    return {"goal": p_("rules topic", "goal"), "turn": p_("rules topic", "a turn"),
            "second": p_("rules topic", "second chance"), "rainbows": p_("rules topic", "rainbows"),
            "spirits": p_("rules topic", "spirits"), "list": p_("rules topic", "the spirits one by one"),
            "beacons": p_("rules topic", "beacons"), "scoring": p_("rules topic", "scoring"),
            "end": p_("rules topic", "the end"), "discord": p_("rules topic", "playing on Discord")}[key]


def topic(key: str) -> str:
    if key == "goal":
        return _("**Goal**: a picture of a coast, torn into {n} tiles, is rebuilt by two players, each in their "
                 "own panorama. A tile's row is its colour ({rows}, bottom to top) and its column its value "
                 "(1–10); every tile has one place. Score stars for your largest area, your lit beacons and the "
                 "spirits you meet.", n=B.SPOTS, rows=", ".join(words.row_name(r) for r in range(1, B.ROWS + 1)))
    if key == "turn":
        return _("**A turn**: you hold {hand} tiles; {queue} tiles lie face up in the queue, most with a tile face "
                 "down under them. Play a tile from your hand: if it has the row (colour) or the value of a "
                 "face-up queue tile, it captures it (you must, if it can; choose which if several), and both go "
                 "to their places in your panorama. The tile under the captured one turns face up. Your hand is "
                 "filled again to {hand} when your next turn begins.", hand=HAND, queue=QUEUE)
    if key == "second":
        return _("**Second chance**: a tile that captures nothing goes face up into the queue (its leftmost empty "
                 "column, or a new one). Then you turn up the deck's top tile: if it captures (the tile you just "
                 "played too), it does. If not, it goes into the queue as well and you take a rainbow.")
    if key == "rainbows":
        return _("**Rainbows** ({n} in all) are jokers: one goes on an empty spot next to one of your pieces (on "
                 "the bottom row if your panorama is empty). They join areas, squares and beacon paths, but "
                 "score nothing themselves. When you win the tile of a rainbow's spot, the tile takes its place "
                 "and the rainbow moves, unless a spirit sits on it: then that tile is out of the game.",
                 n=RAINBOWS)
    if key == "spirits":
        return _("**Spirits**: when your turn completes a square of 2 × 2 pieces in your panorama, you meet a "
                 "spirit (one a turn): take one of the spirits face up, or draw two face down, keep one and put "
                 "the other face up. It sits on the square (the one with the fewest rainbows if several) and "
                 "is worth a star. Some act at once, some score at the end; the Raven is a curse. Beginner mode "
                 "leaves the Raven out.")
    if key == "list":
        return "**" + _("The spirits") + "**\n" + "\n".join(f"{S.glyph(k)} {words.spirit(k)}" for k in S.KEYS)
    if key == "beacons":
        return _("**Beacons**: the top tile of each column 2–9 carries a beacon. A beacon is lit when a path of "
                 "your pieces joins it to your bottom row: {n} star each, and {bonus} more when both summit "
                 "beacons (columns 5 and 6) are lit.", n=B.BEACON_STARS, bonus=B.SUMMIT_BONUS)
    if key == "scoring":
        return _("**Scoring**: 1 star per tile of your largest area (pieces joined side by side; rainbows join it "
                 "but count 0), your lit beacons, 1 star per spirit, and what your spirits score; the Raven's "
                 "holder loses {raven}. Ties: the more spirits, then the fewer rainbows; else shared. A match "
                 "adds up its games.", raven=-S.number(S.CURSE, "stars")) + " " + \
            n_("The player who did not begin the game has a head start of {n} star (the first player's turn is "
               "worth about that).", "The player who did not begin the game has a head start of {n} stars (the "
               "first player's turn is worth about that).", HEAD_START)
    if key == "end":
        return _("**The end**: once the deck is empty, a player may only play a tile that captures; one who "
                 "cannot passes. When neither can, the game ends. The channel's story pauses when the deck falls "
                 "to {legs} tiles.", legs=", ".join(str(n) for n in LEGS))
    return _("**On Discord**: press **Decide** on your turn: your hand, the queue and your panorama come "
             "privately, every move listed best first (the easy AI's order) with what it captures; the hand's "
             "tiles are numbered and the queue's columns lettered on the picture. A second step only for a "
             "rainbow's spot, a spirit or a spirit's own choice. **My hand** shows your tiles at any time; "
             "nobody else ever sees them. A move that showed you nothing new can be taken back (**Undo**).")


def help_text() -> str:
    return "\n".join([
        _("**Ridgeline** plays the rules of *Solstis*, a game by Bruno Cathala and Corentin Lebrat (Lumberjacks "
          "Studio), with a panorama, beacons and spirits of our own: 2 players rebuild a torn coast, tile by "
          "tile."), "",
        _("**Play**: on your turn press **Decide**: play a tile from your hand to capture a queue tile of its "
          "row or value; both go to their places in your panorama. Squares of four meet spirits; your largest "
          "area, your lit beacons and your spirits score. **My hand** shows your tiles privately, **Table** the "
          "whole table."),
        _("`/play rules` explains the rules by topic. Options: beginner mode (no Raven), a match of 2 or 3 "
          "games, the deal of the day; an AI can take the other seat.")])


TOPICS = Topics(TOPIC_KEYS, topic_name, topic, help_text, lambda k: _("Topic: {name}", name=topic_name(k)))
