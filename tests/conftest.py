"""Bot test fixtures: a real PioneerBot on SimCord with a temporary database and a cheap renderer."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tests"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "data" / "pioneer.sqlite3")


@pytest.fixture
async def make_bot(db_path):
    """Builds bots sharing one database (a restart is a new bot); checks and closes them after."""
    from simharness import CheapRenderer

    from bot import PioneerBot, Settings
    bots = []

    def make(renderer="cheap", **settings):
        """renderer: "cheap" (default), None for the real render/ module, or any object. AI moves come
        without pause and the hard AI thinks briefly (settings override)."""
        if renderer == "cheap":
            renderer = CheapRenderer()
        settings = {"ai_pause": 0.0, "ai_hard_budget": 4, "ai_processes": 0, "render_processes": 0, **settings}
        bot = PioneerBot(Settings(database_path=db_path, sync=True, **settings), renderer=renderer)
        bots.append(bot)
        return bot
    yield make
    for bot in bots:
        if bot.store is not None:
            await bot.store.close()
    unexpected = [e for bot in bots for e in bot.errors]
    assert not unexpected, f"the bot hit unexpected errors: {unexpected}"


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()
