"""/play rules finds a topic by a word of the game (i18n/topics.py lookup): its name first, then the topic whose
text says the word most (its heading first), in the reader's language or another, a longer word by its stem."""

import i18n
from i18n.topics import Topics

TEXTS = {"goal": "**Goal**: most points; the joker helps.", "powers": "**Powers**: the joker, the joker again.",
         "swaps": "**Swaps**: przesiadki are changes of line."}
T = Topics(tuple(TEXTS), lambda k: k, lambda k: TEXTS[k], lambda: "A game.")


def test_a_name_then_the_topic_that_says_the_word():
    assert T.lookup("powers") == TEXTS["powers"] and T.lookup("pow") == TEXTS["powers"]  # (a name, its start)
    assert T.lookup("joker") == TEXTS["powers"]  # (said twice there, once in the goal)
    assert T.lookup("przesiadka") == TEXTS["swaps"]  # (by its stem)
    assert T.lookup("zz") is None and T.lookup("dragon") is None


def test_the_words_of_the_games_help_find_their_topics():
    from games.hexholm.help import TOPICS as HEXHOLM
    from games.next_station.help import TOPICS as STATION
    with i18n.use("es"):
        assert STATION.lookup("puntos turísticos") == STATION.text("tourists")
    assert STATION.lookup("double section") == STATION.text("powers")
    assert HEXHOLM.lookup("Karczma") == HEXHOLM.text("locations")
