"""The host names no game's things: outside the games' own packages (and the tests and benches) no module
says wagon, townsfolk, disaster, storm, raid, famine, favor, cattle, nugget, pioneer... Pioneer Days is
found by its descriptor like any game. Allowed, each for its reason: the registration line
(games/__init__.py), the schema's history (db/migrations.py: its released steps, and v6, which moves Pioneer
Days' own columns into scores by category), the project's historic file and variable names
(data/pioneer.sqlite3, PIONEER_* test settings, the test server's role), and the kept /pioneer group's
name in texts that explain it."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = ("engine", "app", "ui", "cogs", "render", "db", "i18n", "scripts", "bot.py")
SKIP = {"db/migrations.py"}
WORDS = re.compile(r"wagons?|townsfolk|disasters?|storms?|raids?|famine|favou?rs?|cattle|medicine|nuggets?|"
                   r"gold tokens?|pioneers?|pioneer[ -]days|sets?:AB", re.IGNORECASE)
ALLOWED = re.compile(r"pioneer\.sqlite3|PIONEER_[A-Z_]+|/pioneer\b|pioneer_(test|bench|template)_|"
                     r"SUPERUSER = \"pioneer\"|pioneer-pg|postgresql://pioneer|\"pioneer\" role")


def host_files() -> list[Path]:
    out = []
    for name in HOST:
        p = ROOT / name
        out += sorted(p.rglob("*.py")) if p.is_dir() else [p]
    return [f for f in out if f.relative_to(ROOT).as_posix() not in SKIP]


def test_no_host_module_names_a_games_things():
    found = []
    files = host_files()
    for f in files:
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            cleaned = ALLOWED.sub("", line)
            for m in WORDS.finditer(cleaned):
                found.append(f"{f.relative_to(ROOT)}:{n}: {m.group(0)!r} in {line.strip()[:90]!r}")
    assert len(files) > 60 and not found, "\n".join(found)


def test_the_check_finds_such_a_word():
    line = 'log = getLogger("pioneer.service")  # wagon'
    assert [m.group(0) for m in WORDS.finditer(ALLOWED.sub("", line))] == ["pioneer", "wagon"]
