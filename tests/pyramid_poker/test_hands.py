"""Pyramid Poker's hand ranking (RULES.md P17-P19): rank(hand) orders hands with <."""

import pytest

from games.pyramid_poker.rules.cards import class_name, rank
from games.pyramid_poker.rules.constants import CLASSES

# one example of each class, low to high (the seed's chart examples where it gives one)
LADDER = [
    ("no pair", ["4D", "9C", "QC", "KH", "7D"]),
    ("pair", ["4D", "9C", "QC", "QH", "7D"]),
    ("two pair", ["4D", "4C", "QC", "QH", "7D"]),
    ("three of a kind", ["4D", "QD", "QC", "QH", "7D"]),
    ("straight", ["4S", "5D", "6C", "7H", "8D"]),
    ("flush", ["QS", "7S", "4S", "9S", "KS"]),
    ("full house", ["QH", "QD", "QC", "2D", "2S"]),
    ("four of a kind", ["QH", "QD", "QC", "QS", "3C"]),
    ("straight flush", ["4S", "5S", "6S", "7S", "8S"]),
    ("royal flush", ["TS", "JS", "QS", "KS", "AS"]),
]


def beats(a, b):
    return rank(a) > rank(b)


@pytest.mark.parametrize("i", range(len(LADDER)))
def test_P17_every_class_is_named_and_beats_the_classes_below(i):
    name, hand = LADDER[i]
    assert class_name(rank(hand)) == name
    assert all(beats(hand, lower) for _n, lower in LADDER[:i])
    assert all(beats(higher, hand) for _n, higher in LADDER[i + 1:])


def test_P17_the_classes_high_to_low():
    assert CLASSES[::-1] == ("straight flush", "four of a kind", "full house", "flush", "straight",
                             "three of a kind", "two pair", "pair", "no pair")


def test_P17_the_royal_flush_is_the_ace_high_straight_flush():
    royal = ["AH", "KH", "QH", "JH", "TH"]
    king = ["KD", "QD", "JD", "TD", "9D"]
    assert class_name(rank(royal)) == "royal flush" and class_name(rank(king)) == "straight flush"
    assert beats(royal, king) and rank(royal)[0] == rank(king)[0]  # the same class, the higher straight
    assert class_name(rank(["AS", "KD", "QS", "JS", "TS"])) == "straight"  # ace-high but not one suit


def test_P18_the_ranks_of_the_class_first_then_kickers_high_to_low():
    assert beats(["KH", "KD", "2C", "3S", "4D"], ["QH", "QD", "AC", "KS", "JD"])  # the pair before kickers
    assert beats(["QH", "QD", "AC", "3S", "2D"], ["QS", "QC", "KC", "JS", "TD"])  # then the first kicker
    assert beats(["QH", "QD", "AC", "9S", "3D"], ["QS", "QC", "AD", "9C", "2D"])  # ...down to the last
    assert beats(["KH", "KD", "2C", "2S", "3D"], ["QH", "QD", "JC", "JS", "AD"])  # two pair: the high pair
    assert beats(["KH", "KD", "3C", "3S", "2D"], ["KS", "KC", "2C", "2S", "AD"])  # then the low pair
    assert beats(["KH", "KD", "3C", "3S", "5D"], ["KS", "KC", "3D", "3H", "4D"])  # then the kicker
    assert beats(["2H", "2D", "2C", "AS", "AD"], ["KH", "KD", "KC", "QS", "JD"])  # a full house over three
    assert beats(["3H", "3D", "3C", "2S", "2D"], ["2H", "2C", "2S", "AS", "AD"])  # full house: the three first
    assert beats(["9H", "9D", "9C", "9S", "2D"], ["8H", "8D", "8C", "8S", "AD"])
    assert beats(["AH", "QH", "9H", "5H", "3H"], ["KD", "QD", "JD", "9D", "7D"])  # flush: high card down
    assert beats(["AD", "KH", "QC", "JS", "9D"], ["AC", "KD", "QH", "JD", "8S"])  # no pair: high card down


def test_P18_the_ace_is_low_only_in_a_five_high_straight():
    wheel = ["AS", "2D", "3C", "4H", "5D"]
    six = ["2S", "3D", "4C", "5H", "6D"]
    assert class_name(rank(wheel)) == "straight" and beats(six, wheel)
    assert beats(wheel, ["AS", "KD", "QC", "JH", "9D"])  # a straight, whatever its top
    assert class_name(rank(["AH", "2H", "3H", "4H", "5H"])) == "straight flush"
    assert beats(["2H", "3H", "4H", "5H", "6H"], ["AH", "2H", "3H", "4H", "5H"])
    assert class_name(rank(["QS", "KD", "AC", "2H", "3D"])) == "no pair"  # no wrapping around the ace
    assert beats(["AS", "AD", "2C", "3H", "4D"], ["KS", "KD", "QC", "JH", "9D"])  # a pair of aces is high


def test_P18_suits_never_break_a_tie_equal_hands_tie():
    a = ["AS", "KS", "9H", "5D", "3C"]
    b = ["AH", "KD", "9C", "5S", "3D"]
    assert rank(a) == rank(b) and not beats(a, b) and not beats(b, a)
    assert rank(["TS", "JS", "QS", "KS", "AS"]) == rank(["TH", "JH", "QH", "KH", "AH"])
    assert rank(["2S", "2H", "7D", "7C", "KS"]) == rank(["2D", "2C", "7S", "7H", "KH"])
    assert rank(["4C", "5D", "6C", "7H", "8D"]) == rank(["4S", "5S", "6C", "7D", "8H"])


def test_P19_a_short_hand_makes_only_sets_and_a_missing_card_ranks_lowest():
    assert class_name(rank(["AS", "KS", "QS", "JS"])) == "no pair"  # four of one suit: no flush
    assert class_name(rank(["5S", "6D", "7C", "8H"])) == "no pair"  # no straight of four
    assert class_name(rank(["5S", "5D", "7C", "7H"])) == "two pair"
    assert class_name(rank(["5S", "5D", "5C", "7H"])) == "three of a kind"
    assert class_name(rank(["5S", "5D", "5C", "5H"])) == "four of a kind"
    assert class_name(rank(["5S", "5D"])) == "pair"
    assert beats(["5S", "5D", "9C", "7H", "2S"], ["5H", "5C", "9D", "7S"])  # the missing card is lowest
    assert beats(["5S", "5D", "9C", "7H"], ["5H", "5C", "8D", "7S", "6H"])  # kickers compare as far as they go
    assert beats(["5S", "5D", "9C"], ["4H", "4C", "AD", "KS", "QH"])  # the pair first
    assert beats(["2S"], []) and rank([]) < rank(["2S"]) and class_name(rank([])) == "no pair"
    assert beats(["AS", "KD", "QC", "JH", "9D"], ["AD", "KH", "QS", "JC"])
