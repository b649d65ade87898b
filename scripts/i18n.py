"""The translation catalogues: extract the texts, update each language, check them.

    .venv/bin/python scripts/i18n.py extract    # i18n/messages.pot from the code, merged into every .po
    .venv/bin/python scripts/i18n.py extract es # the same, merged into the listed languages' .po only
    .venv/bin/python scripts/i18n.py init xx    # a new language: i18n/locales/xx/LC_MESSAGES/messages.po
    .venv/bin/python scripts/i18n.py check      # every text translated, the same {placeholders}, sizes

The texts are found by their markers: _("…"), n_("one", "many", n), N_("…"), p_("context", "…"),
locale_str("…") and cmd("…") (slash command names)."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POT = ROOT / "i18n" / "messages.pot"
KEYWORDS = ["_", "n_:1,2", "N_", "p_:1c,2", "locale_str", "cmd"]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def pybabel(*args: str) -> None:
    subprocess.run([str(ROOT / ".venv" / "bin" / "pybabel"), *args], check=True, cwd=ROOT)


def extract(langs: list[str] | None = None) -> None:
    """The template from the code, merged into the catalogues of `langs` (all of them if none)."""
    kw = [x for k in KEYWORDS for x in ("-k", k)]
    pybabel("extract", "-F", "babel.cfg", "--no-default-keywords", *kw, "--add-comments=NOTE:",
            "--sort-by-file", "--project=pioneer-days", "-o", str(POT), ".")
    for po in sorted((ROOT / "i18n" / "locales").glob("*/LC_MESSAGES/messages.po")):
        if not langs or po.parents[1].name in langs:
            pybabel("update", "-i", str(POT), "-o", str(po), "-l", po.parents[1].name, "--no-fuzzy-matching",
                    "--ignore-obsolete")


def init(lang: str) -> None:
    pybabel("init", "-i", str(POT), "-d", str(ROOT / "i18n" / "locales"), "-D", "messages", "-l", lang)


def problems(lang: str) -> list[str]:
    """What is missing or wrong in a language's catalogue (empty: it is complete)."""
    from babel.messages.pofile import read_po
    with (ROOT / "i18n" / "locales" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        cat = read_po(f, locale=lang)
    with POT.open("rb") as f:
        template = read_po(f)
    out = []
    for msg in template:
        if not msg.id:
            continue
        got = cat.get(msg.id, context=msg.context)
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        if got is None or got.fuzzy or not all(got.string if isinstance(got.string, tuple) else (got.string,)):
            out.append(f"{lang}: untranslated: {ids[0]!r}")
            continue
        strings = got.string if isinstance(got.string, tuple) else (got.string,)
        want = set(PLACEHOLDER.findall(" ".join(ids)))
        for s in strings:
            if set(PLACEHOLDER.findall(s)) - want or (want - {"{n}"}) - set(PLACEHOLDER.findall(s)):
                out.append(f"{lang}: placeholders differ in {ids[0]!r}: {s!r}")
    return out


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "init", "check"):
        print(__doc__)
        return 2
    if argv[0] == "extract":
        extract(argv[1:])
    elif argv[0] == "init":
        init(argv[1])
    else:
        from i18n import LOCALES
        found = [p for lang in LOCALES if lang != "en" for p in problems(lang)]
        print("\n".join(found) or "every language is complete")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
