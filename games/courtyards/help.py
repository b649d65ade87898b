"""/play rules for Courtyards: the rules by topic, in our own words, found by their names in every language
we have; and how it is played on Discord."""

from i18n.topics import Topics

from . import words
from .lang import _, p_
from .rules.constants import POINTS, START_MONEY, TAKE_LIMIT

TOPIC_KEYS = ("goal", "money", "buying", "building", "redesign", "scoring", "end", "two", "discord")


def topic_name(key: str) -> str:
    return {"goal": p_("rules topic", "goal"), "money": p_("rules topic", "money"),
            "buying": p_("rules topic", "buying"), "building": p_("rules topic", "building"),
            "redesign": p_("rules topic", "redesign"), "scoring": p_("rules topic", "scoring"),
            "end": p_("rules topic", "end"), "two": p_("rules topic", "two players"),
            "discord": p_("rules topic", "on discord")}[key]


def topic(key: str) -> str:
    if key == "goal":
        return _("**Goal**: build the finest palace. You buy buildings of six kinds ({kinds}) and join them to "
                 "your palace around its Well. Three scoring rounds reward who has the most of each kind, and "
                 "the longest outer wall.", kinds=", ".join(words.kind(k) for k in range(6)))
    if key == "money":
        return _("**Money**: cards in four currencies ({cur}), values 1 to 9. Everyone starts with cards worth "
                 "at least {start}. Four cards lie face up: on your turn you may take one of any value, or "
                 "several adding up to at most {limit}. Your money is private; the others see how many cards "
                 "you hold.", cur=", ".join(words.currency(c) for c in range(4)), start=START_MONEY,
                 limit=TAKE_LIMIT)
    if key == "buying":
        return _("**Buying**: the market has four slots, each bound to a currency. Pay a building's price in "
                 "its slot's currency, with no change. Pay exactly and you act again (as often as you pay "
                 "exactly); pay more and your turn's actions end. The market is refilled only at the end of "
                 "the turn.")
    if key == "building":
        return _("**Building**: at the end of your turn each building you bought goes into your palace or your "
                 "reserve. In the palace it must touch a tile by a side, every shared side must match (wall "
                 "to wall, open to open), it must be reachable on foot from the Well, and it must leave no "
                 "enclosed empty spot. Tiles are never turned.")
    if key == "redesign":
        return _("**Redesign** (a whole turn): move a reserve building into the palace, a palace building to "
                 "the reserve, or swap a reserve building into the exact spot of a palace building. The "
                 "building rules still hold.")
    if key == "scoring":
        table = "; ".join(f"{words.kind(k)} {POINTS[k][0][0]} / {POINTS[k][1][0]}-{POINTS[k][1][1]} / "
                          f"{POINTS[k][2][0]}-{POINTS[k][2][1]}-{POINTS[k][2][2]}" for k in range(6))
        return _("**Scoring**: two scoring cards hide in the money deck (one in its second fifth, one in its "
                 "fourth); the third round comes at the end. For each kind, the player with the most in the "
                 "palace (not the reserve) scores; in round 2 also the second, in round 3 the third: {table}. "
                 "Ties share the points of their ranks, rounded down. Each round also pays 1 point per "
                 "segment of your longest outer wall.", table=table)
    if key == "end":
        return _("**The end**: when the market cannot be refilled, each building left goes to the player with "
                 "the most money of its slot's currency (a tie leaves it), then the third scoring. The most "
                 "points wins; equal totals share the win. The lobby's option may end it as soon as the bag "
                 "is empty instead.")
    if key == "two":
        return _("**Two players**: a neutral Steward takes 6 buildings at the start, 6 after the first scoring "
                 "and a third of the bag after the second. It ranks in every scoring like a player, but "
                 "scores nothing and cannot win.")
    return _("**On Discord**: on your turn press **Decide**: your money and palace come privately, with one "
             "menu of every take and one of every purchase (exact payments first, with what each leaves). "
             "Bought buildings are placed on your palace's picture: the legal spots are numbered like the "
             "buttons, or **Reserve**. **My palace** shows your money and palace at any time.")


def help_text() -> str:
    return "\n".join([
        _("**Courtyards** is a game for 2-6 players after *Alhambra* by Dirk Henn (Queen Games): buy "
          "buildings in four currencies and join them to your palace, wall by wall."), "",
        _("**Play**: on your turn press **Decide**; one or two clicks take money, buy a building or redesign. "
          "The panel's picture shows the market, the money shown and every palace; **My palace** shows your "
          "money and palace privately, **Table** the whole table; each scoring round stays in the thread with "
          "its picture."),
        _("`/play rules` explains the rules by topic. AI seats can fill the table.")])


TOPICS = Topics(TOPIC_KEYS, topic_name, topic, help_text, lambda k: _("Topic: {name}", name=topic_name(k)))
