"""/play rules for Pyramid Poker: the rules by topic, in our own words, found by their names in every
language we have; and how it is played on Discord."""


from i18n.topics import Topics

from . import words
from .lang import _, p_
from .rules.constants import CHART, HAND_SIZE, LOOK, MAX_GAMES, ROWS, SUPPLY, WIN_ALL, WIN_TWO

TOPIC_KEYS = ("goal", "building", "taking", "jokers", "hands", "scoring", "seeing")


def topic_name(key: str) -> str:
    return {"goal": p_("rules topic", "goal"), "building": p_("rules topic", "building"),
            "taking": p_("rules topic", "taking"), "jokers": p_("rules topic", "jokers"),
            "hands": p_("rules topic", "hands"), "scoring": p_("rules topic", "scoring"),
            "seeing": p_("rules topic", "who sees what")}[key]


def topic_names() -> list[str]:
    return [topic_name(k) for k in TOPIC_KEYS]


def topic(key: str) -> str:
    if key == "goal":
        return _("**Goal**: two players build a pyramid of {n} blocks (a deck of cards and 2 jokers), then take "
                 "it apart into three poker hands each. Hand 1 meets hand 1, 2 meets 2, 3 meets 3: win two of "
                 "the three.", n=sum(ROWS))
    if key == "building":
        return _("**Building**: each player gets {n} blocks. In turn, each places one: on the foundation "
                 "(the bottom row of {w}) or centred on two blocks side by side. Only you know the faces of "
                 "the blocks you placed. Blind (the rule): you see each block as you place it; open (our "
                 "variant): you see all yours and choose.", n=SUPPLY, w=ROWS[0])
    if key == "taking":
        return _("**Taking**: once the pyramid is complete, in turn each player takes a block with nothing on "
                 "it (yours or the other's), looks at it and puts it into one of their three hands ({n} "
                 "cards at most). The player who built second takes first.", n=HAND_SIZE)
    if key == "jokers":
        return _("**Jokers** are not wild: take one and it is discarded; you turn over {n} blocks of the stock, "
                 "keep one for a hand and discard the others face up. A joker turned over from the stock is "
                 "discarded and replaced.", n=LOOK)
    if key == "hands":
        classes = ("royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
                   "three of a kind", "two pair", "pair", "no pair")
        return _("**Hands**, best first: {list}. Within a class the cards that make it count first, then the "
                 "others, high to low; the ace is high, or low in A-2-3-4-5. Suits never break a tie: equal "
                 "hands win for nobody.", list=", ".join(words.hand_class(c) for c in classes))
    if key == "scoring":
        chart = ", ".join(f"{words.hand_class(c)} {v:+d}" for c, v in CHART.items() if v)
        return _("**Scoring**: in a single game, win more of the three hands. In a match to 7 or 11 points, each "
                 "game scores each hand ({chart}, others 0), +{two} for winning two hands or +{all} for all "
                 "three, and −1 more if all your hands are below a pair; at most {games} games.", chart=chart,
                 two=WIN_TWO, all=WIN_ALL, games=MAX_GAMES)
    return _("**Who sees what**: the hands are face up for everyone. A block in the pyramid shows its face to "
             "its owner only (on Discord: on your own picture, through **Decide** or **My pyramid**). The "
             "stock stays face down.")




def help_text() -> str:
    return "\n".join([
        _("**Pyramid Poker** is a card game for 2 players: build a pyramid of hidden cards together, then take "
          "it apart into three poker hands."), "",
        _("**Play**: on your turn press **Decide**: your own view of the pyramid comes privately, the spots or "
          "blocks you may choose numbered on it and on the buttons. The panel's picture shows the pyramid as "
          "everyone sees it; **My pyramid** shows your blocks' faces at any time, **Table** the whole table with "
          "your blocks face up; each showdown stays in the channel with its picture."),
        _("`/play rules` explains the rules by topic. Play a single game, or a match to 7 or 11 points; an AI "
          "can take the other seat.")])


TOPICS = Topics(TOPIC_KEYS, topic_name, topic, help_text, lambda k: _("Topic: {name}", name=topic_name(k)))
