"""The catalogue tool (scripts/catalogues.py), run on a copy of the project: `extract` changes no file when
no text changed and adds one entry for a new text, a game without locales/ gets its template, `init` and
`add` never overwrite a catalogue, and every catalogue carries our header lines, not Babel's defaults."""

import difflib
import importlib.util
import shutil
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
COPIED = (".py", ".po", ".pot")
# Our headers as the translations are written (Spanish has two plural forms; Babel's default has three)
OURS = {
    "es": ["Language: es", "Language-Team: Español", "Plural-Forms: nplurals=2; plural=(n != 1);"],
    "pl": ["Language: pl", "Language-Team: Polski", "Plural-Forms: nplurals=3; plural=n == 1 ? 0 : "
           "n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2;"],
}
ENCODING = ["MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit"]


def load_tool():
    spec = importlib.util.spec_from_file_location("catalogue_tool", ROOT / "scripts" / "catalogues.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


tool = load_tool()


@pytest.fixture
def project(tmp_path):
    """A copy of what the catalogues are made of: babel.cfg, each catalogue, its sources' .py files."""
    def skip(folder, names):
        return [n for n in names if n == "__pycache__" or not (n.endswith(COPIED) or (Path(folder) / n).is_dir())]
    for d in tool.domains():
        for part in {d.root, *(ROOT / s for s in d.sources)}:
            target = tmp_path / part.relative_to(ROOT)
            if part.is_dir():
                shutil.copytree(part, target, ignore=skip, dirs_exist_ok=True)
            else:
                shutil.copy2(part, target)
    shutil.copy2(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    return tmp_path


def files(root: Path) -> dict[Path, tuple[bytes, int]]:
    return {p.relative_to(root): (p.read_bytes(), p.stat().st_mtime_ns) for p in root.rglob("*") if p.is_file()}


def changed(before: dict, after: dict) -> set[Path]:
    return {p for p in before.keys() | after.keys() if before.get(p, (None,))[0] != after.get(p, (None,))[0]}


def entries(path: Path, lang: str | None = None) -> dict:
    with path.open("rb") as f:
        return {(m.context, m.id): m.string for m in read_po(f, locale=lang) if m.id}


def new_game(project: Path) -> Path:
    game = project / "games" / "my_game"
    game.mkdir()
    (game / "__init__.py").write_text('from i18n import N_, n_\n\nNAME = N_("My game")\n'
                                      'CARDS = n_("{n} card", "{n} cards", 2)\n', encoding="utf-8")
    return game


def test_extract_on_an_unchanged_tree_changes_no_file(project):
    before = files(project)
    assert tool.extract(root=project) == []
    assert files(project) == before, "the committed catalogues are not what extract writes: run it"


def test_a_new_text_is_one_new_entry_in_its_game_s_template_and_catalogues(project):
    game = project / "games" / "next_station"
    with (game / "__init__.py").open("a", encoding="utf-8") as f:
        f.write('\nADDED = _("A text the test added")\n')
    before = files(project)
    written = tool.extract(root=project)
    catalogues = {game / "messages.pot", *(game / "locales" / lang / "LC_MESSAGES" / "messages.po" for lang in OURS)}
    assert set(written) == catalogues
    assert changed(before, files(project)) == {p.relative_to(project) for p in catalogues}
    for path in catalogues:
        old = before[path.relative_to(project)][0].decode("utf-8").splitlines()
        new = path.read_text(encoding="utf-8").splitlines()
        ops = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
        assert {op[0] for op in ops} == {"equal", "insert"}, path
        added = [line for tag, _i, _j, start, end in ops if tag == "insert" for line in new[start:end]]
        assert Counter(added) == Counter(['msgid "A text the test added"', 'msgstr ""', ""]), path


def test_a_game_without_locales_gets_its_template(project):
    game = new_game(project)
    [domain] = [d for d in tool.domains(project) if d.root == game]  # extract runs each domain alike
    tool.extract_domain(domain)
    assert entries(game / "messages.pot") == {(None, "My game"): "", (None, ("{n} card", "{n} cards")): ("", "")}
    assert not (game / "locales").exists()


def test_init_keeps_every_existing_catalogue_and_adds_the_missing_ones(project):
    before = files(project)
    said = tool.init("es", root=project)
    assert files(project) == before
    assert len(said) == len(tool.domains(project)) and all(s.startswith("skipped") for s in said)
    said = tool.init("pt", root=project)
    made = {d.po("pt").relative_to(project) for d in tool.domains(project)}
    assert changed(before, files(project)) == made and all(s.startswith("created") for s in said)
    for d in tool.domains(project):
        assert tool.header_of(d.po("pt"))[1][:2] == ["Project-Id-Version: " + d.name, "Language: pt"]
        assert entries(d.po("pt"), "pt").keys() == entries(d.pot).keys()


def test_add_writes_a_new_game_s_template_and_catalogues_with_our_headers(project):
    game = new_game(project)
    said = tool.add("games/my_game", root=project)
    assert said == ["wrote games/my_game/messages.pot"] + \
        [f"created games/my_game/locales/{lang}/LC_MESSAGES/messages.po" for lang in OURS]
    for lang, ours in OURS.items():
        po = game / "locales" / lang / "LC_MESSAGES" / "messages.po"
        assert tool.header_of(po)[1] == ["Project-Id-Version: my_game", *ours, *ENCODING]
        forms = 2 if lang == "es" else 3
        assert entries(po, lang) == {(None, "My game"): "", (None, ("{n} card", "{n} cards")): ("",) * forms}
    es = game / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    es.write_text(es.read_text(encoding="utf-8").replace('"My game"\nmsgstr ""', '"My game"\nmsgstr "Mi juego"'),
                  encoding="utf-8")
    before = files(project)
    assert tool.add("games/my_game", root=project)[1:] == \
        [f"skipped games/my_game/locales/{lang}/LC_MESSAGES/messages.po: it exists" for lang in OURS]
    assert files(project) == before and entries(es, "es")[(None, "My game")] == "Mi juego"


def test_extract_puts_our_header_back_and_keeps_the_translations(project):
    """A catalogue with Babel's header (its Spanish plural rule, dates, its team placeholder) is given ours
    again: the file as it was, no plural translation lost or marked fuzzy."""
    po = project / "games" / "next_station" / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    ours = po.read_bytes()
    babel = ours.decode("utf-8").replace(
        '"Language-Team: Español\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n',
        '"POT-Creation-Date: 2026-12-02 14:01+0000\\n"\n"Language-Team: es <LL@li.org>\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);\\n"\n')
    assert babel != ours.decode("utf-8")
    po.write_text(babel, encoding="utf-8")
    domain = next(d for d in tool.domains(project) if d.name == "next_station")
    assert tool.extract_domain(domain, ["es"]) == [po]
    assert po.read_bytes() == ours


def test_every_committed_catalogue_has_our_headers():
    for d in tool.domains():
        assert tool.header_of(d.pot)[1] == [f"Project-Id-Version: {d.name}", *ENCODING], d.pot
        assert d.languages() == sorted(OURS), d.root
        for lang, ours in OURS.items():
            assert tool.header_of(d.po(lang))[1] == [f"Project-Id-Version: {d.name}", *ours, *ENCODING], d.po(lang)
