"""The position editor's panel: "Edit this position" in the Play tab, no JSON needed.

A thin view of :class:`tutor.editor.Editor` (the position, its operations and the engine's
verdict live there): a palette of the game's cards drawn in the board's colours (the game's
page module may give ``editor_item(item, lang)``: a label, a tip and colours), the table's
places each with its cards, whose turn it is and what the position waits for, the engine's
verdict in the page's language after every change, and what to do with the result: play it,
save it as a scenario with a goal (the shell's :mod:`widgets.panels.scenario_save`), or share
it by link (:attr:`PositionEditor.on_share`, which the page connects to its link maker).  The
JSON stays one disclosure away.  Everything is a button: the keyboard reaches every part.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

import ipywidgets as w

from tutor import games
from tutor.editor import Editor, Zone, has_editor
from widgets import static
from widgets.panels.common import esc, message
from widgets.panels.i18n import add_strings

__all__ = ["PositionEditor", "edit_from_step", "edit_from_scenario"]

t = add_strings({
    "ed_open": ("Edit this position", "Modifica questa posizione", "Modifier cette position"),
    "ed_title": ("Position editor", "Editor della posizione", "Éditeur de position"),
    "ed_help": ("Pick a card from the palette, then a place to put it. A click on a card in a place takes it "
                "away, or picks it up to move it where the game makes no card. The engine checks the position "
                "after every change.",
                "Scegli una carta dalla tavolozza, poi il posto dove metterla. Un clic su una carta in un posto "
                "la toglie, o la prende per spostarla dove il gioco non crea carte. Il motore controlla la "
                "posizione a ogni modifica.",
                "Choisissez une carte dans la palette, puis la place où la mettre. Un clic sur une carte posée "
                "la retire, ou la prend pour la déplacer là où le jeu ne crée pas de carte. Le moteur vérifie "
                "la position à chaque changement."),
    "ed_palette": ("Palette", "Tavolozza", "Palette"),
    "ed_picked": ("Picked: {item}. Now choose a place.", "Scelta: {item}. Ora scegli un posto.",
                  "Choisie : {item}. Choisissez maintenant une place."),
    "ed_picked_from": ("Picked: {item} from {zone}. Now choose where it goes.",
                       "Scelta: {item} da {zone}. Ora scegli dove va.",
                       "Choisie : {item} de {zone}. Choisissez maintenant où elle va."),
    "ed_move_from": ("Pick up {item} from {zone} to move it", "Prendi {item} da {zone} per spostarla",
                     "Prendre {item} de {zone} pour la déplacer"),
    "ed_pick_first": ("Pick a card from the palette first.", "Scegli prima una carta dalla tavolozza.",
                      "Choisissez d'abord une carte dans la palette."),
    "ed_put": ("Put here: {zone}", "Metti qui: {zone}", "Mettre ici : {zone}"),
    "ed_take_away": ("Take away {item} from {zone}", "Togli {item} da {zone}", "Retirer {item} de {zone}"),
    "ed_count": ("{n} {n:card|cards}", "{n} {n:carta|carte}", "{n} {n:carte|cartes}"),
    "ed_top": ("top: {item}", "in cima: {item}", "dessus : {item}"),
    "ed_turn": ("Whose turn", "Di chi è il turno", "À qui le tour"),
    "ed_pending": ("Waiting for", "In attesa di", "En attente de"),
    "ed_next": ("Declares next", "Dichiara ora", "Déclare maintenant"),
    "ed_joined": ("Already joined", "Già partecipa", "Participe déjà"),
    "ed_apply": ("Set", "Imposta", "Régler"),
    "ed_play": ("Play it", "Giocala", "La jouer"),
    "ed_save": ("Save as a scenario", "Salva come scenario", "Enregistrer comme scénario"),
    "ed_share": ("Share by link", "Condividi con un link", "Partager par un lien"),
    "ed_close": ("Close the editor", "Chiudi l'editor", "Fermer l'éditeur"),
    "ed_json": ("The position as JSON", "La posizione in JSON", "La position en JSON"),
    "ed_read_json": ("Read this JSON", "Leggi questo JSON", "Lire ce JSON"),
    "ed_not_legal": ("The engine refuses this position: it cannot be played, saved or shared yet.",
                     "Il motore rifiuta questa posizione: non si può ancora giocare, salvare o condividere.",
                     "Le moteur refuse cette position : elle ne peut pas encore être jouée, enregistrée ni partagée."),
    "ed_saved": ("The position is in the Play tab; choose its goal below and press \"Save as scenario\".",
                 "La posizione è nella scheda Gioca; scegli il suo obiettivo qui sotto e premi \"Salva come "
                 "scenario\".",
                 "La position est dans l'onglet Jouer ; choisissez son objectif ci-dessous et appuyez sur "
                 "« Enregistrer comme scénario »."),
    "ed_no_editor": ("This game has no position editor yet.", "Questo gioco non ha ancora un editor di posizioni.",
                     "Ce jeu n'a pas encore d'éditeur de position."),
})


# the Share link's Copy button: the clipboard where the page is a secure context, else the link's text
# selected and copied the old way (a school LAN over plain http); it says which happened
_COPY_JS = (
    "var r=this.closest('.rt-editor-link'),a=r.querySelector('a'),s=r.querySelector('.rt-copied'),b=this;"
    "var ok=function(){s.textContent=b.dataset.done;},no=function(){s.textContent=b.dataset.fail;};"
    "var old=function(){var x=document.createRange();x.selectNodeContents(a);var g=getSelection();"
    "g.removeAllRanges();g.addRange(x);try{if(document.execCommand('copy')){ok();}else{no();}}catch(e){no();}};"
    "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(a.href).then(ok,old);}"
    "else{old();}"
)


def _item_look(game: Any) -> Callable[[str, str], dict] | None:
    """The game page's ``editor_item`` (a card drawn as the board draws it), if it has one."""
    try:
        module = importlib.import_module(games.entry(game.name).page)
    except (KeyError, ImportError):
        return None
    return getattr(module, "editor_item", None)


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text)


class PositionEditor(w.VBox):
    """The editor of a :class:`widgets.panels.shell.GameShell`: its open button joins the shell's tools."""

    def __init__(self, shell: Any):
        super().__init__()
        self.add_class("rt-position-editor")
        self.shell = shell
        self.game = shell.game
        self.editor: Editor | None = None
        self.picked: str | None = None
        self.picked_from: str | None = None  # the place a card picked up to be moved lies in
        # the page sets it: the position's scenario JSON -> a link opening it ("" when it cannot)
        self.on_share: Callable[[str], str] | None = None
        self.layout.display = "none"
        self.open_button = w.Button(icon="pencil", layout=w.Layout(width="auto"))
        self.open_button.add_class("rt-edit-position")
        self.open_button.on_click(lambda _: self.edit())
        if not has_editor(self.game):
            self.open_button.layout.display = "none"
        self.head = w.HTML()
        self.verdict = w.HTML()
        self.verdict.add_class("rt-editor-verdict")
        self.said = w.HTML()
        self.said.add_class("rt-editor-said")
        self.palette = w.Accordion()
        self.palette.add_class("rt-editor-palette")
        self.table = w.VBox()
        self.table.add_class("rt-editor-table")
        self.turn = w.Dropdown(layout=w.Layout(width="auto"))
        self.turn.add_class("rt-editor-turn")
        self.pending = w.Dropdown(layout=w.Layout(width="auto", max_width="100%"))
        self.pending.add_class("rt-editor-pending")
        self.options = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.options.add_class("rt-editor-options")
        self.apply_button = w.Button(layout=w.Layout(width="auto"))
        self.apply_button.add_class("rt-editor-set-pending")
        self.apply_button.on_click(lambda _: self.set_pending())
        self.play_button = w.Button(icon="play", button_style="primary", layout=w.Layout(width="auto"))
        self.play_button.add_class("rt-editor-play")
        self.play_button.on_click(lambda _: self.play())
        self.save_button = w.Button(icon="flag-checkered", layout=w.Layout(width="auto"))
        self.save_button.add_class("rt-editor-save")
        self.save_button.on_click(lambda _: self.save())
        self.share_button = w.Button(icon="link", layout=w.Layout(width="auto"))
        self.share_button.add_class("rt-editor-share")
        self.share_button.on_click(lambda _: self.share())
        self.close_button = w.Button(icon="times", layout=w.Layout(width="auto"))
        self.close_button.add_class("rt-editor-close")
        self.close_button.on_click(lambda _: self.close_editor())
        self.json = w.Textarea(layout=w.Layout(width="46em", max_width="100%", height="10em"))
        self.json.add_class("rt-editor-json")
        self.read_button = w.Button(icon="upload", layout=w.Layout(width="auto"))
        self.read_button.add_class("rt-editor-read-json")
        self.read_button.on_click(lambda _: self.read_json())
        self.json_box = w.Accordion(children=[w.VBox([self.json, self.read_button])])
        self.json_box.selected_index = None
        self.json_box.add_class("rt-editor-json-box")
        self._setting = False
        self._boxes: dict[tuple, w.VBox] = {}
        self.turn.observe(lambda ch: self._turn_chosen(), "value")
        self.pending.observe(lambda ch: self._draw_options(), "value")
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        self.children = [
            w.HTML("<style>" + static.text("editor.css") + "</style>", layout=w.Layout(height="0px")),
            self.head, self.verdict, self.said,
            w.HBox([self.play_button, self.save_button, self.share_button, self.close_button], layout=wrap,
                   _dom_classes=["rt-editor-actions"]),
            w.HBox([self.turn, self.pending, self.options, self.apply_button], layout=wrap,
                   _dom_classes=["rt-editor-decision"]),
            self.palette, self.table, self.json_box,
        ]
        shell.language.observe(lambda ch: self.relabel(), "lang")
        self.relabel()

    @property
    def lang(self) -> str:
        return str(self.shell.lang)

    @property
    def is_open(self) -> bool:
        return self.layout.display != "none"

    # ------------------------------------------------------------ open/close
    def edit(self, state: Any = None) -> bool:
        """Edit ``state`` (the Play tab's position by default)."""
        state = self.shell.state if state is None else state
        try:
            self.editor = Editor.from_state(self.game, state, self.lang)
        except ValueError:
            self.said.value = message("error", t("ed_no_editor", self.lang))
            return False
        self.picked = self.picked_from = None
        self.layout.display = None
        self.shell.add_class("rt-editing")
        self.said.value = ""
        self.relabel()
        return True

    def close_editor(self) -> None:
        self.layout.display = "none"
        self.shell.remove_class("rt-editing")

    # --------------------------------------------------------------- drawing
    def relabel(self) -> None:
        lang = self.lang
        self.open_button.description = t("ed_open", lang)
        self.open_button.tooltip = t("ed_open", lang)
        self.head.value = (f"<h3 class='rt-editor-title'>{esc(t('ed_title', lang))}</h3>"
                           f"<p class='rt-editor-help'>{esc(t('ed_help', lang))}</p>")
        self.apply_button.description = t("ed_apply", lang)
        self.play_button.description = t("ed_play", lang)
        self.save_button.description = t("ed_save", lang)
        self.share_button.description = t("ed_share", lang)
        self.close_button.description = t("ed_close", lang)
        self.read_button.description = t("ed_read_json", lang)
        self.json_box.set_title(0, t("ed_json", lang))
        self.turn.description = t("ed_turn", lang)
        self.pending.description = t("ed_pending", lang)
        for box in (self.turn, self.pending):
            box.style.description_width = "initial"
        if self.editor is None:
            return
        self.editor.lang = lang
        self._draw_palette()
        self.draw()

    def _look(self, item: str) -> dict:
        ed = self.editor
        assert ed is not None
        name = ed.item_name(item)
        icon = ed.layout.ITEMS[ed.kind_of(item)].get("icon")
        look = _item_look(self.game)
        got = look(item, self.lang) if look else None
        if got and icon:  # a piece the page draws (an elephant in its seat's colour): named in full
            return {**got, "label": f"{icon} {name}", "tip": got.get("tip") or name}
        if icon:  # a piece the game's page does not draw as a card: its symbol and its name
            return {"label": f"{icon} {name}", "tip": name}
        return got or {"label": name, "tip": name}

    def _item_button(self, item: str, tip: str, cls: str, short: bool = False) -> w.Button:
        """An item's button; ``short``: in a space of a board, a seat's piece by its symbol and seat number."""
        look = self._look(item)
        label = look["label"]
        ed = self.editor
        assert ed is not None
        seat = ed.seat_of(item)
        if short and seat is not None:
            label = f"{ed.layout.ITEMS[ed.kind_of(item)].get('icon', '')} {seat + 1}"
        b = w.Button(description=label, tooltip=tip or look.get("tip", ""),
                     layout=w.Layout(width="auto"))
        if look.get("bg"):
            b.style.button_color = look["bg"]
        if look.get("fg"):
            b.style.text_color = look["fg"]
        b.add_class(cls)
        b.add_class(f"rt-item-{_slug(item)}")
        return b

    def _draw_palette(self) -> None:
        ed = self.editor
        assert ed is not None
        lang = self.lang
        groups, titles = [], []
        for kind in ed.kinds():
            buttons = []
            for item in ed.items(kind):
                b = self._item_button(item, self._look(item).get("tip", ""), "rt-editor-item")
                b.on_click(lambda _, item=item: self.pick(item))
                buttons.append(b)
            groups.append(w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")))
            label = ed.layout.ITEMS[kind].get("label", {})
            titles.append(label.get(lang) or label.get("en") or kind)
        index = self.palette.selected_index
        self.palette.children = groups
        for i, title in enumerate(titles):
            self.palette.set_title(i, title)
        self.palette.selected_index = 0 if index is None else index
        self._mark_picked()

    def _mark_picked(self) -> None:
        for group in self.palette.children:
            for b in group.children:
                slug = f"rt-item-{_slug(self.picked)}" if self.picked else None
                b.button_style = "info" if slug in b._dom_classes else ""
                if slug in b._dom_classes:
                    b.add_class("rt-picked")
                else:
                    b.remove_class("rt-picked")

    def _zone_box(self, z: Zone, cell: bool = False) -> w.VBox:
        """A place: its "Put here" button and what lies there; ``cell``: a space of a board, named short."""
        ed = self.editor
        assert ed is not None
        lang = self.lang
        label = ed.zone_label(z)
        items = ed.contents(z)
        key = (z.key, tuple(items), lang, cell)
        if key in self._boxes:  # unchanged since the last drawing: the same widgets (a track has many spaces)
            return self._boxes[key]
        put = w.Button(description=z.name if cell else t("ed_put", lang, zone=label), icon="" if cell else "plus",
                       tooltip=t("ed_put", lang, zone=label), layout=w.Layout(width="auto"))
        put.add_class("rt-editor-zone")
        put.add_class(f"rt-zone-{_slug(z.key)}")
        put.on_click(lambda _, key=z.key: self.put(key))
        if z.supply:  # the deck and the piles: how many, and the top
            top = ed.item_name(items[0 if z.spec["order"] == "top-first" else -1]) if items else ""
            text = t("ed_count", lang, n=len(items)) + (" · " + t("ed_top", lang, item=top) if top else "")
            body: list[w.Widget] = [w.HTML(f"<span class='rt-editor-count'>{esc(text)}</span>")]
        else:
            body = []
            for item in items:
                tip = "ed_take_away" if ed.takes_away(item, z.key) else "ed_move_from"
                b = self._item_button(item, t(tip, lang, item=ed.item_name(item), zone=label), "rt-editor-placed",
                                      short=cell)
                b.on_click(lambda _, item=item, key=z.key: self.placed_clicked(item, key))
                body.append(b)
        box = w.VBox([put, w.HBox(body, layout=w.Layout(flex_flow="row wrap"))])
        box.add_class("rt-editor-place")
        if cell:
            box.add_class("rt-editor-cell")
            kind = z.spec.get("cell_class")
            if kind is not None:  # what lies on the space (a river, a bridge ...): the track's colour
                box.add_class(f"rt-space-{kind(ed.data, z.name)}")
        if len(self._boxes) > 2000:
            self._boxes.clear()
        self._boxes[key] = box
        return box

    def _board(self, zones: list[Zone]) -> w.GridBox:
        """The places a game lays out as its board (a row's slots, a track's spaces), drawn where they lie."""
        ed = self.editor
        assert ed is not None
        spec = zones[0].spec
        rows = spec["board"](ed.data) if callable(spec["board"]) else spec["board"]
        by_name = {z.name: z for z in zones}
        width = max((len(r) for r in rows), default=1)
        cells: list[w.Widget] = []
        for row in rows:
            for name in list(row) + [None] * (width - len(row)):
                z = by_name.get(name) if name is not None else None
                cells.append(self._zone_box(z, cell=True) if z is not None else w.HTML(""))
        title = spec.get("board_label") or {}
        if title:  # the board's name across its first row
            head = w.HTML(f"<b class='rt-editor-board-title'>{esc(title.get(self.lang) or title['en'])}</b>")
            head.add_class("rt-editor-board-head")
            cells.insert(0, head)
        grid = w.GridBox(cells, layout=w.Layout(grid_template_columns=f"repeat({width}, minmax(0, 1fr))"))
        grid.add_class("rt-editor-board")
        grid.add_class(f"rt-board-{_slug(zones[0].field)}")
        return grid

    def draw(self) -> None:
        """The table, whose turn, what is pending and the verdict, from the editor's position."""
        ed = self.editor
        if ed is None:
            return
        lang = self.lang
        places: list[w.Widget] = []
        boards: dict[str, list[Zone]] = {}
        for z in ed.zones():
            if "board" not in z.spec:
                places.append(self._zone_box(z))
            elif z.field not in boards:
                boards[z.field] = [z]
                places.append(z.field)  # its board's place, drawn once all its spaces are known
            else:
                boards[z.field].append(z)
        self.table.children = [self._board(boards[p]) if isinstance(p, str) else p for p in places]
        self._setting = True
        try:
            seats = [(self.game.seat_name(None, p, lang), p) for p in range(ed.players)]
            self.turn.options = seats
            turn = ed.data.get(ed.layout.TURN_FIELD)
            self.turn.value = turn if turn in range(ed.players) else (seats[0][1] if seats else None)
            now = ed.pending()[0]
            options = [(ed.pending_name(k), k) for k in ed.layout.PENDING]
            if now not in ed.layout.PENDING:  # a decision the editor does not set (a duel under way ...)
                options.append((ed.pending_name(now), now))
            self.pending.options = options
            self.pending.value = now
        finally:
            self._setting = False
        self._draw_options()
        self.verdict.value = message("ok" if ed.legal else "error", ed.verdict())
        for b in (self.play_button, self.save_button, self.share_button):
            b.disabled = not ed.legal
        self.share_button.layout.display = None if self.on_share is not None else "none"
        self.json.value = ed.to_json()

    def _draw_options(self) -> None:
        """The choices of what is pending (a dispute's fountain, who declares next, who joined)."""
        ed = self.editor
        if ed is None or self._setting:
            return
        lang = self.lang
        kind = self.pending.value
        names = ed.layout.PENDING_OPTIONS.get(kind, [])
        current = ed.pending()[1] if ed.pending()[0] == kind else {}
        seats = [(self.game.seat_name(None, p, lang), p) for p in range(ed.players)]
        widgets: list[w.Widget] = []
        self._option_widgets: dict[str, Any] = {}
        for name in names:
            if name == "joined":
                boxes = []
                for label, p in seats:
                    c = w.Checkbox(value=p in (current.get("joined") or ()), description=label, indent=False,
                                   layout=w.Layout(width="auto"))
                    c.add_class(f"rt-editor-joined-{p}")
                    boxes.append(c)
                self._option_widgets[name] = boxes
                widgets.append(w.HBox([w.HTML(esc(t("ed_joined", lang)))] + boxes,
                                      layout=w.Layout(flex_flow="row wrap", align_items="center")))
                continue
            names_kind, values = ed.layout.PENDING_CHOICES.get(name, ("seats", []))
            own = getattr(ed.layout, "OPTION_LABELS", {}).get(name)
            if name == "next":
                options = seats
                description = t("ed_next", lang)
            elif names_kind == "seats":  # a seat at the table (whom the active player challenged)
                options = seats
                description = (own.get(lang) or own["en"]) if own else name
            else:
                options = [(self.game.catalog.name(names_kind, v, lang), v) for v in values]
                description = self.game.catalog.name("kinds", name, lang)
            value = current.get(name)
            if name == "fountain" and isinstance(value, str):
                value = value.split("-", 1)[-1]
            turn = ed.data.get(ed.layout.TURN_FIELD)
            if value is None and names_kind == "seats" and name != "next" and isinstance(turn, int) and ed.players:
                value = (turn + 1) % ed.players  # whom to challenge: by default the next seat, never oneself
            box = w.Dropdown(options=options, description=description, style={"description_width": "initial"},
                             layout=w.Layout(width="auto"))
            if value in [v for _, v in options]:
                box.value = value
            box.add_class(f"rt-editor-option-{name}")
            self._option_widgets[name] = box
            widgets.append(box)
        self.options.children = widgets
        self.apply_button.layout.display = None if names else "none"
        if not self._setting and ed.pending()[0] != kind and not names:
            self.set_pending()

    # ------------------------------------------------------------ operations
    def _did(self, outcome: Any) -> bool:
        """A refusal said (nothing changed); else the table drawn again with the engine's verdict."""
        if not outcome.done:
            self.said.value = message("error", outcome.text)
            return False
        self.said.value = ""
        self.draw()
        return True

    def pick(self, item: str) -> None:
        self.picked, self.picked_from = item, None
        self._mark_picked()
        assert self.editor is not None
        self.said.value = message("info", t("ed_picked", self.lang, item=self.editor.item_name(item)))

    def put(self, zone: str) -> bool:
        if self.editor is None:
            return False
        if self.picked is None:
            self.said.value = message("info", t("ed_pick_first", self.lang))
            return False
        if self.picked_from is not None:
            done = self._did(self.editor.move(self.picked, self.picked_from, zone))
            if done:
                self.picked = self.picked_from = None
                self._mark_picked()
            return done
        return self._did(self.editor.add(self.picked, zone))

    def placed_clicked(self, item: str, zone: str) -> bool:
        """A card on the table: taken away when it has somewhere to go back to, else picked up to be moved."""
        ed = self.editor
        if ed is None:
            return False
        if ed.takes_away(item, zone):
            return self.take_away(item, zone)
        self.picked, self.picked_from = item, zone
        self._mark_picked()
        where = ed.zone_label(zone)
        self.said.value = message("info", t("ed_picked_from", self.lang, item=ed.item_name(item),
                                            zone=where[:1].lower() + where[1:]))
        return True

    def take_away(self, item: str, zone: str) -> bool:
        return self.editor is not None and self._did(self.editor.remove(item, zone))

    def _turn_chosen(self) -> None:
        if self._setting or self.editor is None or self.turn.value is None:
            return
        if self.turn.value != self.editor.data.get(self.editor.layout.TURN_FIELD):
            self._did(self.editor.set_turn(self.turn.value))

    def set_pending(self) -> bool:
        if self.editor is None:
            return False
        options: dict[str, Any] = {}
        for name, got in getattr(self, "_option_widgets", {}).items():
            if isinstance(got, list):
                options[name] = [p for p, c in enumerate(got) if c.value]
            else:
                options[name] = got.value
        return self._did(self.editor.set_pending(self.pending.value, **options))

    def read_json(self) -> bool:
        return self.editor is not None and self._did(self.editor.load_json(self.json.value))

    # ---------------------------------------------------------- the result
    def _refused(self) -> bool:
        if self.editor is None or not self.editor.legal:
            self.said.value = message("error", t("ed_not_legal", self.lang))
            return True
        return False

    def play(self) -> bool:
        """The position in the Play tab, its game going on from there."""
        if self._refused():
            return False
        assert self.editor is not None
        ok = bool(self.shell.load(self.editor.to_json()))
        if ok:
            self.close_editor()
        return ok

    def save(self) -> bool:
        """The position in the Play tab with the goal chooser open: the teacher names the goal and saves."""
        if not self.play():
            return False
        self.shell.files.selected_index = 0
        self.shell.msg.value = self.shell.file_msg.value = message("info", t("ed_saved", self.lang))
        return True

    def share(self) -> str:
        """The link that opens this position (the page's link maker, :attr:`on_share`)."""
        if self._refused() or self.on_share is None:
            return ""
        assert self.editor is not None
        link = self.on_share(self.editor.to_json())
        if link:
            lang = self.lang
            self.said.value = (f"<div class='rt-msg rt-msg-ok rt-editor-link' role='status'>"
                               f"<a href='{esc(link)}' target='_blank'>{esc(link)}</a>"
                               f"<div class='rt-copy-row'><button type='button' class='rt-editor-copy'"
                               f" onclick=\"{esc(_COPY_JS)}\" data-done='{esc(t('link_copied', lang))}'"
                               f" data-fail='{esc(t('link_copy_failed', lang))}'>"
                               f"<i class='fa fa-copy' aria-hidden='true'></i> {esc(t('link_copy', lang))}</button>"
                               f" <span class='rt-copied' role='status' aria-live='polite'></span></div></div>")
        return link


def _edit_button(page: Any, cls: str, state: Callable[[], Any], go: Callable[[Any], Any], row: Any) -> w.Button:
    """An "Edit this position" button in ``row``: ``go(state())`` takes the position to the Play tab,
    whose editor then opens on it."""
    button = w.Button(icon="pencil", layout=w.Layout(width="auto"))
    button.add_class(cls)
    if not has_editor(page.spec.engine):
        button.layout.display = "none"

    def edit(_: Any) -> None:
        position = state()
        if position is not None and go is not None and go(position):
            page.game.editor.edit(position)  # this position, even if a bot in the Play tab moves on

    def relabel() -> None:
        button.description = button.tooltip = t("ed_open", page.language.lang)

    button.on_click(edit)
    page.language.observe(lambda ch: relabel(), "lang")
    relabel()
    row.children += (button,)
    return button


def edit_from_scenario(page: Any, panel: Any) -> w.Button:
    """"Edit this position" among the Scenarios tab's tools: the scenario's position as it stands now."""
    row = next(c for c in panel.children if "rt-scn-tools" in c._dom_classes)
    return _edit_button(page, "rt-edit-scenario", lambda: panel.session.state if panel.session else None,
                        page.play_from, row)


def edit_from_step(page: Any) -> w.Button:
    """"Edit this position" beside the Examples tab's "Play from here": the step shown goes to the Play
    tab as "Play from here" takes it (the page's link says so), and its editor opens there."""
    stepper = page.stepper
    return _edit_button(page, "rt-edit-step", lambda: stepper.state_at(stepper.position),
                        lambda state: stepper.on_play_here and stepper.on_play_here(state), stepper.nav)
