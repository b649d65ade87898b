"""The conformance suite can fail: each check, run on a copy of the test game broken in the one way that
check is for, raises. (A suite that passes everything proves nothing.)"""

import dataclasses
import io
import random
import sys
import types

import pytest
import tinygame
from PIL import Image
from tinygame import pictures as fine_pictures
from tinygame.rules import FingersRules
from tinygame.show import FingersShow

import render
from conformance import test_conformance_discord as discord_checks
from conformance import test_conformance_rules as rule_checks
from conformance import test_conformance_secrecy as secrecy_checks
from engine import registry
from engine.protocol import Button, Item, Menu
from render.canvas import Canvas


class LeakyView(FingersRules):
    def view_for(self, state, seat):
        return {k: v for k, v in state.items() if k != "rng"}  # everyone's picks, to everyone


class LeakyEvent(FingersRules):
    def public_event(self, event, seat):
        return dict(event)  # the secret pick stays in what the public sees


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
        if r.ok and r.state["over"]:
            r.state["scores"][0] += random.randrange(2)
        return r


class IllegalButton(FingersShow):
    def panel(self, table, state):
        msg = super().panel(table, state)
        msg.controls.append(Button("Cheat", "0:show:9"))
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
    name = "tinygame.pictures_" + "_".join(sorted(broken))
    module = types.ModuleType(name)
    module.__dict__.update({k: v for k, v in vars(fine_pictures).items() if not k.startswith("__")}, **broken)
    sys.modules[name] = module
    return name


VIEWS = secrecy_checks.test_a_twin_looks_the_same_to_its_viewer_and_so_do_the_events_it_makes
EVENTS = secrecy_checks.test_actions_a_viewer_cannot_tell_apart_make_the_same_events_for_them
REFUSALS = rule_checks.test_illegal_stale_and_other_seats_actions_are_refused_and_change_nothing
DETERMINISM = rule_checks.test_the_same_seed_and_choices_give_the_same_game_and_the_log_replays_to_it
FITS = discord_checks.test_every_message_fits_discord_and_offers_only_legal_moves
PHONE = discord_checks.test_every_picture_is_small_and_readable_on_a_phone
BROKEN = {
    "leaky-view": ({"rules": LeakyView()}, VIEWS),
    "leaky-event": ({"rules": LeakyEvent()}, EVENTS),
    "mutating": ({"rules": Mutating()}, REFUSALS),
    "unseeded": ({"rules": Unseeded()}, DETERMINISM),
    "illegal-button": ({"show": IllegalButton()}, FITS),
    "big-menu": ({"show": BigMenu()}, FITS),
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
    registry.register(dataclasses.replace(tinygame.GAME, key=key, **change))
    try:
        with pytest.raises(AssertionError):
            result = check(key)
            if hasattr(result, "__await__"):
                await result
    finally:
        registry.unregister(key)
