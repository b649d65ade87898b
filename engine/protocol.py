"""The game protocol: everything the host asks of a game, and nothing more.

A game is a package that exposes one `Game` descriptor (registered in games/__init__.py). The host
(app/, ui/, cogs/, db/) owns the table around it — lobby, seats, the log, the outbox, timers, AI
seats, ratings, replay, languages — and reaches the game only through these objects:

- `Rules`: pure rules on plain JSON states (new game, who decides, legal choices, apply, what each
  seat may see, results). The models are OpenSpiel's State and boardgame.io's {setup, moves,
  playerView}. A state is a JSON object whose "seq" counts the accepted actions (the host's
  optimistic version); an action id is "{seat}:{verb}[:{arg}...]" (<= 60 characters).
- `Show`: what Discord shows, as Discord-free `Message`s (ui/ turns them into embeds, buttons and
  selects, makes the custom_ids and enforces Discord's limits) and plain texts: the panel, a private
  decision, a seat's own things, the story (narration, chapters), help.
- `Pictures`: PNG (and WebP) bytes drawn from states, in worker processes (called by name).
- `Ai`: an action for a seat at a level. `Coach` (optional): a review of a finished game.

Texts are English message ids of the game's own catalogue (`Game.texts`), in the current language
(i18n.use) when a method returns them. No Discord, SQL or I/O anywhere in a game."""

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, Protocol

State = dict[str, Any]   # plain JSON data; state["seq"]: the number of accepted actions
Event = dict[str, Any]   # plain JSON data: {"type": ..., ...}


class Action(NamedTuple):
    """One choice of one seat: `id` is stable, short and unique in a state; `label` a short text."""
    player: int
    id: str
    label: str


class Applied(NamedTuple):
    state: State
    events: list[Event]
    ok: Literal[True] = True


class Rejected(NamedTuple):
    reason: str
    ok: Literal[False] = False


@dataclass(frozen=True)
class Choice:
    value: str
    label: str  # an English text of the game's catalogue (marked N_)


@dataclass(frozen=True)
class Option:
    """A lobby option: a slash-command choice and a line of the lobby. The host refuses any other value."""
    key: str
    label: str         # the option's name as a slash command shows it (lowercase, no spaces, <= 32)
    description: str
    choices: tuple[Choice, ...]
    default: str


@dataclass(frozen=True)
class SeatResult:
    seat: int
    rank: int          # 1 = first; equal ranks are a tie
    winner: bool
    total: int
    scores: dict[str, int]            # points by category, in the order the results show them
    detail: dict[str, Any] = field(default_factory=dict)  # what else a record keeps (a side, money left)


@dataclass(frozen=True)
class Marks:
    """The chapter boundaries one action crosses (a day, a round, a hand of a match): the host then
    freezes the panel as that chapter's record, posts the chapter's picture and a new panel."""
    ended: dict | None = None     # facts of the chapter that ended (for its caption)
    started: dict | None = None   # facts of the chapter that begins
    over: bool = False            # the game is over: the results follow


@dataclass
class Record:
    """A chapter of the story: the events one panel covered, and its title once frozen."""
    close_seq: int | None = None  # the log seq of the action that closed it (None: still open)
    events: list[Event] = field(default_factory=list)
    heading: str = ""


# ---- what Discord shows, without Discord --------------------------------------------------------
Style = Literal["primary", "secondary", "success", "danger"]


@dataclass
class Button:
    """`act`: a move ("2:take:blue:wood", or a plan "2@turn/..."), a host verb ("decide", "mine",
    "board") or a pick ("k:{item}": the decision is shown again with that item picked)."""
    label: str
    act: str
    style: Style = "secondary"
    emoji: str | None = None
    row: int | None = None
    disabled: bool = False


@dataclass
class Item:
    label: str
    act: str
    description: str | None = None
    default: bool = False
    emoji: str | None = None


@dataclass
class Menu:
    placeholder: str
    items: list[Item]
    low: int = 1
    high: int = 1
    row: int | None = None


@dataclass(frozen=True)
class Picture:
    """An image a message carries: Pictures.<name>(*args), drawn in a worker."""
    name: str
    args: tuple = ()
    filename: str = "image.png"


@dataclass
class Message:
    content: str = ""                     # the text over the embed (mentions go here)
    title: str | None = None              # an embed with this title (None: plain text)
    body: str = ""
    fields: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""
    colour: Literal["green", "brown"] = "green"
    controls: list[Button | Menu] = field(default_factory=list)
    picture: Picture | None = None


@dataclass
class Quiz:
    """A reviewed decision asked again ("What would you do?"): the position as the seat saw it and a few of
    its choices (the played one and the best among them) in a fixed shuffled order (engine/quiz.py)."""
    position: Message                # the position: text and picture, no controls
    choices: list[tuple[str, str]]   # (label, description) each, as a select shows them (<= 100 characters)
    played: int                      # the index of the choice played in the game
    best: int                        # the index of the coach's choice
    behind: list[float]              # each choice's shortfall against the best (as a decision's "loss")


@dataclass(frozen=True)
class Table:
    """What a game's Show sees of the table around it (Strife's context object)."""
    id: int                      # the game's number
    names: Sequence[str]         # by seat, as Discord shows them (AI seats marked)
    mentions: Sequence[str]      # how to ping each seat (an AI seat: its bold name)
    ai: Sequence[bool]
    options: Mapping[str, Any]
    recent: Sequence[str] = ()   # the last narrated lines
    timer: int = 0               # seconds per decision (0: off)


# ---- the protocols ----------------------------------------------------------------------------
class Rules(Protocol):
    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        """The game's config (stored; replay needs it) from valid lobby options and the seated names."""
    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[State, list[Event]]: ...
    def deciders(self, state: State) -> list[int]:
        """The seats that must decide now ([] when the game is over)."""
    def legal_actions(self, state: State, seat: int | None = None) -> list[Action]: ...
    def apply(self, state: State, action_id: str) -> Applied | Rejected:
        """The state is never modified; an illegal, stale or other seat's action is Rejected."""
    def expand(self, state: State, seat: int, plan: str) -> list[str]:
        """A plan (a whole move in one click, "turn/blue/wood/income") as action ids; ValueError if it
        does not apply. A game without plans raises ValueError."""
    def view_for(self, state: State, seat: int | None) -> State:
        """What `seat` may see (None: a spectator): the state without anything hidden from them."""
    def public_event(self, event: Event, seat: int | None) -> Event: ...
    def resample(self, state: State, viewer: int | None, seed: int) -> State:
        """A state `viewer` cannot tell from this one: the values hidden from them drawn again (the
        conformance suite's hidden-value twin). A game with no hidden values returns a copy."""
    def is_over(self, state: State) -> bool: ...
    def results(self, state: State) -> list[SeatResult]:
        """The final results of a finished game, by seat."""
    def stage(self, state: State) -> str:
        """The part of the game a decision belongs to (logged with each action): during simultaneous
        decisions one seat's action does not change another's within the same stage."""
    def simultaneous(self, state: State) -> bool:
        """Whether the deciders decide independently of each other now (each privately)."""
    def decision_key(self, state: State) -> tuple:
        """Equal keys of two consecutive states: a seat deciding in both goes on with the same decision
        (its timer runs on)."""
    # Optional: reads_option(key, value) -> bool: whether a stored value of an option that is not one of its
    # choices is an older form the game still reads (a list where a choice is a string now). The host
    # refuses any other value at every door: /play new, the lobby's menus, a rematch, Start.
    # Optional: undoable(before, action_id, after) -> bool: whether a person may take the action back (it
    # revealed nothing: no die rolled, no card flipped or seen). The host adds its own conditions (the last
    # move in effect is theirs, made by them, no chapter ended, the game goes on). A game without it has no
    # undo. The host logs an undo as "{seat}:undo:{n}" (engine.rebuild replays it).


class Show(Protocol):
    def title(self, state: State) -> str: ...
    def options_text(self, options: Mapping[str, Any]) -> str:
        """The lobby's line of options."""
    def panel(self, table: Table, state: State) -> Message:
        """The public panel, edited after every move (moves as buttons and menus, the host's verbs)."""
    def decision(self, table: Table, state: State, seat: int, picked: Sequence[str] = ()) -> Message | None:
        """A seat's decision, privately (None: nothing to decide); `picked`: what "k:" clicks chose."""
    def mine(self, table: Table, state: State, seat: int) -> Message:
        """A seat's own things, privately (values only it may see)."""
    def ping(self, state: State, who: str) -> str:
        """The short message that tells `who` (mentions) they have a decision."""
    def lines(self, events: Sequence[Event], names: Sequence[str]) -> list[str]:
        """Public events as short sentences (events without a sentence give none)."""
    def records(self, start_events: Sequence[Event], actions: Sequence[Mapping]) -> list[Record]:
        """The story cut into chapters; actions: the log rows ({"seq", "events"}), oldest first."""
    def marks(self, events: Sequence[Event], before: State | None) -> Marks: ...
    def headlines(self, events: Sequence[Event], names: Sequence[str]) -> list[str]:
        """The few lines a chapter's picture says about what happened."""
    def caption(self, marks: Mapping[str, Any], names: Sequence[str]) -> str: ...
    def facts(self, state: State) -> dict:
        """What part of the game a panel covers (its heading once frozen: `heading`)."""
    def heading(self, facts: Mapping[str, Any]) -> str: ...
    def points(self, n: int) -> str:
        """A score as the game says it ("45 VP")."""
    def result_line(self, result: SeatResult) -> str:
        """A seat's results by category, one line."""
    def standings(self, table: Table, state: State) -> tuple[str, list[tuple[int, str]]]:
        """A game ended early: (heading, [(seat, its score so far as everyone may know it)]) best first."""
    def category(self, key: str) -> str: ...
    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        """A result detail as a stats line (label, text), or None."""
    def help(self) -> str: ...
    def topics(self) -> list[str]: ...
    def lookup(self, query: str) -> str | None:
        """Help on a rules topic or a card by name, in any language we have."""
    def suggestions(self, current: str) -> list[tuple[str, str]]: ...


class Pictures(Protocol):
    """PNG bytes; `round` after each chapter, `table` for /board, `results` at the end, `replay` a
    finished game's record animated. A picture drawn for everyone gets the spectator's view only."""
    def round(self, state: State, lines: Sequence[str]) -> bytes: ...
    def table(self, state: State, viewer: int | None) -> bytes: ...
    def mine(self, state: State, seat: int) -> bytes: ...
    def results(self, state: State) -> bytes: ...
    def replay(self, record: Mapping[str, Any]) -> bytes: ...


class Ai(Protocol):
    def choose(self, state: State, seat: int, level: str, seed: int, budget: Any = None) -> Action:
        """A legal action of `seat`, deterministic for the same arguments; from what `seat` may see."""


class Coach(Protocol):
    """A review of one seat's decisions in a finished game, in steps a worker can take a few at a time."""
    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list: ...
    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list: ...
    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict: ...
    def when(self, decision: Mapping) -> str:
        """When a reviewed decision was taken ("Round 2")."""
    # optional: amount(x) -> str, a decision's loss as the game counts it ("3.2 VP", "12 % of a win"); the
    # host says it in points without it (ui/review.py lost)
    # Optional: why(decision) -> str: one sentence, to the player, of why the better choice was better
    # ("The card you passed would have closed your loop."), "" when the coach cannot say; in the reader's language.
    # Optional: quiz(table, config, seed, actions, seat, decision) -> Quiz | None: one of the costliest decisions
    # asked again (the position, a few choices), in the reader's language; None when it cannot be asked.


@dataclass(frozen=True)
class Game:
    """A game, as the host knows it. `key` is stored with every game and record: it never changes."""
    key: str
    name: str
    summary: str                      # what the game is, <= 100 characters (a slash command's description)
    credit: str                       # designers and publisher
    players: tuple[int, int]          # seats, fewest and most (AI seats count)
    options: tuple[Option, ...]
    ai_levels: tuple[str, ...]        # "easy", "hard", ...: the lobby's AI buttons
    simultaneous: bool                # whether some decisions are taken by several seats at once
    rules: Rules
    show: Show
    pictures: str                     # the module (path) whose functions are the Pictures: workers import it
    ai: Ai
    texts: Any                        # the game's catalogue (i18n.Catalogue)
    coach: Coach | None = None
    slow_levels: tuple[str, ...] = ()  # AI levels that think in worker processes (seconds, not ms)
    timeout_level: str = "easy"       # the AI level that takes the seat of a person who left
    stand_in_level: str | None = None  # the level that plays a move for a person whose time ran out (a
    #                                    cautious one: it spends nothing it need not); None: timeout_level
    command: str | None = None        # a command group of its own: the commands people knew before /play
    mine_label: str = "Mine"          # the private view's button, and its command's name
    mine_command: str = "mine"
    rating_scope: str | None = None   # the prefix of its rating scopes (None: "{key}:")
    record_formats: tuple[str, ...] = ()  # older record format names it still reads
    legacy_verbs: Mapping[str, str] = field(default_factory=dict)  # verbs its older buttons carry: the host's now
    # a game of the day, the same on every server: the day's tag (UTC date -> str); results whose
    # SeatResult.detail["day"] is that tag make the day's board (/play daily)
    daily: Callable[[dt.date], str] | None = None
