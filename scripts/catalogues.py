"""The translation catalogues: extract the texts, update each language, check them.

    .venv/bin/python scripts/catalogues.py extract    # each catalogue's messages.pot from the code, merged into its .po
    .venv/bin/python scripts/catalogues.py extract es # the same, merged into the listed languages' .po only
    .venv/bin/python scripts/catalogues.py init xx    # a new language: a messages.po in every catalogue
    .venv/bin/python scripts/catalogues.py check      # every text translated, the same {placeholders}, sizes

One catalogue for the host (i18n/: the texts of engine/, app/, ui/, cogs/, render/ and bot.py) and one
per game (games/<game>/locales, its package's texts). The texts are found by their markers: _("…"),
n_("one", "many", n), N_("…"), p_("context", "…"), locale_str("…") and cmd("…") (slash command names)."""

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = ["_", "n_:1,2", "N_", "p_:1c,2", "locale_str", "cmd"]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
HOST_SOURCES = ("engine", "app", "ui", "cogs", "render", "bot.py")


@dataclass(frozen=True)
class Domain:
    name: str
    root: Path              # <root>/messages.pot, <root>/locales/<lang>/LC_MESSAGES/messages.po
    sources: tuple[str, ...]  # files and folders (from the project folder) whose texts it holds

    @property
    def pot(self) -> Path:
        return self.root / "messages.pot"

    def po(self, lang: str) -> Path:
        return self.root / "locales" / lang / "LC_MESSAGES" / "messages.po"

    def languages(self) -> list[str]:
        return sorted(p.parents[1].name for p in (self.root / "locales").glob("*/LC_MESSAGES/messages.po"))


def domains() -> list[Domain]:
    """The host's catalogue, then each game package's (a folder of games/ with a locales/ folder)."""
    out = [Domain("host", ROOT / "i18n", HOST_SOURCES)]
    for pkg in sorted((ROOT / "games").iterdir()):
        if (pkg / "locales").is_dir():
            out.append(Domain(pkg.name, pkg, (str(pkg.relative_to(ROOT)),)))
    return out


def pybabel(*args: str) -> None:
    subprocess.run([str(ROOT / ".venv" / "bin" / "pybabel"), *args], check=True, cwd=ROOT)


def extract(langs: list[str] | None = None) -> None:
    """Each catalogue's template from its code, merged into its catalogues of `langs` (all if none)."""
    kw = [x for k in KEYWORDS for x in ("-k", k)]
    for d in domains():
        pybabel("extract", "-F", "babel.cfg", "--no-default-keywords", *kw, "--add-comments=NOTE:",
                "--sort-by-file", f"--project={d.name}", "-o", str(d.pot), *d.sources)
        for lang in d.languages():
            if not langs or lang in langs:
                pybabel("update", "-i", str(d.pot), "-o", str(d.po(lang)), "-l", lang, "--no-fuzzy-matching",
                        "--ignore-obsolete")


def init(lang: str) -> None:
    for d in domains():
        pybabel("init", "-i", str(d.pot), "-d", str(d.root / "locales"), "-D", "messages", "-l", lang)


def problems(lang: str, domain: Domain | None = None) -> list[str]:
    """What is missing or wrong in a language's catalogues (empty: they are complete)."""
    from babel.messages.pofile import read_po
    out = []
    for d in [domain] if domain else domains():
        if not d.po(lang).is_file():
            out.append(f"{d.name} {lang}: no catalogue ({d.po(lang).relative_to(ROOT)})")
            continue
        with d.po(lang).open("rb") as f:
            cat = read_po(f, locale=lang)
        with d.pot.open("rb") as f:
            template = read_po(f)
        for msg in template:
            if not msg.id:
                continue
            got = cat.get(msg.id, context=msg.context)
            # read_po gives an id (and a translation) as a str, or a tuple of str for a plural
            ids = cast(tuple[str, ...], msg.id if isinstance(msg.id, tuple) else (msg.id,))
            if got is None or got.fuzzy or not all(got.string if isinstance(got.string, tuple) else (got.string,)):
                out.append(f"{d.name} {lang}: untranslated: {ids[0]!r}")
                continue
            strings = cast(tuple[str, ...], got.string if isinstance(got.string, tuple) else (got.string,))
            want = set(PLACEHOLDER.findall(" ".join(ids)))
            for s in strings:
                if set(PLACEHOLDER.findall(s)) - want or (want - {"{n}"}) - set(PLACEHOLDER.findall(s)):
                    out.append(f"{d.name} {lang}: placeholders differ in {ids[0]!r}: {s!r}")
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
