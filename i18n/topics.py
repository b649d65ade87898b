"""A game's help (engine/protocol.py Topics): the game in a few lines (/play help) and its rules topics
found by name in any language we have (what /play rules looks up and offers): the reader's language
first, then any other, then the start of a name; lookup also a topic whose text says the word asked for."""

import unicodedata
from collections.abc import Callable, Sequence

from . import LOCALES, _, current, use


def fold(text: str) -> str:
    """Lower case without accents, for matching what people type ("puntuacion" finds "puntuación")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


class Topics:
    pieces = False  # True where lookup() also finds the game's cards or pieces by name (/play rules says so)

    def __init__(self, keys: Sequence[str], name: Callable[[str], str], text: Callable[[str], str],
                 intro: Callable[[], str], label: Callable[[str], str] | None = None):
        """keys: the topics; name(key): its name in the current language; text(key): what it says; intro():
        the game in a few lines; label(key): how an autocomplete choice shows it (default "Topic: scoring")."""
        self.keys, self.name, self.text, self.intro = tuple(keys), name, text, intro
        self.label = label or (lambda k: _("Topic: {name}", name=self.name(k)))
        self._index: dict[str, str] | None = None

    def help(self) -> str:
        return self.intro()

    def names(self) -> list[str]:
        return [self.name(k) for k in self.keys]

    def index(self) -> dict[str, str]:
        """Every topic's name in every language (and its key), folded -> key (made once)."""
        if self._index is None:
            out: dict[str, str] = {}
            for lang in LOCALES:
                with use(lang):
                    for key in self.keys:
                        out.setdefault(fold(key), key)
                        out.setdefault(fold(self.name(key)), key)
            self._index = out
        return self._index

    def find(self, query: str, prefix: bool = True) -> str | None:
        """The topic called `query` (prefix: or whose name starts with it)."""
        q = fold((query or "").strip())
        if not q:
            return None
        for key in self.keys:
            if q == fold(self.name(key)):
                return key
        found = self.index().get(q)
        if found is None and prefix:
            found = next((k for name, k in self.index().items() if name.startswith(q)), None)
        return found

    def saying(self, q: str) -> str | None:
        """The topic that says q (folded) most, in its heading first, in the reader's language, else in any
        other; a longer single word also by its stem ("przesiadka" finds "przesiadki")."""
        here = current()
        asked = [q] + ([q[:-2]] if " " not in q and len(q) >= 6 else [])
        for word in asked:
            for lang in [here, *(x for x in LOCALES if x != here)]:
                with use(lang):
                    said = [(fold(self.text(key)), key) for key in self.keys]
                best = max(said, key=lambda tk: (word in tk[0][:60], tk[0].count(word)))
                if word in best[0]:
                    return best[1]
        return None

    def lookup(self, query: str) -> str | None:
        """A topic's text by its name, else by a word of the game's it says ("joker", "posada")."""
        key = self.find(query)
        q = fold((query or "").strip())
        if key is None and len(q) >= 3:
            key = self.saying(q)
        return self.text(key) if key else None

    def suggestions(self, typed: str) -> list[tuple[str, str]]:
        q = fold(typed or "")
        return [(self.label(k), k) for k in self.keys if q in fold(k) or q in fold(self.name(k))][:25]
