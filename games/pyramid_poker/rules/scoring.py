"""A game's showdown (hand n against hand n), its advanced points, and when a match ends
(RULES.md P16, P20-P23)."""

from collections.abc import Sequence

from .cards import class_name, rank
from .constants import ALL_BELOW_PAIR, CHART, MAX_GAMES, SEATS, TARGETS, WIN_ALL, WIN_TWO


def game_points(classes: Sequence[str], won: int) -> int:
    """A player's advanced points for one game: each hand's chart points, the bonus for winning 2 or 3
    hands, and the penalty when every hand is lower than one pair."""
    pts = sum(CHART[c] for c in classes)
    pts += WIN_ALL if won == len(classes) else WIN_TWO if won == 2 else 0
    if all(c == "no pair" for c in classes):
        pts += ALL_BELOW_PAIR
    return pts


def showdown(hands: Sequence[Sequence[Sequence[str]]]) -> dict:
    """hands[seat][h]: the cards of each seat's hands. The record of the game: each hand's class by seat,
    the winner of each hand (None: a tie), hands won and advanced points by seat."""
    keys = [[rank(h) for h in hands[s]] for s in range(SEATS)]
    winners: list[int | None] = []
    for a, b in zip(keys[0], keys[1], strict=True):
        winners.append(0 if a > b else 1 if b > a else None)
    won = [winners.count(s) for s in range(SEATS)]
    classes = [[class_name(k) for k in keys[s]] for s in range(SEATS)]
    return {"hands": [[list(h) for h in hands[s]] for s in range(SEATS)], "classes": classes,
            "winners": winners, "won": won,
            "points": [game_points(classes[s], won[s]) for s in range(SEATS)],
            "winner": 0 if won[0] > won[1] else 1 if won[1] > won[0] else None}


def match_over(match: str, points: Sequence[int], games: int) -> bool:
    """Whether the match ends after `games` games with these totals: basic after one game; advanced
    once a player reaches the target with the totals different, or after MAX_GAMES games."""
    if match not in TARGETS:
        return True
    if games >= MAX_GAMES:
        return True
    return max(points) >= TARGETS[match] and points[0] != points[1]


def best_key(hands: Sequence[Sequence[str]]) -> tuple[int, ...]:
    return max(rank(h) for h in hands)
