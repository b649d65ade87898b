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
- Pictures: PNG (and WebP) bytes, the functions of a module (`Game.pictures`) called by name in worker
  processes (their arguments cross a process boundary: plain data only).
- `Ai`: an action for a seat at a level. `Coach` (optional): a review of a finished game.

**A game sees only what its seat may see.** The host gives the Show, the pictures and the AI *views*
(`Rules.view_for`), never the state: the public panel and every public picture get the spectator's view
(`view_for(state, None)`), a seat's decision, its own things, its table picture and its AI get that seat's
view (engine/views.py is the host's one door). Only the Rules see whole states.

`Rules`, `Show` and `Coach` are base classes: a game writes what is its own (the methods marked required)
and inherits the rest. A default that speaks (a ping, the lobby's line of options, a category's label) is
`None` here and said by the host in its own words.

Texts are English message ids of the game's own catalogue (`Game.texts`), in the current language
(i18n.use) when a method returns them. No Discord, SQL or I/O anywhere in a game."""

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, Protocol

from .data import deep

State = dict[str, Any]   # plain JSON data; state["seq"]: the number of accepted actions
View = dict[str, Any]    # a state as one seat (or the public) may see it: Rules.view_for
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
    title: str = ""    # its name as the lobby shows it ("Pencil powers"); by default the label, capitalized


@dataclass(frozen=True)
class Level:
    """An AI level of the game: `label` as the lobby's button says it ("easy"), `seat` as an AI seat is
    named ("Easy AI {n}"); both marked N_ in the game's catalogue (or the host's, for the levels below).
    `slow`: it thinks for up to about a second (a worker process); `lobby`: offered in the lobby (a level
    that only plays for someone, as a cautious stand-in, is not)."""
    key: str
    label: str
    seat: str
    slow: bool = False
    lobby: bool = True


def N_(msgid: str) -> str:  # (marks the host's own texts of the levels below; ui translates them)
    return msgid


RANDOM = Level("random", N_("random"), N_("Random AI {n}"))
EASY = Level("easy", N_("easy"), N_("Easy AI {n}"))
HARD = Level("hard", N_("hard"), N_("Hard AI {n}"), slow=True)


@dataclass(frozen=True)
class SeatResult:
    seat: int
    rank: int          # 1 = first; equal ranks are a tie
    winner: bool
    total: int
    scores: dict[str, int]            # points by category, in the order the results show them
    detail: dict[str, Any] = field(default_factory=dict)  # what else a record keeps (a side, money left)


def ranked(totals: Sequence[int], scores: Sequence[dict[str, int]],
           details: Sequence[dict[str, Any]] | None = None) -> list[SeatResult]:
    """Results by seat from each seat's total (the highest first, equal totals share a rank and the win)."""
    out = []
    for seat, total in enumerate(totals):
        rank = 1 + sum(1 for x in totals if x > total)
        out.append(SeatResult(seat, rank, rank == 1, total, dict(scores[seat]),
                              dict(details[seat]) if details else {}))
    return out


@dataclass(frozen=True)
class Mark:
    """What one event means to the story's chapters (a day, a round, a hand of a match): the host cuts the
    story into chapters with it. When a chapter ends, the panel is frozen as its record (the chapter's lines
    under its heading), the chapter's picture is posted with a caption, and a new panel follows.

    `begins`: a chapter begins with this event, with these facts (what `Show.heading` titles: {"round": 2});
    the chapter in progress ends before it, unless it holds only such beginnings (then the facts are joined).
    `ends`: the chapter in progress ends with this event (with `begins` too: the next begins after it); an
    end right after another (the last round scored, then the game over) belongs to the chapter that ended.
    A chapter that ends with no next one begun goes on as the facts of the one that ended plus
    {"after": True} (a day's evening, until the next day begins). `sets`: facts this event adds to the
    chapter in progress (something struck: its heading says so). `over`: the game is over. `headline`:
    the chapter's picture says this event's line."""
    begins: Mapping[str, Any] | None = None
    ends: bool = False
    sets: Mapping[str, Any] | None = None
    over: bool = False
    headline: bool = False


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


def clip(text: str, n: int = 100) -> str:
    """A text in at most n characters (an Item's label or description: Discord's 100), cut between words
    with an ellipsis."""
    if len(text) <= n:
        return text
    return text[:n - 1].rsplit(" ", 1)[0].rstrip(" ,;:·") + "…"


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
    """An image a message carries: the pictures module's <name>(*args), drawn in a worker (args: plain data
    made from a view, never from a state)."""
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


class Topics(Protocol):
    """Help for /play help and /play rules: `help()` the game in a few lines; `names()` its rules topics in
    the current language; `lookup(query)` a topic (or a card, a piece) by name in any language we have;
    `suggestions(typed)` (label, key) pairs for the command's autocomplete; `pieces` (optional, False) that
    lookup also finds cards or pieces by name. i18n.topics.Topics is one, made from a game's topics."""

    def help(self) -> str: ...
    def names(self) -> list[str]: ...
    def lookup(self, query: str) -> str | None: ...
    def suggestions(self, typed: str) -> list[tuple[str, str]]: ...


# ---- the protocols ----------------------------------------------------------------------------
class Rules:
    """The rules. Required: new_game, deciders, legal_actions, apply, results. `hidden`: the state's keys
    nobody may see (the generator: the future), which the default view_for leaves out."""

    hidden: tuple[str, ...] = ("rng",)

    def new_game(self, config: Mapping[str, Any], seed: int) -> tuple[State, list[Event]]:
        raise NotImplementedError

    def deciders(self, state: State) -> list[int]:
        """The seats that must decide now ([] when the game is over)."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int | None = None) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: State, action_id: str) -> Applied | Rejected:
        """The state is never modified; an illegal, stale or other seat's action is Rejected."""
        raise NotImplementedError

    def results(self, state: State) -> list[SeatResult]:
        """The final results of a finished game, by seat (`ranked` makes them from totals)."""
        raise NotImplementedError

    def config(self, options: Mapping[str, Any], names: Sequence[str]) -> dict:
        """The game's config (stored; replay needs it) from valid lobby options and the seated names."""
        return {"players": len(names), "names": list(names), **options}

    def is_over(self, state: State) -> bool:
        return not self.deciders(state)

    def view_for(self, state: State, seat: int | None) -> View:
        """What `seat` may see (None: a spectator): the state without anything hidden from them. It must
        not depend on what it leaves out (the conformance suite's twins check it)."""
        return deep({k: v for k, v in state.items() if k not in self.hidden})

    def public_event(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may see it (the host stores the public ones). Events that carry no secret
        need nothing here."""
        return deep(event)

    def resample(self, state: State, viewer: int | None, seed: int) -> State:
        """A state `viewer` cannot tell from this one: the values hidden from them drawn again (the
        conformance suite's twin; an AI that looks ahead samples the hidden part so). A game with no
        hidden values but the generator returns a copy."""
        return deep(state)

    def expand(self, state: State, seat: int, plan: str) -> list[str]:
        """A plan (a whole move in one click, "turn/blue/wood/income") as action ids; ValueError if it
        does not apply. A game without plans has none."""
        raise ValueError("this game has no plans")

    def stage(self, state: State) -> str:
        """The part of the game a decision belongs to (logged with each action): during simultaneous
        decisions one seat's action does not change another's within the same stage. A game with
        simultaneous decisions must say it (a button of an earlier round must not count in this one)."""
        return ""

    def simultaneous(self, state: State) -> bool:
        """Whether the deciders decide independently of each other now (each privately)."""
        return False

    def decision_key(self, state: State) -> tuple:
        """Equal keys of two consecutive states: a seat deciding in both goes on with the same decision
        (its timer runs on). By default a simultaneous decision lasts its stage, any other one action."""
        return (self.stage(state),) if self.simultaneous(state) else (self.stage(state), state["seq"])

    def forced(self, state: State, seat: int) -> str | None:
        """The action a person's decision leaves no choice but (one spot left, one hand), which the host plays
        for them at once: nobody clicks for nothing. By default the only legal action, if there is one; a game
        returns None where even a lone action deserves a look first."""
        actions = self.legal_actions(state, seat)
        return actions[0].id if len(actions) == 1 else None

    def undoable(self, before: State, action_id: str, after: State) -> bool:
        """Whether a person may take the action back: it revealed nothing (no die rolled, no card flipped
        or seen). The host adds its own conditions (the last move in effect is theirs, made by them, no
        chapter ended, the game goes on) and logs an undo as "{seat}:undo:{n}" (engine.rebuild replays it).
        By default nothing is undoable."""
        return False

    def reads_option(self, key: str, value: Any) -> bool:
        """Whether a stored value of an option that is not one of its choices is an older form the game
        still reads (a list where a choice is a string now). The host refuses any other value at every
        door: /play new, the lobby's menus, a rematch, Start."""
        return False


class Show:
    """What Discord shows. Required: panel, decision, lines, chapter, heading. Every method that gets a
    game's present moment gets a view: the public one (panel, title, ping, standings) or the seat's."""

    categories: Mapping[str, str] = {}  # a result's score categories: key -> label (N_), in results and stats
    headlines: int = 2                  # the lines a chapter's picture says (of the events marked headline)
    opening_picture: bool = False       # the game's start shows its first chapter's picture (a board worth a look)
    topics: Topics | None = None        # help and rules topics (None: the summary and the credit only)

    def panel(self, table: Table, view: View) -> Message:
        """The public panel, edited after every move (moves as buttons and menus, the host's verbs)."""
        raise NotImplementedError

    def decision(self, table: Table, view: View, seat: int, picked: Sequence[str] = ()) -> Message | None:
        """A seat's decision, privately, from its view (None: nothing to decide); `picked`: what "k:" clicks
        chose."""
        raise NotImplementedError

    def lines(self, events: Sequence[Event], names: Sequence[str]) -> list[str]:
        """Public events as short sentences (events without a sentence give none)."""
        raise NotImplementedError

    def chapter(self, event: Event) -> Mark | None:
        """What the event means to the story's chapters (None: nothing)."""
        raise NotImplementedError

    def heading(self, facts: Mapping[str, Any]) -> str:
        """A chapter's title from its facts (the Marks' begins and sets)."""
        raise NotImplementedError

    def title(self, view: View) -> str | None:
        """The title of the game's messages at this moment (None: the game's name)."""
        return None

    def record(self, events: Sequence[Event], names: Sequence[str]) -> list[str] | None:
        """The lines a chapter's record keeps in the channel, what a player wants to see of it (a showdown
        and its hands, the winner first; not every placement); None: a line per event (`lines`), as the log."""
        return None

    def mine(self, table: Table, view: View, seat: int) -> Message | None:
        """A seat's own things, privately, from its view (None: the host shows the seat's table picture)."""
        return None

    def ping(self, view: View, who: str) -> str | None:
        """The short message that tells `who` (mentions) they have a decision (None: the host's)."""
        return None

    def caption(self, ended: Mapping[str, Any] | None, started: Mapping[str, Any] | None,
                names: Sequence[str]) -> str | None:
        """The line over a chapter's picture: the chapter that ended and/or the one that begins (None: the
        host's, from their headings)."""
        return None

    def options_text(self, options: Mapping[str, Any]) -> str | None:
        """The lobby's line of options (None: the host's, from the options' labels)."""
        return None

    def points(self, n: int) -> str | None:
        """A score as the game says it ("45 VP"); None: the host's ("45 points")."""
        return None

    def total(self, result: SeatResult) -> str | None:
        """A seat's total in its results, where what it counts depends on the game's options (one game's
        hands won, a match's points); None: points(result.total)."""
        return None

    def result_line(self, result: SeatResult) -> str | None:
        """A seat's results by category, one line (None: the host's, from `categories`)."""
        return None

    def standings(self, table: Table, view: View) -> tuple[str, list[tuple[int, str]]] | None:
        """A game ended early: (heading, [(seat, its score so far as everyone may know it)]) best first;
        None: nothing to say but why it ended."""
        return None

    def detail(self, key: str, value: Any) -> tuple[str, str] | None:
        """A result detail as a stats line (label, text), or None."""
        return None


class Ai:
    """An action for a seat at a level (the game's Level keys), from that seat's view only: the same view
    gives the same choice (an AI that looks ahead samples what it cannot see with Rules.resample or the
    game's own sampler), deterministic for the same arguments. budget: the host's setting for slow levels
    (None: the level's default)."""

    def choose(self, view: View, seat: int, level: str, seed: int, budget: Any = None) -> Action:
        raise NotImplementedError


class Coach:
    """A review of one seat's decisions in a finished game, in steps a worker can take a few at a time.
    Required: decisions, evaluate, finish (engine.coaching.summary makes its result), when."""

    def decisions(self, config: Mapping, seed: int, actions: Sequence[str], seat: int) -> list:
        raise NotImplementedError

    def evaluate(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, some: list,
                 rounds: int) -> list:
        raise NotImplementedError

    def finish(self, config: Mapping, seed: int, actions: Sequence[str], seat: int, evaluated: list) -> dict:
        raise NotImplementedError

    def when(self, decision: Mapping) -> str:
        """When a reviewed decision was taken ("Round 2")."""
        raise NotImplementedError

    def amount(self, x: float) -> str | None:
        """A decision's loss as the game counts it ("3.2 VP", "12 % of a win"); None: the host says points."""
        return None

    def why(self, decision: Mapping) -> str:
        """One sentence, to the player, of why the better choice was better ("The card you passed would have
        closed your loop."), "" when the coach cannot say; in the reader's language."""
        return ""

    def quiz(self, table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int,
             decision: Mapping) -> Quiz | None:
        """One of the costliest decisions asked again (the position, a few choices), in the reader's language;
        None when it cannot be asked."""
        return None

    def asks(self) -> bool:
        """Whether this coach asks questions at all (it has its own quiz)."""
        return type(self).quiz is not Coach.quiz


@dataclass(frozen=True)
class Legacy:
    """What a game that predates the host still answers to (its own commands, ratings and records)."""
    command: str | None = None         # a command group of its own: the commands people knew before /play
    mine_command: str = "mine"         # that group's command for a seat's own things
    rating_scope: str | None = None    # the prefix of its rating scopes (None: "{key}:")
    record_formats: tuple[str, ...] = ()  # older record format names it still reads
    verbs: Mapping[str, str] = field(default_factory=dict)  # verbs its older buttons carry: the host's now


@dataclass(frozen=True)
class Game:
    """A game, as the host knows it. `key` is stored with every game and record: it never changes.
    engine.registry checks a descriptor when it is registered (engine/checks.py)."""
    key: str
    name: str
    summary: str                      # what the game is, <= 100 characters (a slash command's description)
    credit: str                       # the original game, its designers and publisher
    players: tuple[int, int]          # seats, fewest and most (AI seats count)
    options: tuple[Option, ...]
    levels: tuple[Level, ...]         # its AI levels (the lobby offers those with lobby=True)
    rules: Rules
    show: Show
    pictures: str                     # the module (path) whose functions are the pictures: workers import it
    ai: Ai
    texts: Any                        # the game's catalogue (i18n.Catalogue)
    coach: Coach | None = None
    timeout_level: str = "easy"       # the AI level that takes the seat of a person who left
    stand_in_level: str | None = None  # the level that plays a move for a person whose time ran out (a
    #                                    cautious one: it spends nothing it need not); None: timeout_level
    # a game of the day, the same on every server: the day's tag (UTC date -> str); results whose
    # SeatResult.detail["day"] is that tag make the day's board (/play daily)
    daily: Callable[[dt.date], str] | None = None
    legacy: Legacy = Legacy()
    emoji: tuple = ()                 # symbols.Emoji: its symbols as application emoji (engine/symbols.py)

    @property
    def ai_levels(self) -> tuple[str, ...]:
        """The levels the lobby offers, by key."""
        return tuple(lv.key for lv in self.levels if lv.lobby)

    @property
    def slow_levels(self) -> tuple[str, ...]:
        return tuple(lv.key for lv in self.levels if lv.slow)

    def level(self, key: str) -> Level | None:
        return next((lv for lv in self.levels if lv.key == key), None)


__all__ = ["Action", "Ai", "Applied", "Button", "Choice", "Coach", "EASY", "Event", "Game", "HARD", "Item",
           "Legacy", "Level", "Mark", "Menu", "Message", "Option", "Picture", "Quiz", "RANDOM", "Rejected",
           "Rules", "SeatResult", "Show", "State", "Style", "Table", "Topics", "View", "deep", "ranked"]
