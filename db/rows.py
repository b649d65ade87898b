"""The rows the store hands out: a game with its seated players (plain data, no I/O)."""

from dataclasses import dataclass, field

from engine import from_json

from .errors import DatabaseDamaged

AI_MARK = "🤖"


@dataclass
class Player:
    user_id: int       # an AI seat has a negative id: Discord ids are positive
    name: str
    seat: int | None
    ai: str | None = None  # the AI level playing this seat, None for a person
    left_user: int | None = None  # the person who played this seat until they left (an AI played on)


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    options: dict
    config: dict | None
    seed: int
    state_json: str | None
    seq: int
    recent: list
    panel_message_id: int | None
    lobby_message_id: int | None
    end_reason: str | None
    ping_message_id: int | None = None
    game: str = ""             # the key of the game it plays (engine/registry.py)
    home_id: int | None = None  # the channel the game's thread was opened in (None: it lives in its channel)
    players: list[Player] = field(default_factory=list)
    _state: dict | None = None

    @property
    def state(self) -> dict | None:
        """The engine state, parsed on first use (lobby rows have none); DatabaseDamaged if it is not JSON."""
        if self._state is None and self.state_json is not None:
            try:
                self._state = from_json(self.state_json)
            except ValueError as e:
                raise DatabaseDamaged(f"game {self.id}: its saved state can't be read ({e})").about(
                    game_id=self.id, channel_id=self.channel_id) from e
        return self._state

    @property
    def live(self) -> dict:
        """The engine state of a game that has started (raises for a lobby)."""
        state = self.state
        if state is None:
            raise ValueError(f"game {self.id} has not started")
        return state

    def seat_of(self, user_id: int) -> int | None:
        for p in self.players:
            if p.user_id == user_id:
                return p.seat
        return None

    @property
    def home(self) -> int:
        """The channel of its lobby and results: the one its thread was opened in, else its own."""
        return self.home_id if self.home_id is not None else self.channel_id

    def here(self, channel_id: int | None) -> bool:
        """Whether a click or command in `channel_id` is in this game's place: its channel (a thread), or the
        channel its thread was opened in (the lobby, the results)."""
        return channel_id is not None and channel_id in (self.channel_id, self.home_id)

    def is_player(self, user_id: int) -> bool:
        return any(p.user_id == user_id for p in self.players)

    def user_at(self, seat: int) -> int | None:
        p = self.player_at(seat)
        return p.user_id if p else None

    def player_at(self, seat: int) -> Player | None:
        for p in self.players:
            if p.seat == seat:
                return p
        return None

    def ai_level(self, seat: int) -> str | None:
        p = self.player_at(seat)
        return p.ai if p else None

    def is_ai(self, seat: int) -> bool:
        return self.ai_level(seat) is not None

    def humans(self) -> list[Player]:
        return [p for p in self.players if p.ai is None]

    def display(self, seat: int) -> str:
        """The seat's name as shown in Discord: AI seats carry the robot marker. (The engine and the
        images keep the plain name: the image fonts have no emoji.)"""
        p = self.player_at(seat)
        if p is None:
            return self.state["players"][seat]["name"] if self.state else "?"
        return f"{AI_MARK} {p.name}" if p.ai else p.name


@dataclass
class OutboxItem:
    """Something a commit promised to show in the channel (see app/outbox.py for the kinds)."""
    id: int
    game_id: int
    seq: int
    kind: str
    data: dict
    message_id: int | None = None
