"""Money cards: a card is the number 10 x currency + value (currency 0-3, value 1-9); the scoring cards in
the deck are SCORING (0). Hands are kept sorted."""

from .constants import COPIES, CURRENCIES, SHORT_COPIES, TAKE_LIMIT, VALUES


def code(currency: int, value: int) -> int:
    return 10 * currency + value


def currency(card: int) -> int:
    return card // 10


def value(card: int) -> int:
    return card % 10


def deck(money: str) -> list[int]:
    """Every money card of the deck ("full": 3 copies of each, "short": 2), sorted."""
    copies = SHORT_COPIES if money == "short" else COPIES
    return [code(c, v) for c in range(len(CURRENCIES)) for v in VALUES for _ in range(copies)]


def total(cards: list[int], cur: int = -1) -> int:
    """The cards' value (of one currency, or all)."""
    return sum(c % 10 for c in cards if cur < 0 or c // 10 == cur)


def takes(display: list[int]) -> list[tuple[int, ...]]:
    """Every take from the display: one card of any value, or several adding up to at most TAKE_LIMIT; each
    as its sorted cards, once (equal cards are one take), the single cards first, dearest first."""
    n = len(display)
    seen: set[tuple[int, ...]] = set()
    singles: list[tuple[int, ...]] = []
    several: list[tuple[int, ...]] = []
    for bits in range(1, 1 << n):
        chosen = sorted(display[i] for i in range(n) if bits >> i & 1)
        key = tuple(chosen)
        if key in seen:
            continue
        if len(chosen) > 1 and sum(c % 10 for c in chosen) > TAKE_LIMIT:
            continue
        seen.add(key)
        (singles if len(chosen) == 1 else several).append(key)
    singles.sort(key=lambda k: (-(k[0] % 10), k[0]))
    several.sort(key=lambda k: (-sum(c % 10 for c in k), -len(k), k))
    return singles + several


def payments(hand: list[int], cur: int, price: int) -> list[tuple[int, ...]]:
    """Every payment for a price in one currency from the hand: the values of cards of that currency adding up
    to at least the price, every card needed ([H]: none could be left out), once per set of values; the exact
    ones first, then by what is overpaid, then fewest cards."""
    counts = [0] * 10
    for c in hand:
        if c // 10 == cur:
            counts[c % 10] += 1
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []
    _pay(counts, 9, price, 0, chosen, out)
    out.sort(key=lambda p: (sum(p) - price, len(p), p))
    return out


def _pay(counts: list[int], v: int, price: int, paid: int, chosen: list[int], out: list[tuple[int, ...]]) -> None:
    if paid >= price:
        if chosen and paid - chosen[-1] < price:  # (the last chosen is the smallest)
            out.append(tuple(sorted(chosen)))
        return
    if v < 1:
        return
    _pay(counts, v - 1, price, paid, chosen, out)  # none of this value
    k = 0
    while k < counts[v]:
        k += 1
        chosen.append(v)
        if paid + k * v >= price:
            _pay(counts, 0, price, paid + k * v, chosen, out)
            break
        _pay(counts, v - 1, price, paid + k * v, chosen, out)
    for _ in range(k):
        chosen.pop()
