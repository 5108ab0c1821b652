"""The position editor: a teacher builds a position by putting cards in places, no JSON needed.

An :class:`Editor` holds one game's scenario JSON (as an object) and changes it by operations a
teacher would name: put an item in a zone (:meth:`Editor.add`), take it away
(:meth:`Editor.remove`), move it (:meth:`Editor.move`), say whose turn it is
(:meth:`Editor.set_turn`) and what the position waits for (:meth:`Editor.set_pending`).  What
a game's table is made of is the game's data, the same module in every game package
(``tutor.games.<game>.editor``): ``ITEMS``, ``ZONES``, ``PENDING`` (see the Tir Nan Og one).

An operation the table itself cannot do (an unknown name, a zone that does not take that item,
an item that is not where it should be taken from, a full zone) is refused: nothing changes
and the reason comes back in the page's language.  Every other one is made, then the whole
position is checked by the game's own ``from_json`` with all of its checks, and the engine's
verdict comes back in the page's language, the game's names in that language: a position
may be illegal while it is being built (the verdict says why), and only a legal one can be
played or saved.

Names are read in any language the game speaks ("centauro", "centaure", "centaur"), and the
zones whose order the rules ignore are kept sorted, so a hand is never refused for its order.

>>> from tutor import games
>>> g = games.get("tir-nan-og")
>>> ed = Editor.from_state(g, g.new_game(3, seed=1), "it")
>>> ed.add("centauro", "hands.0").done, ed.legal
(True, True)
>>> ed.add("unicorno", "hands.0").text
'unicorno non indica niente su questo tavolo; per esempio: drago, elfo, fata, grifone, centauro'
"""

from __future__ import annotations

import copy
import importlib
import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from tutor import games
from tutor.core import Catalog, ScenarioError, core_catalog, finish_text, load_json_data, parse_json_object, short

__all__ = ["Editor", "Outcome", "Zone", "layout", "has_editor", "words"]

LANGS = ("en", "it", "fr")
_WORDS: list[Catalog] = []


def words(template: str, lang: str = "en", **params: Any) -> str:
    """One of the editor's own messages in ``lang`` (``tutor/data/editor.json``)."""
    if not _WORDS:
        _WORDS.append(Catalog(load_json_data("tutor.data", "editor.json"), fallback=core_catalog()))
    return _WORDS[0].render(template, params, lang)


def layout(game: Any) -> Any:
    """The game's editor declaration (``tutor.games.<game>.editor``), or None when it has none."""
    try:
        return importlib.import_module(games.entry(game.name).module + ".editor")
    except (KeyError, ModuleNotFoundError):
        return None


def has_editor(game: Any) -> bool:
    return layout(game) is not None


@dataclass(frozen=True)
class Zone:
    """One place of the table: ``key`` is ``field``, ``field.index`` (``hands.0``) or ``field.name``
    for a place named on the board (``rows.A``, ``track.b3``: ``name``, ``index`` its rank)."""

    key: str
    field: str
    index: int | None
    spec: dict
    name: str = ""

    @property
    def accepts(self) -> str:
        return str(self.spec["accepts"])

    @property
    def supply(self) -> bool:
        return bool(self.spec.get("supply"))

    @property
    def marks(self) -> str | None:
        """The field of the places this one marks cards of (a card turned face down stays in its stack)."""
        return self.spec.get("marks")


@dataclass(frozen=True)
class Outcome:
    """What an operation did: ``done`` (False: refused, nothing changed), ``text`` in the page's language
    (the refusal, or the engine's verdict on the new position), ``legal`` (the engine accepts it)."""

    done: bool
    text: str
    legal: bool


def _plain(text: str) -> str:
    """A name as typed, for comparing: lower case, no accents, single spaces, '-' as a space."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(re.sub(r"[-_():+,]", " ", text).split())


class Editor:
    """An editable position of ``game``; ``lang`` is the page's language (change it at will)."""

    def __init__(self, game: Any, data: dict, lang: str = "en"):
        self.game = game
        self.lang = lang
        self.layout = layout(game)
        if self.layout is None:
            raise ValueError(words("This game has no position editor yet.", lang))
        self.data: dict = {}
        self._names: dict[str, list[str]] = {}
        self._kind_of = {item: kind for kind, spec in self.layout.ITEMS.items() for item in spec["ids"]}
        self._order = {item: i for i, item in enumerate(self._kind_of)}
        self.data = self._normal(copy.deepcopy(data))
        self._check()

    # ------------------------------------------------------------ making one
    @classmethod
    def from_state(cls, game: Any, state: Any, lang: str = "en") -> "Editor":
        return cls(game, json.loads(game.to_json(state)), lang)

    @classmethod
    def from_json(cls, game: Any, text: str | bytes, lang: str = "en") -> "Editor":
        """An editor on a scenario's JSON text; ScenarioError when it is not a JSON object."""
        return cls(game, parse_json_object(text), lang)

    def load_json(self, text: str | bytes) -> Outcome:
        """Replace the position by a scenario's JSON text (names in any language, any order where order
        does not matter); text that is not a JSON object is refused and nothing changes."""
        try:
            data = parse_json_object(text)
        except ScenarioError as exc:
            return Outcome(False, self.game.message(exc, self.lang), self.legal)
        return self._commit(self._normal(data))

    # ------------------------------------------------------------ the table
    @property
    def players(self) -> int:
        n = self.data.get(getattr(self.layout, "PLAYERS_FIELD", "players"))
        if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 16:
            return n
        for spec in self.layout.ZONES:
            if spec.get("per") == "seat" and isinstance(self.data.get(spec["field"]), list):
                return min(len(self.data[spec["field"]]), 16)
        return 0

    def zones(self) -> list[Zone]:
        out = []
        for spec in self.layout.ZONES:
            per = spec.get("per")
            if per is None:
                out.append(Zone(spec["field"], spec["field"], None, spec))
                continue
            if per == "name":  # places named on the board: the slots of a row, the spaces of a track
                names = spec["names"](self.data) if callable(spec["names"]) else spec["names"]
                out += [Zone(f"{spec['field']}.{n}", spec["field"], i, spec, str(n)) for i, n in enumerate(names)]
                continue
            count = self.players if per == "seat" else int(spec.get("count", 0))
            name = spec["field"] + ("." + spec["key"] if "key" in spec else "")
            out += [Zone(f"{name}.{i}", spec["field"], i, spec) for i in range(count)]
        return out

    def zone(self, key: str) -> Zone | None:
        return next((z for z in self.zones() if z.key == key), None)

    def items(self, kind: str | None = None) -> list[str]:
        """The palette: every item id (of one kind), in the game's order (a seat's piece: the seats at the table)."""
        return [i for i, k in self._kind_of.items() if (kind is None or k == kind)
                and (self.seat_of(i) or 0) < max(self.players, 1)]

    def seat_of(self, item: str) -> int | None:
        """The seat a piece belongs to (an elephant, a pawn: ids ``kind-seat``), or None."""
        per = self.layout.ITEMS[self._kind_of[item]].get("per_seat")
        if not (item in per if isinstance(per, list) else per):
            return None
        return int(item.rsplit("-", 1)[1])

    def returns(self, item: str) -> bool:
        """Whether an item taken away has somewhere to go back to (else it is only moved)."""
        return item in self._kind_of and (self._free(item) or self._home(item) is not None)

    def takes_away(self, item: str, zone: str) -> bool:
        """Whether a click on ``item`` in ``zone`` takes it away (else it is picked up to be moved):
        a mark is always taken off, an item with a home or made at will goes away."""
        z = self.zone(zone)
        return (z is not None and z.marks is not None) or self.returns(item)

    def kinds(self) -> list[str]:
        return list(self.layout.ITEMS)

    def kind_of(self, item: str) -> str:
        return self._kind_of[item]

    def contents(self, zone: Zone | str) -> list[str]:
        z = self.zone(zone) if isinstance(zone, str) else zone
        if z is None:
            return []
        got = self._list(self.data, z)
        return [c for c in got if isinstance(c, str)] if got is not None else []

    def item_name(self, item: str, lang: str | None = None, finish: bool = True) -> str:
        """An item's name in the game's words (``lang``: the editor's by default)."""
        lang = lang or self.lang
        kind = self._kind_of.get(item)
        if kind is None:
            return short(item)
        spec = self.layout.ITEMS[kind]
        own = (spec.get("names") or {}).get(item) or spec.get("name")
        if own:  # a piece the catalog does not name: the declaration's words ("Elephant of {player}")
            seat = self.seat_of(item)
            text = own.get(lang) or own["en"]
            player = self.game.seat_name(None, seat, lang) if seat is not None else ""
            text = text.format(player=player)
            return finish_text(text, lang) if finish else text  # unfinished: "Pion de Joueur 1", as typed
        param = spec["param"]
        try:
            text = str(self.game.catalog.render("{%s}" % param, {param: item}, lang))
        except (KeyError, ValueError, TypeError):  # a game whose words do not know it: its id
            return item
        m = re.fullmatch(r"([a-z]+)-(\w+)", item)
        kind = self.game.catalog.name("kinds", m[1], lang) if m else ""
        if m and m[2].isdigit() and text.startswith(kind):  # one card of several of a kind: its number too
            text = f"{kind} {m[2]}{text[len(kind):]}"
        elif m and text == kind and m[2] in self.game.catalog.names.get("en", {}).get("kinds", {}):  # its pile
            text = f"{kind} ({self.game.catalog.name('kinds', m[2], lang)})"
        return text

    def zone_label(self, zone: Zone | str, lang: str | None = None) -> str:
        lang = lang or self.lang
        z = self.zone(zone) if isinstance(zone, str) else zone
        if z is None:
            return short(zone)
        label = z.spec["label"].get(lang) or z.spec["label"]["en"]
        params = {}
        if z.spec.get("per") == "seat" and z.index is not None:
            params["player"] = self.game.seat_name(None, z.index, lang)
        elif z.name:
            params["name"] = z.name
        elif z.index is not None:
            names = z.spec.get("names") or []
            if z.index < len(names):
                params["kind"] = self.game.catalog.name("kinds", names[z.index], lang)
            params["n"] = str(z.index + 1)
        text = label.format(**params)
        return finish_text(text[:1].upper() + text[1:], lang)

    def find(self, name: Any) -> str | None:
        """The item a name means, in any language the game speaks ("centauro" is the centaur), or None."""
        found = self.find_all(name)
        return found[0] if found else None

    def find_all(self, name: Any) -> list[str]:
        """Every item a name may mean (Formula E's Rat is a card and a piece on the track), in palette order."""
        if not isinstance(name, str) or len(name) > 80:
            return []
        if name in self._kind_of:
            return [name]
        if not self._names:
            for item in self._kind_of:
                spellings = {item} | {self.item_name(item, lang, finish) for lang in LANGS for finish in (True, False)}
                m = re.fullmatch(r"([a-z]+)-(\d+)", item)
                if m:  # a numbered card: "castello 1", "château-1"
                    spellings |= {f"{self.game.catalog.name('kinds', m[1], lang)} {m[2]}" for lang in LANGS}
                for s in spellings:
                    got = self._names.setdefault(_plain(s), [])
                    if item not in got:
                        got.append(item)
        return list(self._names.get(_plain(name), []))

    # ----------------------------------------------------------- operations
    def add(self, name: Any, zone: Any) -> Outcome:
        """Put an item in a zone: a unique one from wherever it lies, a counted one from its supply."""
        item, z, refused = self._item_zone(name, zone)
        if refused:
            return refused
        assert item is not None and z is not None
        data = copy.deepcopy(self.data)
        if z.marks is not None:
            return self._mark(data, item, z)
        if self._kind_unique(item):
            where = self._where(data, item)
            if where is not None and where.key == z.key:
                return self._refuse("{Item} is already in {zone}", item=item, zone=z)
            if where is not None:
                self._take(data, where, item)
            elif not self._free(item):
                return self._refuse("{Item} is out of the game (set aside at setup)", item=item)
        elif self._free(item):
            pass  # a piece put on the table as the teacher wants (a Sacred Cow): nothing to take it from
        else:
            if not self._supplies(item):
                return self._refuse("No card is made in this game: move {item} from where it lies", item=item)
            source = next((s for s in self._supplies(item) if item in (self._list(data, s) or [])), None)
            if z.supply or source is None:
                supply = (self._supplies(item) or [z])[0]
                return self._refuse("there is no {item} left in {zone} to take", item=item, zone=supply)
            self._take(data, source, item)
        return self._put(data, z, item)

    def remove(self, name: Any, zone: Any) -> Outcome:
        """Take an item away from a zone: back to its supply (a unique one: its home)."""
        item, z, refused = self._item_zone(name, zone, accepting=False)
        if refused:
            return refused
        assert item is not None and z is not None
        if item not in self.contents(z):
            return self._refuse("{Item} is not in {zone}", item=item, zone=z)
        if z.supply:
            return self._refuse("{Zone} keeps every card that is not on the table: move the card where it goes "
                                "instead", zone=z)
        if z.marks is not None or self._free(item):  # a mark taken off, a piece taken off the table
            data = copy.deepcopy(self.data)
            self._take(data, z, item)
            return self._commit(data)
        back = self._home(item)
        if back is None and self._kind_unique(item):
            return self._refuse("{Item} stays on the table: move it where it goes", item=item)
        if back is None:
            return self._refuse("No card is made in this game: move {item} from where it lies", item=item)
        data = copy.deepcopy(self.data)
        self._take(data, z, item)
        got = self._list(data, back)
        if got is None:
            return self._refuse("there is no place {got} on this table", got=back.key)
        got.append(item)
        self._store(data, back, got)
        return self._commit(self._sorted(data, back))

    def move(self, name: Any, source: Any, target: Any) -> Outcome:
        """Move an item from one zone to another."""
        item, src, refused = self._item_zone(name, source, accepting=False)
        if refused:
            return refused
        _, dst, refused = self._item_zone(name, target)
        if refused:
            return refused
        assert item is not None and src is not None and dst is not None
        if item not in self.contents(src):
            return self._refuse("{Item} is not in {zone}", item=item, zone=src)
        if src.key == dst.key:
            return self._refuse("{Item} is already in {zone}", item=item, zone=dst)
        if src.marks is not None:
            return self._refuse("{Zone} only marks a card of {other}: take the mark away instead", zone=src,
                                other=self._marked(src))
        if dst.marks is not None:  # a card of the stack turned face down: marked, not moved
            return self.add(item, dst.key)
        data = copy.deepcopy(self.data)
        self._take(data, src, item)
        return self._put(data, dst, item)

    def set_turn(self, seat: Any) -> Outcome:
        """Whose turn it is (a seat counted from 0); a pending decision follows the new turn."""
        n = self.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            shown = short(seat + 1) if isinstance(seat, int) and not isinstance(seat, bool) else short(seat)
            return self._refuse("there is no seat {got} in a game of {n} players", got=shown, n=n)
        data = copy.deepcopy(self.data)
        data[self.layout.TURN_FIELD] = seat
        kind, options = self.pending()
        if kind in self.layout.PENDING:
            data = self.layout.set_pending(data, kind, options)
        return self._commit(data)

    def pending(self) -> tuple[str, dict]:
        """What the position waits for, with its options (as :meth:`set_pending` takes them)."""
        return self.layout.pending_of(self.data)

    def pending_name(self, kind: str, lang: str | None = None) -> str:
        """What a position waits for, in words: the game's declaration, else the engine's decision."""
        lang = lang or self.lang
        names = self.layout.PENDING.get(kind, {})
        if not names and self._state is not None and kind == self.pending()[0]:
            return str(self.game.decision_name(self.game.decision(self._state), lang))
        return names.get(lang) or names.get("en") or short(kind)

    def set_pending(self, kind: Any, **options: Any) -> Outcome:
        """What the position waits for: one of the game's ``PENDING`` with its options."""
        if not isinstance(kind, str) or kind not in self.layout.PENDING:
            known = ", ".join(self.pending_name(k) for k in self.layout.PENDING) or self.pending_name(self.pending()[0])
            return self._refuse("{got} is not something this game waits for; it waits for: {known}",
                                got=short(kind), known=known)
        try:
            data = self.layout.set_pending(copy.deepcopy(self.data), kind, options)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            return self._refuse("{got} is not something this game waits for; it waits for: {known}",
                                got=short(options), known=self.pending_name(kind))
        return self._commit(self._normal(data))  # a card back in a hand: in the hand's order

    # -------------------------------------------------------------- verdict
    @property
    def legal(self) -> bool:
        return self._state is not None

    def state(self) -> Any:
        """The game's state for the position, or None while the engine refuses it."""
        return self._state

    def verdict(self) -> str:
        """The engine's word on the position, in the editor's language."""
        lang = self.lang
        if self._error is not None:
            return words("The engine refuses this position: {why}", lang, why=self._error_text(self._error, lang))
        if self._state is None:
            return words("The position cannot be read ({what}).", lang, what=self._crash)
        if self.game.is_over(self._state):
            return words("The engine accepts this position: the game is over.", lang)
        who = self.game.current_player(self._state)
        return words("The engine accepts this position: {player} decides ({decision}).", lang,
                     player=self.game.seat_name(self._state, who or 0, lang),
                     decision=self.game.decision_name(self.game.decision(self._state), lang))

    def to_json(self) -> str:
        """The position's scenario JSON (the engine's own writing once it is legal)."""
        if self._state is not None:
            return str(self.game.to_json(self._state))
        return json.dumps(self.data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    # ------------------------------------------------------------- inside
    def _check(self) -> None:
        self._state: Any = None
        self._error: ScenarioError | None = None
        self._crash = ""
        try:
            self._state = self.game.from_json(json.dumps(self.data))
        except ScenarioError as exc:
            self._error = exc
        except Exception as exc:  # noqa: BLE001 - a position the engine chokes on is refused, never a traceback
            self._crash = type(exc).__name__

    def _error_text(self, exc: ScenarioError, lang: str) -> str:
        """The engine's refusal with its field named as a place of the table ("Mano del Giocatore 1: ...")."""
        text = self.game.catalog.render(exc.template, exc.params, lang) if exc.template else exc.message
        m = re.match(r"(\w+)(?:\[(\d+)\])?(?:\.(\w+))?", exc.field or "")
        zone = None
        if m:
            name = m[1] + ("." + m[3] if m[3] else "")
            zone = self.zone(name if m[2] is None else f"{name}.{m[2]}") or (self.zone(m[1]) if m[2] is None else None)
        if zone is not None:
            return words("{zone}: {why}", lang, zone=self.zone_label(zone, lang), why=text)
        label = getattr(self.layout, "FIELD_LABELS", {}).get(m[1]) if m else None
        if m is None or not label:
            return f"{exc.field}: {text}" if exc.field else text
        if isinstance(label, str):  # a flag of a place (a committed card's "hidden"): the place's name
            zone = self.zone(label if m[2] is None else f"{label}.{m[2]}")
            if zone is not None:
                return words("{zone}: {why}", lang, zone=self.zone_label(zone, lang), why=text)
        else:  # a field no place shows as a list (an elephant's space): the declaration's words
            seat = int(m[2]) if m[2] is not None else None
            player = self.game.seat_name(None, seat, lang) if seat is not None and seat < self.players else ""
            name = (label.get(lang) or label["en"]).format(player=player)
            return words("{zone}: {why}", lang, zone=finish_text(name, lang), why=text)
        return f"{exc.field}: {text}" if exc.field else text

    def _commit(self, data: dict) -> Outcome:
        self.data = data
        self._check()
        return Outcome(True, self.verdict(), self.legal)

    def _refuse(self, template: str, **params: Any) -> Outcome:
        lang = self.lang
        shown = {}
        for key, value in params.items():
            if isinstance(value, Zone):
                value = self.zone_label(value, lang)
                value = value[:1].lower() + value[1:] if not re.match(r"\w+ \d", value) else value
            elif key == "item":
                value = self.item_name(value, lang)
            shown[key] = value
        return Outcome(False, words(template, lang, **shown), self.legal)

    def _item_zone(self, name: Any, zone: Any, accepting: bool = True
                   ) -> tuple[str | None, Zone | None, Outcome | None]:
        found = self.find_all(name)
        item = found[0] if found else None
        if len(found) > 1 and isinstance(zone, str) and (z := self.zone(zone)) is not None:
            # a name for two things (the Rat card and the Rat on the track): the one this place takes or holds
            item = next((i for i in found if (self._kind_of[i] == z.accepts if accepting
                                              else i in self.contents(z))), item)
        if item is None:
            known = ", ".join(self.item_name(i) for i in self.items(self.kinds()[0])[:6])
            return None, None, self._refuse("{got} names nothing on this table; for example: {known}",
                                            got=short(name) if not isinstance(name, str) else name[:40],
                                            known=known)
        z = self.zone(zone) if isinstance(zone, str) else None
        if z is None:
            return item, None, self._refuse("there is no place {got} on this table", got=short(zone))
        if self._list(self.data, z) is None:
            return item, None, self._refuse("there is no place {got} on this table", got=z.key)
        if accepting:
            only = z.spec.get("only")
            if self._kind_of[item] != z.accepts or (only is not None and item not in only):
                return item, z, self._refuse("{Zone} does not take {item}", zone=z, item=item)
            if int(z.spec.get("max", 10**6)) == 1 and self.contents(z):
                return item, z, self._refuse("{Zone} already holds {other}", zone=z,
                                             other=self.item_name(self.contents(z)[0]))
            if len(self.contents(z)) >= int(z.spec.get("max", 10**6)):
                return item, z, self._refuse("{Zone} holds at most {n} {n:card|cards}", zone=z,
                                             n=int(z.spec["max"]))
        return item, z, None

    def _kind_unique(self, item: str) -> bool:
        unique = self.layout.ITEMS[self._kind_of[item]].get("unique")
        return item in unique if isinstance(unique, list) else bool(unique)

    def _free(self, item: str) -> bool:
        """A piece the teacher puts on the table and takes off at will (no deck it comes from)."""
        return bool(self.layout.ITEMS[self._kind_of[item]].get("free"))

    def _marked(self, z: Zone) -> Zone | None:
        """The place whose cards a marking place marks (the same seat's)."""
        return self.zone(f"{z.marks}.{z.index}") if z.marks is not None else None

    def _mark(self, data: dict, item: str, z: Zone) -> Outcome:
        """Mark a card where it lies (turn it face down): it stays in its place."""
        marked = self._marked(z)
        if marked is None or item not in self.contents(marked):
            return self._refuse("{Zone} only takes a card that lies in {other}", zone=z,
                                other=marked if marked is not None else short(z.marks))
        if item in self.contents(z):
            return self._refuse("{Item} is already in {zone}", item=item, zone=z)
        return self._put(data, z, item)

    def _supplies(self, item: str) -> list[Zone]:
        fields = self.layout.ITEMS[self._kind_of[item]].get("supply") or []
        return [z for z in self.zones() if z.field in fields]

    def _home(self, item: str) -> Zone | None:
        if self._kind_unique(item):
            try:
                field, index = self.layout.home(item)
            except KeyError:  # a piece only ever moved (a pawn)
                return None
            return self.zone(field if index is None else f"{field}.{index}")
        supplies = self._supplies(item)
        return supplies[0] if supplies else None

    def _where(self, data: dict, item: str) -> Zone | None:
        return next((z for z in self.zones() if z.marks is None and item in (self._list(data, z) or [])), None)

    @staticmethod
    def _list(data: dict, z: Zone) -> list | None:
        if "get" in z.spec:  # a place the file writes its own way (a row's slot, a space of the track)
            got = z.spec["get"](data, z)
            return got if isinstance(got, list) else None
        value = data.get(z.field)
        if z.index is not None:
            value = value[z.index] if isinstance(value, list) and z.index < len(value) else None
        if "key" in z.spec:  # a list inside each seat's object (players[1].hand)
            value = value.get(z.spec["key"]) if isinstance(value, dict) else None
        return value if isinstance(value, list) else None

    @staticmethod
    def _store(data: dict, z: Zone, got: list) -> None:
        """A changed list written back (a place the file writes its own way: by its declaration)."""
        if "set" in z.spec:
            z.spec["set"](data, z, got)

    def _take(self, data: dict, z: Zone, item: str) -> None:
        got = self._list(data, z)
        assert got is not None
        at = len(got) - 1 - got[::-1].index(item) if z.spec["order"] == "top-last" else got.index(item)
        del got[at]
        self._store(data, z, got)
        for mark in self.zones():  # a card leaving its stack is no longer face down there
            if mark.marks == z.field and mark.index == z.index:
                marks = self._list(data, mark)
                if marks is not None and item in marks:
                    marks.remove(item)
                    self._store(data, mark, marks)

    def _put(self, data: dict, z: Zone, item: str) -> Outcome:
        got = self._list(data, z)
        if got is None:
            return self._refuse("there is no place {got} on this table", got=z.key)
        if z.spec["order"] == "top-first":
            got.insert(0, item)
        else:
            got.append(item)
        self._store(data, z, got)
        return self._commit(self._sorted(data, z))

    def _sorted(self, data: dict, z: Zone) -> dict:
        got = self._list(data, z)
        if got is not None and z.spec["order"] == "set" and all(c in self._order for c in got):
            ordered = sorted(got, key=self._order.__getitem__)
            if ordered != got:
                self._store(data, z, ordered)
                got[:] = ordered
        return data

    def _normal(self, data: dict) -> dict:
        """Names in any language as ids, and every zone whose order does not matter sorted."""
        for z in self.zones_of(data):
            got = self._list(data, z)
            if got is None:
                continue
            before = list(got)
            for i, c in enumerate(got):
                found = self.find(c) if isinstance(c, str) else None
                if found is not None:
                    got[i] = found
            if got != before:
                self._store(data, z, got)
            self._sorted(data, z)
        return data

    def zones_of(self, data: dict) -> list[Zone]:
        saved, self.data = self.data, data
        try:
            return self.zones()
        finally:
            self.data = saved
