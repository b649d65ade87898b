"""The bot's settings: environment variables, or a `.env` file in the project folder (see .env.example).

A bad value stops the bot with the variable's name and what it accepts (pydantic-settings)."""

import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError, ValidationInfo, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from db.postgres import redact
from db.store import SQLITE_PREFIX, parse_url

ROOT = Path(__file__).resolve().parent.parent


class SettingsError(ValueError):
    """One line per bad variable: its name and what is wrong."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_ignore_empty=True, extra="ignore", validate_default=True)

    discord_token: str | None = None
    # where the games are kept: sqlite:///path (the default, one process) or postgresql://user:pw@host/db
    # (one database shared by several bot processes). Empty: the SQLite file DATABASE_PATH (the older
    # setting, still honoured). A relative sqlite:/// path is taken from the project folder.
    database_url: str = ""
    database_path: str = str(ROOT / "data" / "pioneer.sqlite3")
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    ai_pause: float = Field(1.5, ge=0)          # seconds an AI turn takes at least (its thinking counted)
    ai_hard_budget: int = Field(240, ge=1)      # rollouts per decision of the hard AI (about 1 s)
    # the games' symbols as application emoji, uploaded at start-up (cogs/emoji.py); off: Unicode
    app_emoji: bool = True
    # a person's turn mentions them only the first time in a game, or when they have not acted for this long
    ping_idle_minutes: float = Field(10, ge=0)
    # worker processes for the hard AI: in a thread it would hold the GIL and slow every click
    # (0 = a thread of the bot's process, as in most tests)
    ai_processes: int = Field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1), ge=0)
    # samples per decision when the coach reviews a game (engine.ai.review.ROUNDS; fewer: faster, noisier)
    review_rounds: int = Field(16, ge=1)
    # worker processes that draw the images (0 = one dedicated thread of the bot's process)
    render_processes: int = Field(1, ge=0)
    # several bot processes (docs/SCALING.md): Discord's shard count, and the shards this process runs
    # ("0,1"); unset: one process, every guild (a plain commands.Bot). SHARD_COUNT alone: every shard here.
    shard_count: int | None = Field(None, ge=1)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None  # "0,1", not JSON
    # the journal of clicks acknowledged but not yet saved (app/clicks.py). Empty: next to the SQLite file,
    # or data/clicks-<database>-<shards>.jsonl with PostgreSQL. A relative path is taken from the project folder.
    click_journal: str = ""
    sync: bool = False          # --sync: publish the slash commands globally at start-up
    new_database: bool = False  # --new-database: create the database file where none is found

    @field_validator("discord_token")
    @classmethod
    def _strip(cls, v):
        return (v or "").strip() or None

    @field_validator("database_path")
    @classmethod
    def _from_root(cls, v: str) -> str:
        # a relative path is taken from the project folder, wherever the bot is started
        return str(ROOT / v) if not Path(v).is_absolute() else v

    @field_validator("click_journal")
    @classmethod
    def _journal_from_root(cls, v: str) -> str:
        return str(ROOT / v) if v and not Path(v).is_absolute() else v

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, v: str) -> str:
        if not v.strip():
            return ""
        kind, target = parse_url(v)  # a ValueError names DATABASE_URL and what it accepts
        if kind == "sqlite":
            return SQLITE_PREFIX + (target if Path(target).is_absolute() else str(ROOT / target))
        return target

    @model_validator(mode="after")
    def _default_url(self) -> "Settings":
        if not self.database_url:
            self.database_url = SQLITE_PREFIX + self.database_path
        return self

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_ids(cls, v):
        if isinstance(v, str):
            try:
                return tuple(int(x) for x in v.replace(" ", "").split(",") if x)
            except ValueError:
                raise ValueError("SHARD_IDS is a list of shard numbers separated by commas, e.g. 0,1") from None
        return v

    @field_validator("shard_ids")
    @classmethod
    def _check_ids(cls, v, info: ValidationInfo):
        if v is None:
            return None
        if "shard_count" not in info.data:  # SHARD_COUNT itself is wrong: reported on its own
            return v
        count = info.data["shard_count"]
        if count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (Discord's total number of shards)")
        if not v:
            raise ValueError("SHARD_IDS names no shard")
        if len(set(v)) != len(v):
            raise ValueError("SHARD_IDS names a shard twice")
        if any(not 0 <= i < count for i in v):
            raise ValueError(f"SHARD_IDS must be between 0 and SHARD_COUNT - 1 = {count - 1}")
        return tuple(v)

    @property
    def shards(self) -> tuple[int, tuple[int, ...]]:
        """(shard count, this process's shard ids): (1, (0,)) for one unsharded process."""
        if self.shard_count is None:
            return 1, (0,)
        return self.shard_count, self.shard_ids or tuple(range(self.shard_count))

    @property
    def sharded(self) -> bool:
        """Run as discord.AutoShardedBot (SHARD_COUNT set)."""
        return self.shard_count is not None

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, v):
        return v.strip().upper() if isinstance(v, str) else v

    @classmethod
    def from_env(cls, env=None, env_file: Path | None = ROOT / ".env") -> "Settings":
        """From the process environment and `.env` (env=None), or from the mapping `env` alone."""
        try:
            if env is None:
                return cls(_env_file=env_file if env_file and env_file.is_file() else None)  # type: ignore[call-arg]
            return cls.model_validate({k.lower(): v for k, v in env.items() if str(v).strip()})
        except ValidationError as e:
            raise SettingsError(explain(e)) from None


def explain(error: ValidationError) -> str:
    lines = []
    for err in error.errors():
        name = str(err["loc"][0]).upper() if err["loc"] else "?"
        got = redact(err["input"]) if name == "DATABASE_URL" and isinstance(err.get("input"), str) \
            else err.get("input")  # no password in the log
        lines.append(f"{name}: {err['msg']} (got {got!r})")
    return "\n".join(lines)
