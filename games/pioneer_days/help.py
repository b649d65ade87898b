"""/play rules (and /pioneer rules): help by topic and every card, tile, town or pioneer by name (texts from the
engine), in the current language; names are found in every language we have."""

from games.pioneer_days.rules import words
from games.pioneer_days.rules.constants import FACE_CHANGE_COST, INCOME, TRACK_END, WAGONS
from games.pioneer_days.rules.describe import all_cards, card
from i18n import LOCALES, use
from i18n.topics import Topics, fold

from .lang import N_, _, p_

# one home for what each disaster does (the rules topic, /play rules Storm)
DISASTER_RULES = {
    "storm": N_("**Storm** (🟦 B blue track): for each wagon, pay 1 wood or it takes a damage token (-2 VP, "
                "2 spaces fewer); goods that no longer fit go back to the supply (you choose which)."),
    "raid": N_("**Raid** (🟥 R red track): you lose half your silver, rounded up."),
    "famine": N_("**Famine** (🟨 Y yellow track): you must pay $1 per cattle while you have silver; the "
                 "cattle you cannot pay for go back to the supply."),
    "disease": N_("**Disease** (🟩 G green track): for each townsfolk, pay 1 medicine or lose that townsfolk."),
}
TOPIC_KEYS = ("goal", "turn", "actions", "wagons", "disasters", "town", "scoring")
# words people type for a topic ("how do I win", "score"), in each language: any one of them finds it
TOPIC_WORDS = {
    "goal": N_("goal win winner overview how start begin"),
    "turn": N_("turn die dice round day"),
    "actions": N_("action income recruit mine equip"),
    "wagons": N_("wagon space capacity goods"),
    "disasters": N_("disaster storm raid famine disease track"),
    "town": N_("town week favor visit"),
    "scoring": N_("score points vp end tie"),
}


def topic_name(key: str) -> str:
    """A topic's name in the current language (typed or offered by /play rules)."""
    return {"goal": p_("rules topic", "goal"), "turn": p_("rules topic", "turn"),
            "actions": p_("rules topic", "actions"),
            "wagons": p_("rules topic", "wagons"), "disasters": p_("rules topic", "disasters"),
            "town": p_("rules topic", "town"), "scoring": p_("rules topic", "scoring")}[key]


def topic_names() -> list[str]:
    return [topic_name(k) for k in TOPIC_KEYS]


def topic(key: str) -> str:
    if key == "goal":
        return _("**Goal**: have the most VP after 4 weeks. VP come from gold nuggets, favors won at the towns "
                 "(and +5 VP for the most favors: at the start everybody is tied with none, so everybody "
                 "shows those 5 VP), townsfolk, cattle at the towns; damage costs VP. Each day you draft dice "
                 "to earn silver, goods and townsfolk, and the die left over brings the disasters nearer: "
                 "see `turn`, `disasters`, `scoring`.")
    if key == "turn":
        return _("**A game**: 4 weeks of 5 days. Each day the start player rolls 1 die + 1 per player: the pool.\n"
                 "**Your turn**: take a die (your cards that trigger on its face fire), optionally pay ${cost} once "
                 "to turn it to any face, then use it (see `actions`). You may also buy wagons and discard goods "
                 "during your turn.\n"
                 "**End of day**: the last die advances the disaster track of its colour (black: all four); the "
                 "start player passes clockwise. After day 5 the week ends with a town visit.", cost=FACE_CHANGE_COST)
    if key == "actions":
        incomes = ", ".join(f"{words.face(f)} ${n}" for f, n in INCOME.items())
        return _("Use a die in one of three ways, by its face:\n"
                 "• **Income**: take the silver over that face's slot ({incomes}).\n"
                 "• **Action**: Mine = draw a gold token (1 per wagon space) · Equip = take a face-up equipment "
                 "tile (1 per space) · Cattle = 1 cattle (no space) · Wood / Medicine = 1 (2 per space) · "
                 "Wild = any one of those.\n"
                 "• **Recruit**: take the townsfolk in that face's slot (Wild slot for Wild).", incomes=incomes)
    if key == "wagons":
        return _("Wagons hold your goods: small = {small} spaces for ${small_cost}, large = {large} spaces for "
                 "${large_cost}. A space holds one kind: 1 gold token, 1 equipment tile, 2 wood or 2 medicine. "
                 "Cattle, townsfolk and favors take no space. A damage token covers 2 spaces (-2 VP). Gold token "
                 "values are secret: open **My wagon** or `/play mine` to see yours.",
                 small=WAGONS["small"]["spaces"], small_cost=WAGONS["small"]["cost"],
                 large=WAGONS["large"]["spaces"], large_cost=WAGONS["large"]["cost"])
    if key == "disasters":
        return (_("Four tracks (a marker strikes at {end}, then goes back to 0), resolved top to bottom. At the "
                  "end of each day the die nobody took moves the track of its colour (black: all four).",
                  end=TRACK_END) + "\n" + "\n".join(f"• {_(DISASTER_RULES[d])}" for d in DISASTER_RULES)
                + "\n" + _("Where there is a choice, each player decides privately: press **Decide** on the panel."))
    if key == "town":
        return _("At the end of each week: end-of-week townsfolk effects, then 1 VP per cattle, then each player "
                 "may satisfy each face-up town card once by discarding what it needs, for favors. After week 4 "
                 "every track advances once more before the final town (3 cards).")
    return _("1 VP per gold nugget · 2 VP per favor, +5 VP for the most favors (ties too; when nobody has a "
             "favor, everybody is tied and gains it) · townsfolk VP · -2 VP per damage token · plus VP won during "
             "the game (cattle at towns, effects). Ties: most silver left, then a shared victory.")


def _index() -> dict[str, tuple[str, str]]:
    """Every card's name in every language, lower case -> (kind, id)."""
    out: dict[str, tuple[str, str]] = {}
    for lang in LOCALES:
        with use(lang):
            for kind, cid in all_cards():
                out.setdefault(words.name(kind, cid).lower(), (kind, cid))
    return out


CARDS = _index()


def _topic_by_words(q: str) -> str | None:
    """A topic one of the typed words belongs to ("how do I win", "score"): when nothing else matches."""
    typed = {w for w in q.replace("?", " ").split() if len(w) >= 3}
    for key in TOPIC_KEYS:
        known = set(fold(_(TOPIC_WORDS[key])).split()) | set(TOPIC_WORDS[key].split())
        if typed & known or any(w.startswith(k) for w in typed for k in known if len(k) >= 4):
            return key
    return None


def _disaster_key(q: str) -> str | None:
    q = fold(q)
    for d in DISASTER_RULES:
        if q in (d, fold(words.disaster(d))):
            return d
    return None


def card_text(kind: str, cid: str) -> str | None:
    try:
        c = card(kind, cid)
    except KeyError:
        return None
    out = f"**{c['name']}** — {c['kind']}\n{c['effect']}"
    if c["vp"]:
        out += f"\n{c['vp']}"
    return out


def help_text() -> str:
    """How Pioneer Days is played on Discord (the host adds how to start a table and its commands)."""
    return "\n".join([
        _("**Pioneer Days** is a dice-drafting game for 2-4 players: draft dice, fill your wagons, survive "
          "disasters and satisfy towns over four weeks."), "",
        _("**Play**: the panel at the bottom of the game's thread (or channel) is where you play; its picture "
          "shows the day: the dice, the disasters, everyone's goods and the townsfolk for hire. On your turn, "
          "choose a die and its use in one menu (or take a die first with its button). During disasters and town "
          "visits press **Decide** to choose privately. When a day ends, its panel stays as the day's record, "
          "with the day's picture."),
        _("**My wagon** (or `/play mine`) shows your wagon privately, with your gold values; **Full board** the "
          "whole table; `/play rules` explains a rules topic or any card, tile, town or pioneer.")])


class CardTopics(Topics):
    """Pioneer Days' help: its rules topics, and its disasters and every card by name."""

    pieces = True

    def lookup(self, query: str) -> str | None:
        """Help for a topic, a disaster, or a card (case-insensitive; any part of a name, if it fits one
        card; several fits are listed)."""
        q = (query or "").strip().lower()
        if not q:
            return None
        key = self.find(q, prefix=False)
        if key:
            return topic(key)
        d = _disaster_key(q)
        if d:
            return _(DISASTER_RULES[d])
        if q in CARDS:
            return card_text(*CARDS[q])
        hits = list(dict.fromkeys(v for k, v in CARDS.items() if k.startswith(q))) or \
            list(dict.fromkeys(v for k, v in CARDS.items() if q in k))
        if len(hits) == 1:
            return card_text(*hits[0])
        if hits:
            names = sorted(card(kind, cid)["name"] for kind, cid in hits)
            return _("Several cards match `{query}`: {names}.", query=query.strip()[:50], names=", ".join(names[:20]))
        key = _topic_by_words(fold(q))
        return topic(key) if key else None

    def suggestions(self, typed: str) -> list[tuple[str, str]]:
        """(label, value) pairs for autocomplete: topics first, then disasters, then card names."""
        q = (typed or "").strip().lower()
        out = super().suggestions(q)
        by_words = _topic_by_words(fold(q)) if q else None
        if by_words and all(v != by_words for _l, v in out):
            out.append((_("Topic: {name}", name=topic_name(by_words)), by_words))
        out += [(_("Disaster: {name}", name=words.disaster(d)), d) for d in DISASTER_RULES
                if q in d or q in words.disaster(d).lower()]
        # cards by their names in the reader's language; in the others only when none matches
        mine = [(words.name(kind, cid).lower(), (kind, cid)) for kind, cid in all_cards()]
        found = [(n, kc) for n, kc in mine if q in n] or [(n, kc) for n, kc in CARDS.items() if q in n]
        seen = set()
        for name, (kind, cid) in found:
            if (kind, cid) not in seen:
                seen.add((kind, cid))
                what = {"townsfolk": _("townsfolk"), "equipment": _("equipment"), "town": _("town"),
                        "pioneer": _("pioneer")}[kind]
                out.append((f"{card(kind, cid)['name']} ({what})", name))
            if len(out) >= 25:
                break
        return out[:25]


TOPICS = CardTopics(TOPIC_KEYS, topic_name, topic, help_text, lambda k: _("Topic: {name}", name=topic_name(k)))
lookup = TOPICS.lookup
suggestions = TOPICS.suggestions
