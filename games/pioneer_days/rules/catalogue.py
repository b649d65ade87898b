"""A human-readable catalogue of every card, tile, town and pioneer, generated from the data.

    python -m games.pioneer_days.rules.catalogue            # Markdown on stdout
    python -m games.pioneer_days.rules.catalogue --write    # also (re)writes games/pioneer_days/CATALOGUE.md

The texts come from engine.describe, so the catalogue always says what the engine does."""

import argparse
import sys
from pathlib import Path

from .cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from .constants import TOWNSFOLK_SETS_DEFAULT
from .describe import card

# The character of each townsfolk set (choosing two sets changes how the game plays).
SETS = {
    "A": ("Homesteaders",
          "a bit of everything: goods, income, cheaper face changes and wagons (the first-game set)"),
    "B": ("Main Street", "silver, trade, wagons and favors at the towns"),
    "C": ("Cattle Drive", "herds that grow, survive Famine and score at every town"),
    "D": ("Gold Rush", "gold tokens, mining and equipment"),
    "E": ("Law & Weather", "pushing disaster markers back and shielding you from disasters"),
}

DEFAULT_DOC = Path(__file__).resolve().parent.parent / "CATALOGUE.md"


def _cell(text: str) -> str:
    return text.replace("|", "\\|") if text else "—"


def markdown() -> str:
    """The whole catalogue as Markdown (deterministic: data order)."""
    out = ["# Pioneer Days — card catalogue", "",
           "Generated from the content data by `python -m games.pioneer_days.rules.catalogue` (do not edit by hand). "
           "Effect words: *Now* = when recruited or taken; *On Face* = each time you take a die "
           "whose rolled face is Face; *Always* = while you hold it; *Each town* = at the start of "
           "each town visit. *Pay X for Y* happens by itself whenever you can pay X and all of Y can be "
           "received: with *(if room)*, Y must fit whole in your wagons (and gold tokens be left in the "
           "bag), otherwise nothing is paid and nothing gained.", "",
           f"Game options: two townsfolk sets out of A–E (default {' + '.join(TOWNSFOLK_SETS_DEFAULT)}); "
           "pioneers `standard` (everyone plays the Pioneer side) or `unique` (each player is dealt "
           "two boards and plays one of them on either side).", ""]

    out += ["## Pioneers", "", "| Id | Pioneer | Ability | Start |", "|---|---|---|---|"]
    for pid in ["standard"] + list(PIONEERS):
        c = card("pioneer", pid)
        start = c["vp"].removeprefix("Start: ")
        label = "standard side" if pid == "standard" else pid
        out.append(f"| {label} | {_cell(c['name'])} | {_cell(c['effect'])} | {_cell(start)} |")
    out.append("")

    out += ["## Townsfolk", "", f"{len(TOWNSFOLK)} cards in five sets of 12; a game uses two sets.", ""]
    for letter, (title, blurb) in SETS.items():
        ids = [t for t, c in TOWNSFOLK.items() if c["set"] == letter]
        out += [f"### Set {letter} — {title}", "", f"{blurb[0].upper()}{blurb[1:]}.", "",
                "| Id | Name | Effect | Endgame VP |", "|---|---|---|---|"]
        for t in ids:
            c = card("townsfolk", t)
            out.append(f"| {t} | {_cell(c['name'])} | {_cell(c['effect'])} | {_cell(c['vp'])} |")
        out.append("")

    out += ["## Equipment", "", f"{len(EQUIPMENT)} tiles; each occupies one wagon space.", "",
            "| Id | Name | Effect | VP |", "|---|---|---|---|"]
    for e in EQUIPMENT:
        c = card("equipment", e)
        out.append(f"| {e} | {_cell(c['name'])} | {_cell(c['effect'])} | {_cell(c['vp'])} |")
    out.append("")

    out += ["## Town cards", "", f"{len(TOWNS)} cards; 9 are used per game (2, 2, 2, then 3).", "",
            "| Id | Town | Needs | Reward |", "|---|---|---|---|"]
    for t in TOWNS:
        c = card("town", t)
        out.append(f"| {t} | {_cell(c['name'])} | {_cell(c['effect'].removeprefix('Needs '))} | "
                   f"{_cell(c['vp'])} |")
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m games.pioneer_days.rules.catalogue",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--write", nargs="?", const=str(DEFAULT_DOC), metavar="FILE",
                    help="also write the catalogue to FILE (default games/pioneer_days/CATALOGUE.md)")
    args = ap.parse_args(argv)
    text = markdown()
    sys.stdout.write(text)
    if args.write:
        path = Path(args.write)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
