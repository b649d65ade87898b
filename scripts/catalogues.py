"""The translation catalogues: extract the texts, update each language, add a language or a game, check them.

    .venv/bin/python scripts/catalogues.py extract           # each messages.pot from the code, merged into its .po
    .venv/bin/python scripts/catalogues.py extract es        # the same, merged into the listed languages' .po only
    .venv/bin/python scripts/catalogues.py init xx           # a new language: a messages.po where there is none
    .venv/bin/python scripts/catalogues.py add games/my_game # a new game: its messages.pot and a .po per language
    .venv/bin/python scripts/catalogues.py check             # all translated, the same {placeholders}, our headers

One catalogue for the host (i18n/: the texts of engine/, app/, ui/, cogs/, render/ and bot.py), one per
game package (games/<game>, its package's texts; the example game, games/example, too). The texts are
found by their markers: _("…"), n_("one", "many", n), N_("…"), p_("context", "…"), locale_str("…") and
cmd("…") (slash command names).

A file is written only when its bytes change, and it holds nothing that changes without a text changing:
no `#:` source lines and no dates, entries sorted by text, lines never wrapped, our header lines (not
Babel's defaults). `init` and `add` never overwrite a catalogue: they create the missing ones."""

import io
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.extract import check_and_call_extract_file, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = ["_", "n_:1,2", "N_", "p_:1c,2", "locale_str", "cmd"]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
HOST_SOURCES = ("engine", "app", "ui", "cogs", "render", "bot.py")
# Our plural rules, as our translations are written. Babel (CLDR) gives Spanish a third form, for round
# millions, that none of our texts has; Polish is pinned too, so that a Babel upgrade changes no file.
PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2;",
}


@dataclass(frozen=True)
class Domain:
    name: str
    root: Path              # <root>/messages.pot, <root>/locales/<lang>/LC_MESSAGES/messages.po
    sources: tuple[str, ...]  # files and folders (from the project folder) whose texts it holds
    project: Path = field(default=ROOT, compare=False)  # the project folder (a copy of it, in the tests)

    @property
    def pot(self) -> Path:
        return self.root / "messages.pot"

    def po(self, lang: str) -> Path:
        return self.root / "locales" / lang / "LC_MESSAGES" / "messages.po"

    def languages(self) -> list[str]:
        return sorted(p.parents[1].name for p in (self.root / "locales").glob("*/LC_MESSAGES/messages.po"))


def domains(root: Path = ROOT) -> list[Domain]:
    """The host's catalogue and each game package's (with its locales/ or not yet)."""
    packages = sorted(p.parent for p in (root / "games").glob("*/__init__.py"))
    return [Domain("host", root / "i18n", HOST_SOURCES, root)] + \
        [Domain(p.name, p, (p.relative_to(root).as_posix(),), root) for p in packages]


def language_name(lang: str) -> str:
    from i18n import LANGUAGE_NAMES  # the bot's own names ("Español"); a language it lacks yet: Babel's
    return LANGUAGE_NAMES.get(lang) or (Locale.parse(lang).get_display_name(lang) or lang).capitalize()


def plural_forms(lang: str) -> str:
    return PLURAL_FORMS.get(lang) or Catalog(locale=lang).plural_forms


def header(d: Domain, lang: str | None) -> list[str]:
    """Our header lines of a catalogue file: a language's (`lang`) or the template's (None)."""
    lines = [f"Project-Id-Version: {d.name}"]
    if lang:
        lines += [f"Language: {lang}", f"Language-Team: {language_name(lang)}", f"Plural-Forms: {plural_forms(lang)}"]
    return lines + ["MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit"]


def header_of(path: Path) -> tuple[list[str], list[str]]:
    """(comment lines, header lines) of a catalogue file as written: what precedes its first msgid, and
    the msgstr of its msgid ""."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if 'msgid ""' not in lines:
        return [], []
    start = lines.index('msgid ""')
    comment = [x for x in lines[:start] if x.startswith("#") and not x.startswith("#,")]
    values = []
    for x in lines[start + 2:]:
        if not x.startswith('"'):
            break
        values.append(x[1:-1].removesuffix("\\n"))
    return comment, values


def text_of(cat: Catalog, comment: list[str], lines: list[str]) -> bytes:
    """A catalogue file as we write it: the comment, our header, then Babel's entries without locations,
    sorted by text and unwrapped (the .po files were translated unwrapped)."""
    body = io.BytesIO()
    write_po(body, cat, width=0, no_location=True, omit_header=True, sort_output=True, ignore_obsolete=True)
    head = [*comment, 'msgid ""', 'msgstr ""', *(f'"{x}\\n"' for x in lines)]
    return ("\n".join(head) + "\n\n").encode("utf-8") + body.getvalue().rstrip(b"\n") + b"\n"


def write(path: Path, data: bytes) -> list[Path]:
    """Writes `data` unless the file already holds exactly that: the files written (none or one)."""
    if path.is_file() and path.read_bytes() == data:
        return []
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return [path]


def template(d: Domain) -> Catalog:
    """The texts that the domain's code marks now."""
    with (d.project / "babel.cfg").open(encoding="utf-8") as f:
        methods, options = parse_mapping_cfg(f)
    keywords, notes = parse_keywords(KEYWORDS), ["NOTE:"]  # a comment "# NOTE: …" above a text reaches translators
    cat = Catalog(charset="utf-8")
    for source in d.sources:
        path = d.project / source
        found = extract_from_dir(path, methods, options, keywords, notes) if path.is_dir() else \
            check_and_call_extract_file(path, methods, options, None, keywords, notes, False, dirpath=d.project)
        for _file, _line, message, comments, context in found:
            cat.add(message, None, auto_comments=comments, context=context)
    return cat


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def merged(d: Domain, lang: str, tpl: Catalog, cat: Catalog | None = None) -> list[Path]:
    """Writes the domain's catalogue of `lang` (`cat`, or a new one) with the texts of `tpl`: its
    translations kept, new texts untranslated, texts gone from the code dropped."""
    cat = Catalog(locale=lang) if cat is None else cat
    cat.mime_headers = [("Plural-Forms", plural_forms(lang))]  # our number of forms, whatever the file said
    for m in cat:  # forms beyond ours that a wrong header made room for, left empty: nothing to review
        if isinstance(m.string, tuple) and not any(m.string[cat.num_plurals:]):
            m.string = m.string[:cat.num_plurals]
    cat.update(tpl, no_fuzzy_matching=True)
    new = [f"# {Locale.parse(lang).english_name} texts of {d.name}."]
    comment = header_of(d.po(lang))[0] if d.po(lang).is_file() else new
    return write(d.po(lang), text_of(cat, comment, header(d, lang)))


def extract_domain(d: Domain, langs: list[str] | None = None) -> list[Path]:
    """The domain's template from its code, merged into its catalogues of `langs` (None: all)."""
    tpl = template(d)
    comment = [f"# The texts of {d.name} to translate, from its code (scripts/catalogues.py extract writes this)."]
    out = write(d.pot, text_of(tpl, comment, header(d, None)))
    for lang in d.languages():
        if langs is None or lang in langs:
            out += merged(d, lang, tpl, read(d.po(lang), lang))
    return out


def extract(langs: list[str] | None = None, root: Path = ROOT) -> list[Path]:
    """Each catalogue's template from its code, merged into its catalogues of `langs` (None: all): the
    files written."""
    return [p for d in domains(root) for p in extract_domain(d, langs)]


def create(d: Domain, lang: str) -> str:
    """A new catalogue of `lang` for the domain, from its template; an existing one is left alone."""
    where = d.po(lang).relative_to(d.project)
    if d.po(lang).is_file():
        return f"skipped {where}: it exists"
    if not d.pot.is_file():
        return f"skipped {where}: no {d.pot.relative_to(d.project)} (run extract first)"
    merged(d, lang, read(d.pot))
    return f"created {where}"


def init(lang: str, root: Path = ROOT) -> list[str]:
    """A catalogue of a new language in every domain that lacks one."""
    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError) as e:
        raise SystemExit(f"{lang}: not a language code Babel knows ({e})") from e
    return [create(d, lang) for d in domains(root)]


def add(folder: str, root: Path = ROOT) -> list[str]:
    """A game package's catalogues: its template and one catalogue per language of the host's."""
    path = (root / folder).resolve()
    d = next((d for d in domains(root) if d.root.resolve() == path), None)
    if d is None:
        raise SystemExit(f"{folder} is not a game package (a folder of games/ with an __init__.py)")
    written = extract_domain(d, [])
    done = [f"{'wrote' if written else 'kept'} {d.pot.relative_to(root)}"]
    return done + [create(d, lang) for lang in domains(root)[0].languages()]


def problems(lang: str, domain: Domain | None = None, root: Path = ROOT) -> list[str]:
    """What is missing or wrong in a language's catalogues (empty: they are complete)."""
    out = []
    for d in [domain] if domain else domains(root):
        for path, fix in ((d.pot, "extract"), (d.po(lang), "add or init")):
            if not path.is_file():
                out.append(f"{d.name} {lang}: no {path.relative_to(d.project)} (run {fix})")
        if not d.pot.is_file() or not d.po(lang).is_file():
            continue
        if header_of(d.po(lang))[1] != header(d, lang):
            out.append(f"{d.name} {lang}: its header is not ours (extract rewrites it)")
        cat, template_ = read(d.po(lang), lang), read(d.pot)
        for msg in template_:
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
    command = argv[0] if argv else ""
    if command not in ("extract", "init", "add", "check") or (command in ("init", "add") and len(argv) != 2):
        print(__doc__)
        return 2
    if argv[0] == "extract":
        written = extract(argv[1:] or None)
        print("\n".join(f"wrote {p.relative_to(ROOT)}" for p in written) or "no catalogue changed")
    elif argv[0] in ("init", "add"):
        print("\n".join(init(argv[1]) if argv[0] == "init" else add(argv[1])))
    else:
        from i18n import LOCALES
        found = [p for lang in LOCALES if lang != "en" for p in problems(lang)]
        print("\n".join(found) or "every language is complete")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
