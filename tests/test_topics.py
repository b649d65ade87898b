"""/play rules finds a topic by a word of the game (i18n/topics.py): its name first, then the topic whose text
says the word most (its heading first), in the reader's language or another, a longer word also by its stem."""

import i18n
from i18n.topics import Topics

TEXTS = {"goal": "**Goal**: most points; the joker helps.", "powers": "**Powers**: the joker, the joker again.",
         "swaps": "**Swaps**: przesiadki are changes of line."}
T = Topics(tuple(TEXTS), lambda k: k, lambda k: TEXTS[k], lambda: "A game.")


def test_a_name_then_the_topic_that_says_the_word():
    assert T.find("powers") == "powers" and T.find("pow") == "powers"  # (a name, a name's start)
    assert T.find("joker") == "powers"  # (said twice there, once in the goal)
    assert T.find("przesiadka") == "swaps"  # (by its stem)
    assert T.find("zz") is None and T.find("dragon") is None


def test_the_words_of_the_games_help_find_their_topics():
    from games.hexholm.help import TOPICS as HEXHOLM
    from games.next_station.help import TOPICS as STATION
    with i18n.use("es"):
        assert STATION.find("puntos turísticos") == "tourists"
    assert STATION.find("double section") == "powers" and HEXHOLM.find("Karczma") == "locations"
