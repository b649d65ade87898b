"""Courtyards' tile set: our own 54 buildings, made by tilegen.generate(SEED) within the budget of Alhambra's
set (rules/constants.py) and frozen here as data (tests/courtyards checks that the seed makes exactly this
and that it keeps the budget). Each tile: (kind, price, wall mask); the kinds in the scoring table's
order (0 kiosk … 5 minaret), the wall mask's bits N=1, E=2, S=4, W=8. A tile's id is its index here.

    python -m games.courtyards.tilegen 1     prints this table"""

SEED = 1
TILES: tuple[tuple[int, int, int], ...] = (
    # kiosk
    (0, 2, 13), (0, 4, 3), (0, 4, 12), (0, 4, 4), (0, 6, 3), (0, 7, 2), (0, 8, 0),
    # bathhouse
    (1, 3, 7), (1, 5, 6), (1, 5, 12), (1, 6, 4), (1, 7, 6), (1, 7, 4), (1, 9, 0),
    # colonnade
    (2, 4, 7), (2, 5, 3), (2, 5, 6), (2, 7, 9), (2, 7, 8), (2, 8, 9), (2, 8, 2), (2, 9, 0),
    (2, 10, 0),
    # library
    (3, 5, 13), (3, 6, 3), (3, 7, 12), (3, 7, 9), (3, 8, 1), (3, 9, 12), (3, 9, 0), (3, 10, 8),
    (3, 11, 0),
    # orchard
    (4, 6, 11), (4, 7, 7), (4, 7, 3), (4, 8, 9), (4, 8, 2), (4, 9, 3), (4, 10, 2), (4, 10, 4),
    (4, 11, 8), (4, 11, 0), (4, 12, 0),
    # minaret
    (5, 7, 14), (5, 8, 14), (5, 8, 6), (5, 9, 9), (5, 9, 8), (5, 10, 9), (5, 11, 4), (5, 11, 1),
    (5, 12, 8), (5, 12, 0), (5, 13, 0),
)
