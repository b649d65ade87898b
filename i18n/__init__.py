"""Every word a player sees, in their language: gettext catalogues (Babel), one locale per context.

    from i18n import _, n_, use
    with use("es"):
        _("{name} took income.", name="Ann")
        n_("{n} point", "{n} points", 3)

The locale is a context variable: an interaction sets the user's language for its private replies,
the courier sets the game's language for public messages and images; asyncio tasks and threads
started from there inherit it. Message ids are the English texts; English needs no catalogue.
Catalogues: i18n/locales/<lang>/LC_MESSAGES/messages.po (see the README, "Adding a language").
A message missing from a catalogue falls back to English and is logged once."""

import contextlib
import contextvars
import logging
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

log = logging.getLogger("bot.i18n")
HERE = Path(__file__).resolve().parent
LOCALES = ("en", "es", "pl")
DEFAULT = "en"
LANGUAGE_NAMES = {"en": "English", "es": "Español", "pl": "Polski"}
_locale: contextvars.ContextVar[str] = contextvars.ContextVar("locale", default=DEFAULT)


def _compiled(path: Path, lang: str) -> NullTranslations:
    """The .po file at `path` compiled in memory (none there: no translations)."""
    if lang == DEFAULT or not path.is_file():
        return NullTranslations()
    import io
    with path.open("rb") as f:
        cat = read_po(f, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return Translations(buf)


def supported(tag: str | None) -> str:
    """A Discord locale ("es-ES", "es-419", "pl", "en-US", ...) as one of LOCALES; English otherwise."""
    lang = (str(tag or "").split("-")[0].split("_")[0]).lower()
    return lang if lang in LOCALES else DEFAULT


def current() -> str:
    return _locale.get()


_table: contextvars.ContextVar[str | None] = contextvars.ContextVar("table", default=None)


@contextlib.contextmanager
def at_table(lang: str | None):
    """Inside: a private message of a table whose channel speaks `lang` (a game may name a thing in both
    languages where they differ, so the reader can follow the channel)."""
    token = _table.set(supported(lang) if lang else None)
    try:
        yield
    finally:
        _table.reset(token)


def table_language() -> str | None:
    """The channel's language while a private message of its table is made (None: not one)."""
    return _table.get()


@contextlib.contextmanager
def use(lang: str | None):
    """Everything inside speaks `lang` (a Discord locale tag is fine too)."""
    token = _locale.set(supported(lang))
    try:
        yield
    finally:
        _locale.reset(token)


class Catalogue:
    """One catalogue of texts: the host's (i18n/locales) or a game's (games/<game>/locales), each a
    gettext catalogue per language, <root>/locales/<lang>/LC_MESSAGES/messages.po. Every catalogue
    speaks the current locale (one context variable for all of them)."""

    def __init__(self, root: Path, name: str):
        self.root = root
        self.name = name
        self._compiled: dict[str, NullTranslations] = {}
        self._missing: set[tuple[str, str]] = set()

    def path(self, lang: str) -> Path:
        return self.root / "locales" / lang / "LC_MESSAGES" / "messages.po"

    def translations(self, lang: str) -> NullTranslations:
        """The compiled catalogue of `lang` (English: none), read from its .po file once."""
        t = self._compiled.get(lang)
        if t is None:
            t = self._compiled[lang] = _compiled(self.path(lang), lang)
        return t

    def _lookup(self, msgid: str, plural: str | None = None, n: int = 1) -> str:
        lang = _locale.get()
        if lang == DEFAULT:
            return msgid if plural is None or n == 1 else plural
        t = self.translations(lang)
        out = t.gettext(msgid) if plural is None else t.ngettext(msgid, plural, n)
        if out in (msgid, plural) and (lang, msgid) not in self._missing and not self.has(msgid, plural is not None):
            self._missing.add((lang, msgid))  # a text the catalogue lacks: English, said once
            log.warning("no %s translation for %r in the %s catalogue", lang, msgid, self.name)
        return out

    def has(self, msgid: str, plural: bool = False, context: str | None = None) -> bool:
        """Whether the current language's catalogue holds this text (a translation may equal the
        English: "{n} h"). Without a catalogue, nothing is missing."""
        t = self.translations(_locale.get())
        if not isinstance(t, Translations):
            return True
        key = msgid if context is None else f"{context}\x04{msgid}"
        return (key, 0) in t._catalog if plural else key in t._catalog

    def _(self, msgid: str, **kw) -> str:
        """The text in the current language, with {placeholders} filled from kw."""
        text = self._lookup(msgid)
        return text.format(**kw) if kw else text

    def n_(self, singular: str, plural: str, n: int, **kw) -> str:
        """A text that depends on a number n (plural forms of the current language; {n} is filled)."""
        return self._lookup(singular, plural, n).format(n=n, **kw)

    def p_(self, context: str, msgid: str, **kw) -> str:
        """A text with a context (the same English words used for two things): p_("command name", "new")."""
        lang = _locale.get()
        text = msgid if lang == DEFAULT else str(self.translations(lang).pgettext(context, msgid))
        return text.format(**kw) if kw else text


HOST = Catalogue(HERE, "host")
_ = HOST._
n_ = HOST.n_
p_ = HOST.p_
has = HOST.has


def translations(lang: str) -> NullTranslations:
    return HOST.translations(lang)


def catalogue_path(lang: str) -> Path:
    return HOST.path(lang)


def set_current(lang: str | None) -> None:
    """Speak `lang` for the rest of this task (an interaction's handler: its user's language)."""
    _locale.set(supported(lang))


def N_(msgid: str) -> str:
    """Marks a text for the catalogue without translating it yet (tables of texts)."""
    return msgid


def number(value: float | int, digits: int | None = None) -> str:
    """A number written the way the current language writes it."""
    from babel.numbers import format_decimal
    fmt = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    return format_decimal(value, format=fmt, locale=Locale.parse(_locale.get()))
