"""The conformance suite can fail: each check, run on a copy of the test game broken in the one way that
check is for, raises. (A suite that passes everything proves nothing.)"""

import dataclasses
import io
import random
import sys
import types

import pytest
from PIL import Image

import games.example
import render
from conformance import test_conformance_discord as discord_checks
from conformance import test_conformance_rules as rule_checks
from conformance import test_conformance_secrecy as secrecy_checks
from engine import checks, registry, rng
from engine.protocol import Action, Applied, Button, Choice, Item, Menu, Option, Rejected, Rules, Show, ranked
from engine.symbols import Emoji
from games.example import pictures as fine_pictures
from games.example.ai import FingersAi
from games.example.rules import RULES, FingersRules
from games.example.show import FingersShow
from render.canvas import Canvas


class LeakyView(FingersRules):
    def view_for(self, state, seat):
        return {k: v for k, v in state.items() if k != "rng"}  # everyone's picks, to everyone


class LeakyEvent(FingersRules):
    def apply(self, state, action_id):
        r = super().apply(state, action_id)
        if r.ok:
            r.events[0]["fingers"] = int(action_id.rsplit(":", 1)[1])  # the secret pick, in what the public sees
        return r


SEEN: dict = {}


class Peeking(FingersRules):
    """Rules that keep the last whole state they were asked to make a view of: a side channel."""

    def view_for(self, state, seat):
        SEEN["state"] = state
        return super().view_for(state, seat)


class PeekingPanel(FingersShow):
    def panel(self, table, view):
        msg = super().panel(table, view)
        msg.body += f"\n{SEEN['state']['picks']}"  # everyone's hidden picks, on the public panel
        return msg


class PeekingAi(FingersAi):
    def choose(self, view, seat, level, seed, budget=None):
        taken = SEEN["state"]["picks"]  # the other seats' hidden picks
        acts = RULES.legal_actions(view, seat)
        return next((a for a in acts if int(a.id[-1]) not in taken), acts[0])


class Mutating(FingersRules):
    def apply(self, state, action_id):
        r = super().apply(state, action_id)
        if r.ok:
            state["scores"][0] += 0 if state["scores"] is r.state["scores"] else 1
        return r


class Unseeded(FingersRules):
    def new_game(self, config, seed):
        return super().new_game(config, random.randrange(1 << 30))

    def apply(self, state, action_id):
        r = super().apply(state, action_id)
        if r.ok and not self.deciders(r.state):
            r.state["scores"][0] += random.randrange(2)
        return r


class IllegalButton(FingersShow):
    def panel(self, table, state):
        msg = super().panel(table, state)
        msg.controls.append(Button("Cheat", "0:show:9"))
        return msg


class ManyButtons(FingersShow):
    def panel(self, table, state):  # 30 buttons: past a V2 message's 40 components with its frame
        msg = super().panel(table, state)
        msg.controls += [Button(f"{i}", "decide", row=i // 5) for i in range(30)]
        return msg


class BigMenu(FingersShow):
    def decision(self, table, state, seat, picked=()):
        msg = super().decision(table, state, seat, picked)
        if msg is not None:
            msg.controls.append(Menu("Too many", [Item(f"option {i}", f"k:{i}") for i in range(30)], row=2))
        return msg


def _tiny_text(state, seat):  # a seat's own picture with 8 px text on 400 px: 8 px on a phone
    cv = Canvas(Image.new("RGB", (400, 100), "white"))
    cv.text((4, 4), "gold: 3", "cond", 8, "black")
    return render.png(cv.finish())


def _silent(state, viewer=None):  # the table, not saying its smallest text (drawn without the kit's canvas)
    buf = io.BytesIO()
    Image.new("RGB", (400, 100), "white").save(buf, "PNG")
    return buf.getvalue()


def _heavy(state):  # the results over 200 KB: noise does not compress
    img = Image.frombytes("RGB", (800, 800), random.Random(1).randbytes(800 * 800 * 3))
    img.info["min_text_px"] = 36
    return render.png(img)


def _missing_glyph(state, lines=()):  # the chapter's picture with a money bag no font of the kit has: a box
    cv = Canvas(Image.new("RGB", (400, 100), "white"))
    cv.text((4, 4), "gold: 3 \U0001F4B0", "cond", 18, "black")
    return render.png(cv.finish())


def _silent_replay(record):  # an animation that does not say its smallest text
    buf = io.BytesIO()
    Image.new("RGB", (400, 100), "white").save(buf, "WEBP")
    return buf.getvalue()


def pictures_with(**broken) -> str:
    """The name of a copy of the test game's pictures module with some of its pictures replaced."""
    name = "games.example.pictures_" + "_".join(sorted(broken))
    module = types.ModuleType(name)
    module.__dict__.update({k: v for k, v in vars(fine_pictures).items() if not k.startswith("__")}, **broken)
    sys.modules[name] = module
    return name


VIEWS = secrecy_checks.test_a_twin_looks_the_same_to_its_viewer_and_so_do_the_events_it_makes
EVENTS = secrecy_checks.test_actions_a_viewer_cannot_tell_apart_make_the_same_events_for_them
PANEL_TWIN = secrecy_checks.test_the_panel_and_a_seat_s_decision_are_the_same_for_a_twin
AI_TWIN = secrecy_checks.test_the_ai_chooses_the_same_on_a_twin_it_cannot_tell_apart
REFUSALS = rule_checks.test_illegal_stale_and_other_seats_actions_are_refused_and_change_nothing
DETERMINISM = rule_checks.test_the_same_seed_and_choices_give_the_same_game_and_the_log_replays_to_it
FITS = discord_checks.test_every_message_fits_discord_and_offers_only_legal_moves
PHONE = discord_checks.test_every_picture_is_small_and_readable_on_a_phone
BROKEN = {
    "leaky-view": ({"rules": LeakyView()}, VIEWS),
    "leaky-event": ({"rules": LeakyEvent()}, EVENTS),
    "peeking-panel": ({"rules": Peeking(), "show": PeekingPanel()}, PANEL_TWIN),
    "peeking-ai": ({"rules": Peeking(), "ai": PeekingAi()}, AI_TWIN),
    "mutating": ({"rules": Mutating()}, REFUSALS),
    "unseeded": ({"rules": Unseeded()}, DETERMINISM),
    "illegal-button": ({"show": IllegalButton()}, FITS),
    "big-menu": ({"show": BigMenu()}, FITS),
    "many-buttons": ({"show": ManyButtons()}, FITS),
    "tiny-text": ({"pictures": pictures_with(mine=_tiny_text)}, PHONE),
    "silent-picture": ({"pictures": pictures_with(table=_silent)}, PHONE),
    "heavy-picture": ({"pictures": pictures_with(results=_heavy)}, PHONE),
    "silent-replay": ({"pictures": pictures_with(replay=_silent_replay)}, PHONE),
    "missing-glyph": ({"pictures": pictures_with(round=_missing_glyph)}, PHONE),
}


@pytest.mark.parametrize("broken", sorted(BROKEN))
async def test_each_check_fails_on_a_game_broken_its_way(broken):
    change, check = BROKEN[broken]
    key = f"fingers-{broken}"
    registry.register(dataclasses.replace(games.example.GAME, key=key, **change))
    try:
        with pytest.raises(AssertionError):
            result = check(key)
            if hasattr(result, "__await__"):
                await result
    finally:
        registry.unregister(key)


class Bids(Rules):
    """A game of secret hands and public moves (bids): each seat is dealt a card nobody else sees, then bids
    0-2 in turn, openly; the cards are shown after the last bid. No two of its moves look alike."""

    def new_game(self, config, seed):
        gen = {"rng": rng.seed_state(seed)}
        n = config["players"]
        return {"seq": 0, "cards": [1 + rng.below(gen, 9) for _ in range(n)], "bids": [], "shown": False}, []

    def deciders(self, state):
        return [] if state["shown"] else [len(state["bids"])]

    def legal_actions(self, state, seat=None):
        return [Action(s, f"{s}:bid:{k}", str(k)) for s in self.deciders(state) if seat in (None, s) for k in (0, 1, 2)]

    def apply(self, state, action_id):
        if action_id not in {a.id for a in self.legal_actions(state)}:
            return Rejected("not now")
        s = {**state, "seq": state["seq"] + 1, "bids": [*state["bids"], int(action_id[-1])]}
        events = [{"type": "bid", "seat": len(state["bids"]), "bid": s["bids"][-1]}]
        if len(s["bids"]) == len(s["cards"]):
            s["shown"] = True
            events.append({"type": "shown", "cards": list(s["cards"])})
        return Applied(s, events)

    def results(self, state):
        return ranked(state["cards"], [{"cards": c} for c in state["cards"]])

    def view_for(self, state, seat):
        return {**state, "cards": [c if state["shown"] or i == seat else 0 for i, c in enumerate(state["cards"])]}

    def resample(self, state, viewer, seed):
        gen = {"rng": rng.seed_state(seed)}
        cards = [c if state["shown"] or i == viewer else 1 + rng.below(gen, 9) for i, c in enumerate(state["cards"])]
        return {**state, "cards": cards}


def test_a_game_of_secret_hands_and_public_moves_passes_the_secrecy_checks():
    """A bidding game (secrets dealt, every move public) passes: no move of it has a look-alike to compare."""
    key = "bids"
    registry.register(dataclasses.replace(games.example.GAME, key=key, rules=Bids()))
    try:
        rules = registry.game(key).rules
        state, _ = rules.new_game({"players": 3}, 5)
        assert rules.view_for(state, 0) != rules.view_for(state, 1)  # seats see different things
        VIEWS(key)
        EVENTS(key)
    finally:
        registry.unregister(key)


BAD_DESCRIPTORS = {
    "a default that is not a choice": {"options": (Option("rounds", "rounds", "How many rounds",
                                                          (Choice("2", "2 rounds"),), "5"),)},
    "a stand-in level the game has not": {"stand_in_level": "cautious"},
    "no level for the lobby": {"levels": ()},
    "a pictures module without its round picture": {"pictures": "games.example.lang"},
    "a Show that forgot its chapters": {"show": type("NoChapters", (Show,), {
        "panel": FingersShow.panel, "decision": FingersShow.decision, "lines": FingersShow.lines})()},
    "rules that are not Rules": {"rules": object()},
    "a key with spaces": {"key": "my game"},
    "an emoji name Discord refuses": {"emoji": (Emoji("die face", "⚀", lambda: b""),)},
}


@pytest.mark.parametrize("broken", sorted(BAD_DESCRIPTORS))
def test_the_registry_refuses_a_descriptor_broken_its_way(broken):
    bad = dataclasses.replace(games.example.GAME, **{"key": "fingers-bad", **BAD_DESCRIPTORS[broken]})
    assert checks.problems(bad)
    with pytest.raises(registry.BadGame):
        registry.register(bad)
    assert registry.find(bad.key) is None
