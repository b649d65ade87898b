"""What a game in another language shows is all in that language: every marked text reaches the catalogue,
names come from engine/words.py, headings and counts are translatable, and the disaster labels of the
images hold long names (up to about 14 capitals) without shortening them or shrinking the day image's text."""

import ast
import copy
import random
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from simharness import private, said, speak, table
from test_render_day import LINES, _crowded, boxes_inside, min_px

import games.pioneer_days.rules as engine
import i18n
from games.pioneer_days import help as rules
from games.pioneer_days import narrate, plans
from games.pioneer_days.lang import _
from games.pioneer_days.pictures import day
from games.pioneer_days.pictures import table as table_img
from games.pioneer_days.rules import describe, words
from i18n import use
from render import text as T

ROOT = Path(__file__).resolve().parents[2]
MARKERS = {"_": 1, "N_": 1, "n_": 2, "p_": 2, "locale_str": 1, "cmd": 1}  # how many leading literal arguments
WRAPPERS = ("cmd", "game_text")  # the helpers allowed to hand a variable to locale_str (ui/commands.py)


def domains():
    """The catalogues (scripts/catalogues.py): the host's, and each game's."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "scripts" / "catalogues.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.domains()


def marked_calls(sources):
    """(file, line, marker, literal arguments or None) of every _(), N_(), n_(), p_(), locale_str(), cmd() call
    of these sources, f-strings included (the extractor does not look inside them)."""
    files = []
    for s in sources:
        path = ROOT / s
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    for f in files:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
                args = node.args[:MARKERS[node.func.id]]
                lit = all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args) and args
                yield f.relative_to(ROOT), node.lineno, node.func.id, tuple(a.value for a in args) if lit else None


def catalogue_ids(path: Path) -> set:
    with path.open("rb") as f:
        return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(f) if m.id}


def test_every_marked_text_reaches_the_template():
    """A text marked inside an f-string ('unharmed', 'easy') is not extracted, so never translated; each
    text reaches its own catalogue's template (the host's, or its game's)."""
    lost = []
    checked = 0
    for d in domains():
        pot = catalogue_ids(d.pot)
        for f, line, marker, args in marked_calls(d.sources):
            if args is None:
                continue
            checked += 1
            key = (args[0], args[1]) if marker == "p_" else (None, args[0])
            if key not in pot:
                lost.append(f"{f}:{line} {marker}{args}")
    assert checked > 500 and not lost, "run scripts/catalogues.py extract, and mark texts outside f-strings: " + \
        ", ".join(lost)


def test_plurals_topics_and_command_texts_are_not_built_from_variables():
    """n_(), p_() and locale_str() with a variable: the extractor cannot see the text (COUNT_MANY's plural
    forms, the rules topics, the timer choices were never translated). The wrappers cmd() and game_text()
    (a game's own texts, marked in its catalogue) are the ones allowed."""
    wrapped = [f"{f}:{line} {marker}" for d in domains() for f, line, marker, args in marked_calls(d.sources)
               if args is None and marker in ("n_", "p_", "locale_str")
               and not (str(f) == "ui/commands.py" and marker == "locale_str" and _inside_wrapper(line))]
    assert not wrapped


def _inside_wrapper(line: int) -> bool:
    tree = ast.parse((ROOT / "ui" / "commands.py").read_text(encoding="utf-8"))
    return any(isinstance(n, ast.FunctionDef) and n.name in WRAPPERS and n.lineno <= line <= n.end_lineno
               for n in ast.walk(tree))


# ---- names from engine/words.py ----------------------------------------------------------------
def test_the_full_board_shows_the_translated_town_names():
    s = _crowded(3)
    towns = s["towns_up"]
    assert towns
    with use("es"):
        texts = _label_texts(table_img.render(s, track=True))
        spanish = [words.name("town", cid) for cid in towns]
    with use("en"):
        english = [words.name("town", cid) for cid in towns]
    said = {word for name in spanish for word in name.split()}  # (drawn word by word: a name may wrap)
    assert spanish != english and said <= set(texts)
    assert not {w for n in english for w in n.split()} - said & set(texts)


def test_an_empty_row_of_the_player_board_says_none_in_the_games_language(monkeypatch):
    s, _e = engine.new_game({"players": 2, "sets": ["A", "B"], "pioneers": "standard"}, 5)
    assert not s["players"][0]["townsfolk"]
    drawn = []
    real = T.draw

    def spy(d, xy, text, *a, **kw):
        drawn.append(text)
        return real(d, xy, text, *a, **kw)
    monkeypatch.setattr(T, "draw", spy)
    with use("es"):
        table_img.render(s)
        none = _("none")
    assert none != "none" and none in drawn and "none" not in drawn


def _unique(state: dict, seat: int, pioneer: str, tile: str) -> dict:
    s = copy.deepcopy(state)
    p = s["players"][seat]
    p["pioneer"], p["side"], p["equipment"] = pioneer, "unique", [tile]
    return s


def test_your_wagon_and_the_discard_menu_name_pioneers_and_tiles_in_your_language():
    from games.pioneer_days import private as private_ui
    s, _e = engine.new_game({"players": 2, "sets": ["A", "B"], "pioneers": "unique"}, 2)
    s = _unique(s, 0, "P1", "EQ01")
    with use("es"):
        text = private_ui.wagon_text(s, 0)
        label = private_ui._discard_label("drop:equip:EQ01")
        pioneer, tile = words.name("pioneer", "P1"), words.name("equipment", "EQ01")
    assert pioneer != "Prospector" and pioneer in text and "Prospector" not in text
    assert tile != "Lucky Horseshoe" and tile in label and "Lucky Horseshoe" not in label


# ---- texts that were always English ----------------------------------------------------------------
def _harm(seat: int, **change) -> dict:
    before = {"silver": 4, "wood": 1, "medicine": 1, "cattle": 2, "damage": 0, "townsfolk": ["A01"],
              "gold_tokens": 1}
    return {"seat": seat, "immune": False, "before": before, "after": {**before, **change}}


def test_disaster_narration_says_unharmed_in_the_games_language():
    ev = {"type": "disaster_triggered", "disaster": "storm", "players": [_harm(0), _harm(1, wood=0)]}
    with use("es"):
        line = narrate.disaster_summary(ev, ["Ann", "Bob"])
        unharmed = _("unharmed")
    assert unharmed != "unharmed" and f"Ann {unharmed}" in line and "unharmed" not in line
    assert line.startswith("Tormenta: ")


def test_a_spanish_games_narration_has_no_english_disaster_words():
    rnd = random.Random(7)
    s, events = engine.new_game({"players": 3, "sets": ["A", "B"], "pioneers": "unique"}, 7)
    while not engine.is_over(s):
        r = engine.apply(s, rnd.choice(engine.legal_actions(s)))
        s = r.state
        events += r.events
    assert any(e["type"] == "disaster_triggered" for e in events)
    with use("es"):
        text = "\n".join(narrate.lines(events, ["Ann", "Bob", "Cy"]))
    for english in ("unharmed", " VP", "Storm", "Famine", "Disease", "Raid", " immune"):
        assert english not in text, english


def test_lobby_ai_levels_and_disaster_headings_are_translated():
    from app.levels import level_name, seat_name
    from games.pioneer_days import GAME, panel
    with use("es"):
        assert (level_name(GAME, "easy"), level_name(GAME, "hard")) == ("fácil", "difícil")
        assert (seat_name(GAME, "hard"), seat_name(GAME, "cautious")) == ("IA difícil {}", "IA prudente {}")
        assert panel.decision_heading({"stage": "disaster", "disasters": ["storm"]}) == "**¡Tormenta!**"
        assert panel.decision_heading({"stage": "disaster", "disasters": []}) == "**¡Desastre!**"
    assert panel.decision_heading({"stage": "disaster", "disasters": ["famine"]}) == "**Famine!**"


def test_timer_choices_are_translated():
    from ui.commands import TIMER_CHOICES
    with use("es"):
        assert all(c._locale_name is not None and i18n.has(c.name) for c in TIMER_CHOICES)  # the Translator's
        names = [i18n._(c.name) for c in TIMER_CHOICES]
    assert names == ["desactivado", "2 minutos", "10 minutos", "1 hora", "12 horas", "24 horas"]


def test_every_count_on_a_card_has_plural_forms_in_spanish():
    for what in describe.COUNT_ONE:
        with use("es"):
            spanish = describe.per_text(what, 2)
        assert spanish != describe.per_text(what, 2) and "2" in spanish, what
    with use("es"):
        assert describe.per_text("small_wagon", 2) == "2 vagones pequeños"
        assert describe.per_text("damage", 3) == "3 fichas de daño"


def test_plan_details_write_vp_in_the_language():
    s, _e = engine.new_game({"players": 2, "sets": ["A", "B"], "pioneers": "standard"}, 3)
    before = s["players"][0]
    after = {**before, "vp": before["vp"] + 2}
    assert plans.goods_text(before, after) == "+2 VP"
    with use("es"):
        assert plans.goods_text(before, after) == "+2 PV"
        assert plans.goods_text(after, before) == "-2 PV"


# ---- /pioneer rules topics in the user's language ------------------------------------------------
def test_rules_topics_are_typed_in_any_language():
    with use("es"):
        scoring = rules.topic("scoring")
        assert rules.topic_names() == ["objetivo", "turno", "acciones", "vagones", "desastres", "ciudad",
                                       "puntuación"]
        assert rules.lookup("puntuación") == rules.lookup("Puntuacion") == rules.lookup("scoring") == scoring
        assert ("Tema: puntuación", "scoring") in rules.suggestions("punt")
        assert rules.lookup("hambruna") == _(rules.DISASTER_RULES["famine"])
    assert rules.lookup("vagones") == rules.topic("wagons")  # an English client typing Spanish
    assert rules.topic_names()[0] == "goal"


def test_rules_found_by_the_words_people_type_in_their_language():
    """"how do I win" and "score" find their topics; card names are matched in the reader's language
    first ("wag" offers no Polish card to an English reader), others only when none matches."""
    assert rules.lookup("how do I win") == rules.topic("goal")
    assert rules.lookup("score") == rules.topic("scoring")
    assert ("Topic: scoring", "scoring") in rules.suggestions("score")
    assert rules.lookup("wagon master").startswith("**Wagon Master**")  # (a card's name still wins)
    english = {rules.words.name(k, c).lower() for k, c in rules.all_cards()}
    offered = [v for _l, v in rules.suggestions("wag")]
    assert offered and all(v in english or v in rules.TOPIC_KEYS or v in rules.DISASTER_RULES for v in offered)
    with use("pl"):
        assert rules.lookup("jak wygrać") == rules.topic("goal")
        assert rules.lookup("punkty") == rules.topic("scoring")
        own = {rules.words.name(k, c).lower() for k, c in rules.all_cards()}
        assert all(v in own for _l, v in rules.suggestions("wag") if v not in rules.TOPIC_KEYS)
    with use("pl"):
        polish = sorted(rules.words.name(k, c).lower() for k, c in rules.all_cards())
    only = next(n for n in polish if not any(n in e for e in english))
    assert [v for _l, v in rules.suggestions(only)] == [only]  # none in English: the other languages' names


async def test_a_spanish_player_finds_topics_in_spanish(simcord_env, simcord_bot, monkeypatch):
    env = simcord_env
    guild, channel, actors = table(env, 1)
    a = actors[0]
    speak(monkeypatch, users={a.id: "es-ES"})
    res = await a.slash(channel, "pioneer rules", topic="puntuación")
    with use("es"):
        assert private(res) == rules.topic("scoring")
    choices = await a.autocomplete(channel, "pioneer rules", "topic", "vago")
    assert {"name": "Tema: vagones", "value": "wagons"} in [{"name": c["name"], "value": c["value"]} for c in choices]
    res = await a.slash(channel, "pioneer rules")
    assert "puntuación" in private(res) and "scoring" not in private(res)


# ---- disaster labels: long names fit ------------------------------------------------------------------
LONG = {"Storm": "Nawałnicaburz", "Raid": "Enfermedades", "Famine": "Klęska głodowa", "Disease": "ABCDEFGHIJKLMN"}


def _clear_caches() -> None:
    day.tracks_w.cache.clear()


@pytest.fixture
def long_disaster_names(monkeypatch):
    """A (pseudo) Polish with disaster names of 12 to 14 capitals, one of them two words."""
    from games.pioneer_days.lang import TEXTS
    real = TEXTS._lookup

    def lookup(msgid, plural=None, n=1):
        return LONG[msgid] if i18n.current() == "pl" and msgid in LONG else real(msgid, plural, n)
    monkeypatch.setattr(TEXTS, "_lookup", lookup)
    _clear_caches()
    yield {k: v.upper() for k, v in LONG.items()}
    _clear_caches()


def _label_texts(img) -> list[str]:
    return [t for _b, _f, t in img.info["text_boxes"]]


def test_spanish_disaster_names_are_whole_on_the_day_image():
    with use("es"):
        img = day.render(_crowded(4), LINES, track=True)
    texts = _label_texts(img)
    for name in ("TORMENTA", "REDADA", "HAMBRUNA", "ENFERMEDAD"):
        assert name in texts
    assert img.info["min_text_px"] >= min_px(img) == 18
    boxes_inside(img)


def test_disaster_names_of_14_capitals_fit_the_day_image(long_disaster_names):
    with use("pl"):
        img = day.render(_crowded(4), LINES, track=True)
    texts = _label_texts(img)
    for name in long_disaster_names.values():
        words_ = name.split()
        assert name in texts or (len(words_) == 2 and all(w in texts for w in words_)), name  # whole, in 1 or 2 lines
        assert not [t for t in texts if t.endswith("…") and name.startswith(t[:-1])]
    assert img.info["min_text_px"] >= min_px(img)
    boxes_inside(img)


@pytest.mark.parametrize("lang", ["es", "long"])
def test_disaster_names_fit_the_tracks(lang, long_disaster_names):
    """The disaster tracks (the day image's: the Full board leaves them to it) say each name whole."""
    with use("es" if lang == "es" else "pl"):
        img = day.render(_crowded(4), LINES, track=True)
    texts = _label_texts(img)
    names = ["TORMENTA", "REDADA", "HAMBRUNA", "ENFERMEDAD"] if lang == "es" else list(long_disaster_names.values())
    for name in names:
        words_ = name.split()
        assert name in texts or (len(words_) == 2 and all(w in texts for w in words_)), name  # whole, in 1 or 2 lines
        assert not [t for t in texts if t.endswith("…") and name.startswith(t[:-1])]
    assert img.info["min_text_px"] >= min_px(img) == 18
    boxes_inside(img)


async def test_a_polish_player_at_a_spanish_table_reads_polish_with_the_channel_s_names(simcord_env, simcord_bot,
                                                                                       monkeypatch):
    """A Polish player in a Spanish game: their private decision and its answer stay Polish, and a card's
    name says the channel's (Spanish) name beside the Polish one."""
    from simharness import buttons, message

    from games.pioneer_days.rules.cards import PIONEERS
    env, bot = simcord_env, simcord_bot
    guild, channel, (ann, bob) = table(env, 2)
    speak(monkeypatch, users={bob.id: "pl"}, guilds={guild.id: "es-ES"})
    lobby = (await ann.slash(channel, "pioneer new", where="channel", pioneers="unique")).response
    await bob.click(lobby, label="Unirse")
    await ann.click(lobby, label="Empezar la partida")
    game = await bot.store.open_game_in_channel(channel.id)
    seat = game.seat_of(bob.id)
    boards = game.state["players"][seat]["boards"]
    res = await bob.click(message(env, channel, game.panel_message_id), label="Decidir (en privado)")
    shown = [res.response, *res.followups][-1]
    text = " ".join([said(shown)] + [f"{e.title} {e.description}" for e in shown.embeds]
                    + [c["label"] or "" for c in buttons(shown.message if hasattr(shown, "message") else shown)])
    with use("pl"):
        pl = [rules.words.name("pioneer", b) for b in boards]
    with use("es"):
        es = [rules.words.name("pioneer", b) for b in boards]
    assert all(p in text for p in pl), text  # the reader's language…
    assert any(e in text for e, p in zip(es, pl, strict=True) if e != p) or es == pl  # …and the channel's names
    assert set(boards) <= set(PIONEERS)
    choice = next(c for c in buttons(shown.message if hasattr(shown, "message") else shown)
                  if c["custom_id"] and c["custom_id"].startswith("pm:"))
    done = await bob.click(shown, custom_id=choice["custom_id"])
    after = [done.response, *done.followups][-1]
    with use("pl"):
        still = i18n._("Still deciding: {who}.", who="")[:8]
    assert still in said(after), said(after)  # the answer is Polish too
