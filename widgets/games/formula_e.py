"""The Formula E page: the track drawn as inline SVG from views, moves by clicking.

Drawing only.  The board draws ``game.view(state, viewer)`` (the shell picks
the viewer: the teacher sees every hand, a seat its own).  Every word about
the game (card and decision names, actions, narration, refusals) comes from
the engine's catalog; UI chrome (labels, the legend, prompts) is here.  The
buttons hand the legal actions the shell gives them to ``shell.play``.

The move preview ("where each piece will end up") is written on the move,
Rat and cow buttons: the controls ask ``game.preview(shell.state, action)``
of the position the shell already shows (the same position the buttons'
legal actions come from), never a hidden one.  Clicking one chooses it: the
shell puts the engine's preview in the view, and the board draws ghost
pieces where they will end up and dashed paths, until Confirm or Cancel.
After a move the board traces the path each piece took (the view's
``trace``, read by the engine from its events): the mover, every pushed
elephant or cow, the Rat's run and the elephant it scared, step by step;
a Tiger's cancel is named on the table.  The track is drawn twice, across
for wide screens and up for phones; CSS shows one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import ipywidgets as w

from tutor import games
from widgets import static
from widgets.panels.common import esc
from widgets.panels.controls import ButtonControls
from widgets.panels.endgame import frame
from widgets.panels.i18n import add_strings, colon
from widgets.panels.shell import GameShell

GAME_NAME = "formula-e"
FIRST_EXAMPLE = "lesson"  # the first lesson, then the examples in order

Who = Callable[[int], str]


def game():
    return games.get(GAME_NAME)


def _fe():
    from tutor.games import formula_e as fe

    return fe


# ------------------------------------------------------------------ chrome --

# this page's own words: they can never replace a shared word of the same key
t = add_strings({
    "fe_legend": ("Legend", "Legenda", "Légende"),
    "fe_not_here": ("Not on this board", "Non su questo tabellone", "Pas sur ce plateau"),
    "fe_start": ("start grid", "griglia di partenza", "grille de départ"),
    "fe_banana": ("banana tree", "albero di banane", "bananier"),
    "fe_bridge": ("bridge", "ponte", "pont"),
    "fe_river": ("river", "fiume", "rivière"),
    "fe_hole": ("rat hole", "tana del topo", "trou du rat"),
    "fe_finish": ("finish line", "traguardo", "ligne d'arrivée"),
    "fe_past": ("past the line", "oltre il traguardo", "au-delà de la ligne"),
    "fe_elephant": ("elephant of {who}", "elefante di {who}", "éléphant de {who}"),
    "fe_moved": ("moved", "spostato", "déplacé"),
    "fe_track": ("Track: {name} — the board map is lost, this one is the project's",
                 "Pista: {name} — la mappa del tabellone è perduta, questa è del progetto",
                 "Piste : {name} — le plan du plateau est perdu, celui-ci est celui du projet"),
    "fe_deck": ("Deck: {n} · discards: {d}", "Mazzo: {n} · scarti: {d}", "Pioche : {n} · défausse : {d}"),
    "fe_top": ("top of the discards: {card}", "in cima agli scarti: {card}", "sommet de la défausse : {card}"),
    "fe_discards": ("Discards (you may take one)", "Scarti (puoi prenderne uno)", "Défausse (vous pouvez en prendre une)"),
    "fe_pending": ("Just played, waiting for the Tiger window: {cards}",
                   "Appena giocata, in attesa della finestra della Tigre: {cards}",
                   "Vient d'être jouée, en attente de la fenêtre du Tigre : {cards}"),
    "fe_cancelled": ("Cancelled by a Tiger: {card}", "Annullata da una Tigre: {card}", "Annulée par un Tigre : {card}"),
    "fe_played": ("Played this turn: {cards}", "Giocate in questo turno: {cards}", "Jouées ce tour : {cards}"),
    "fe_cows_left": ("cow steps left: {n}", "passi di mucca rimasti: {n}", "pas de vache restants : {n}"),
    "fe_owed": ("{who} owes {n} Cobra {n:discard|discards}", "{who} deve scartare {n} {n:carta|carte} per i Cobra",
                "{who} doit défausser {n} {n:carte|cartes} pour les Cobras"),
    "fe_hand_of": ("Hand of {who}", "Mano di {who}", "Main de {who}"),
    "fe_cobras": ("Cobras: {n}", "Cobra: {n}", "Cobras : {n}"),
    "fe_cobras_free": ("Cobras in the box: {n}", "Cobra nella scatola: {n}", "Cobras dans la boîte : {n}"),
    # "1 of 20 rows" for an elephant that had not moved (the front row of the grid) read oddly:
    # the seat says how many rows its elephant still has to cross the line (the board numbers its rows)
    "fe_progress": ("rows to the line: {n}", "righe al traguardo: {n}", "rangées jusqu'à la ligne : {n}"),
    "fe_across": ("across the line", "oltre il traguardo", "la ligne franchie"),
    "fe_to_play": ("to play", "di turno", "joue"),
    "fe_deciding": ("deciding", "decide", "décide"),
    "fe_winner": ("Winner: {who}", "Vincitore: {who}", "Gagnant : {who}"),
    "fe_group_cards": ("Play a card", "Gioca una carta", "Jouer une carte"),
    "fe_group_pairs": ("A yellow with its green", "Una gialla con la sua verde", "Une jaune avec sa verte"),
    "fe_group_discard": ("Discard (pick the cards, then discard)", "Scarta (scegli le carte, poi scarta)",
                         "Défausser (choisissez les cartes, puis défaussez)"),
    "fe_discard_button": ("Discard the chosen cards", "Scarta le carte scelte", "Défausser les cartes choisies"),
    "fe_group_move": ("Your move, step by step (→ where pieces end up)",
                      "La tua mossa, passo per passo (→ dove finiscono i pezzi)",
                      "Votre déplacement, pas à pas (→ où finissent les pièces)"),
    "fe_group_tiger": ("The Tiger window", "La finestra della Tigre", "La fenêtre du Tigre"),
    "fe_tiger_prompt": ("{who}: {active} played {cards}. Cancel it with a Tiger, or let it resolve.",
                        "{who}: {active} ha giocato {cards}. Annullala con una Tigre, o lasciala agire.",
                        "{who} : {active} a joué {cards}. Annulez-la avec un Tigre, ou laissez-la agir."),
    "fe_nothing_moves": ("nothing moves", "nulla si sposta", "rien ne bouge"),
    "fe_col_player": ("Player", "Giocatore", "Joueur"),
    "fe_col_progress": ("Rows to the line", "Righe al traguardo", "Rangées jusqu'à la ligne"),
    "fe_col_space": ("Space", "Casella", "Case"),
    "fe_col_cobras": ("Cobras", "Cobra", "Cobras"),
    "fe_col_cards": ("Cards in hand", "Carte in mano", "Cartes en main"),
    "fe_col_winner": ("Winner", "Vincitore", "Gagnant"),
    # the preview of a chosen move, the paths of the last moves, the Tiger's cancel
    "fe_path": ("path of the last move, step by step", "percorso dell'ultima mossa, passo per passo",
                "chemin du dernier coup, pas à pas"),
    "fe_ghost": ("where it will end up (not yet confirmed)", "dove finirà (non ancora confermato)",
                 "où elle finira (pas encore confirmé)"),
    "fe_ghost_of": ("{who} will end up at {cell}", "{who} finirà in {cell}", "{who} finira en {cell}"),
    "fe_tiger_cancel": ("Tiger! {owner}'s {card} was cancelled by {by}: it counts as played, with no effect.",
                        "Tigre! La carta {card} di {owner} è stata annullata da {by}: conta come giocata, senza effetto.",
                        "Tigre ! La carte {card} de {owner} a été annulée par {by} : elle compte comme jouée, sans effet."),
}, namespace="formula-e")

# Each seat: a colour and its number written on the elephant (told apart without colour vision).
SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f")
CARD_COLOURS = {"green": ("#2e7d32", "#fff"), "purple": ("#6a1b9a", "#fff"), "yellow": ("#fbc02d", "#111")}
# Board features: fill colour and symbol (legend key).
FEATURES = {
    "S": ("#eceff1", "", "fe_start"),
    "B": ("#c5e1a5", "♣", "fe_banana"),
    "=": ("#bcaaa4", "≡", "fe_bridge"),
    "~": ("#90caf9", "≈", "fe_river"),
    "o": ("#f5f5f5", "●", "fe_hole"),
}
CELL = 40  # px in the SVG's own units

_CSS = '<style>' + static.text('formula_e.css') + '</style>'


def editor_item(item: str, lang: str) -> dict | None:
    """A piece of the position editor's palette as the track draws it: an elephant in its seat's colour
    with its number (the cards, the cows and the Rat: the editor's own drawing)."""
    kind, _, seat = item.partition("-")
    if kind != "elephant" or not seat.isdigit() or int(seat) >= len(SEAT_COLOURS):
        return None
    name = game().seat_name(None, int(seat), lang)
    return {"label": f"● {int(seat) + 1}", "tip": name, "bg": SEAT_COLOURS[int(seat)], "fg": "#fff"}


def card_chip(card: str, lang: str) -> str:
    from tutor.games.formula_e.cards import COLOURS

    bg, fg = CARD_COLOURS.get(COLOURS.get(card, ""), ("#eee", "#111"))
    return (f"<span class='fe-card fe-card-{esc(card)}' data-card='{esc(card)}' "
            f"style='background:{bg};color:{fg}'>{esc(game().card_name(card, lang))}</span>")


def _cards(cards: list, lang: str) -> str:
    return ", ".join(game().card_name(c, lang) for c in cards)


def _backs(n: int) -> str:
    return "".join("<span class='fe-back'></span>" for _ in range(min(n, 12))) + (f" +{n - 12}" if n > 12 else "")


class Geometry:
    """Where a cell is drawn: across (rows left to right, the red line at the right, lane a at the top)
    for wide screens, or up (rows bottom to top, the red line at the top, lane a at the left) for phones.

    Past the red line is a row for the elephants that crossed it.  Drawn up with none there
    (``past=False``), it is left out: it was an empty band across a phone's screen above the track
    (drawn across, it is a column at the side and stays)."""

    def __init__(self, n_rows: int, width: int, vertical: bool, past: bool = True):
        self.n_rows, self.width, self.vertical = n_rows, width, vertical
        self.top = 20 if past or not vertical else 12 - CELL  # the row past the line: above the view
        if vertical:
            self.W, self.H = 30 + width * CELL + 10, self.top + (n_rows + 1) * CELL + 24
        else:
            self.W, self.H = 30 + (n_rows + 1) * CELL + 10, 20 + width * CELL + 22

    def xy(self, row: int, lane: int) -> tuple[int, int]:
        """The top-left corner of a cell (row ``n_rows``: just past the red line)."""
        if self.vertical:
            return 30 + lane * CELL, self.top + (self.n_rows - row) * CELL
        return 30 + row * CELL, 20 + lane * CELL

    def centre(self, row: int, lane: int) -> tuple[int, int]:
        x, y = self.xy(row, lane)
        return x + CELL // 2, y + CELL // 2

    def finish_line(self) -> tuple[int, int, int, int]:
        if self.vertical:
            y = self.top + CELL
            return 24, y, 30 + self.width * CELL + 6, y
        x = 30 + self.n_rows * CELL
        return x, 14, x, 20 + self.width * CELL + 6


def _cell(name: str | None) -> tuple[int, int] | None:
    if name is None or name == "finish":
        return None
    return _fe().parse_cell(name)


def _points(cells: list, geo: Geometry) -> list[tuple[int, int]]:
    """Centres of a path's cells ("finish": just past the red line, in the lane it left from)."""
    out: list[tuple[int, int]] = []
    lane = 0
    for name in cells:
        c = _cell(name) if isinstance(name, str) else None
        if c is None and name == "finish":
            c = (geo.n_rows, lane)
        if c is None:
            continue
        lane = c[1]
        out.append(geo.centre(*c))
    return out


PATH_COLOURS = {"rat": "#37474f", "cow": "#6d4c41"}


def _path_colour(path: dict) -> str:
    """The colour a piece's path is drawn in: an elephant's seat colour, else the rat's or the cows'."""
    piece, player = path.get("piece"), path.get("player")
    if piece == "elephant" and isinstance(player, int):
        return SEAT_COLOURS[player % 6]
    return PATH_COLOURS.get(str(piece), "#37474f")


def _path_svg(path: dict, geo: Geometry, preview: bool) -> str:
    """One piece's path: a line through its cells in order (a dashed hop where it jumps, hole to hole or
    on a carpet), each step numbered, an arrowhead where it ends; dashed all along in a preview."""
    pts = _points(path.get("cells", []), geo)
    if len(pts) < 2:
        return ""
    piece, player = path.get("piece"), path.get("player")
    colour = _path_colour(path)
    kind = "fe-preview-path" if preview else "fe-path"
    who = f" data-player='{player}'" if isinstance(player, int) else ""
    cells = esc(" ".join(str(c) for c in path.get("cells", [])))
    out = [f"<g class='{kind} fe-path-{esc(str(piece))}' data-piece='{esc(str(piece))}'{who} data-cells='{cells}'>"]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        hop = abs(x1 - x0) + abs(y1 - y0) > CELL
        dash = " stroke-dasharray='7 5'" if preview or hop else ""
        out.append(f"<line x1='{x0}' y1='{y0}' x2='{x1}' y2='{y1}' stroke='{colour}' stroke-width='{3 if hop else 5}' "
                   f"stroke-linecap='round' opacity='0.8'{dash}/>")
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    dx, dy = x1 - x0, y1 - y0
    norm = max((dx * dx + dy * dy) ** 0.5, 1.0)
    ux, uy = dx / norm, dy / norm
    tip = (x1 - ux * 12, y1 - uy * 12)  # the head stops short of the centre: the piece stays readable
    base = (tip[0] - ux * 10, tip[1] - uy * 10)
    left = (base[0] - uy * 7, base[1] + ux * 7)
    right = (base[0] + uy * 7, base[1] - ux * 7)
    out.append(f"<polygon class='fe-arrow' points='{tip[0]:.0f},{tip[1]:.0f} {left[0]:.0f},{left[1]:.0f} "
               f"{right[0]:.0f},{right[1]:.0f}' fill='{colour}'/>")
    out.append("</g>")
    return "".join(out)


def _steps_svg(path: dict, geo: Geometry) -> str:
    """A path's steps numbered in order, in a corner of each cell it enters (drawn over the pieces)."""
    pts = _points(path.get("cells", []), geo)
    if len(pts) < 2:
        return ""
    piece, player = path.get("piece"), path.get("player")
    colour = _path_colour(path)
    who = f" data-player='{player}'" if isinstance(player, int) else ""
    out = [f"<g class='fe-steps' data-piece='{esc(str(piece))}'{who}>"]
    corner = {"elephant": (-13, -13), "rat": (13, -13), "cow": (13, 13)}.get(str(piece), (-13, 13))
    for k, (x, y) in enumerate(pts[1:], start=1):
        ox, oy = x + corner[0], y + corner[1]
        out.append(f"<g class='fe-step' data-step='{k}'><circle cx='{ox}' cy='{oy}' r='7' fill='#fff' "
                   f"stroke='{colour}' stroke-width='2'/><text x='{ox}' y='{oy + 4}' font-size='10' "
                   f"font-weight='bold' text-anchor='middle' fill='#111'>{k}</text></g>")
    out.append("</g>")
    return "".join(out)


def _elephant(p: int, cx: int, cy: int, ring: bool, label: str, name: str, ghost: bool = False) -> str:
    if ghost:
        return (f"<g class='fe-ghost fe-ghost-elephant' data-player='{p}' data-cell='{name}'>"
                f"<title>{label}</title>"
                f"<circle cx='{cx}' cy='{cy}' r='{CELL // 2 - 3}' fill='{SEAT_COLOURS[p % 6]}' fill-opacity='0.3' "
                f"stroke='{SEAT_COLOURS[p % 6]}' stroke-width='3' stroke-dasharray='5 3'/>"
                f"<text x='{cx}' y='{cy + 6}' font-size='17' font-weight='bold' text-anchor='middle' "
                f"fill='{SEAT_COLOURS[p % 6]}'>{p + 1}</text></g>")
    return (f"<g class='fe-elephant{' fe-moved' if ring else ''}' data-player='{p}' data-cell='{name}'>"
            f"<title>{label}</title>"
            f"<circle cx='{cx}' cy='{cy}' r='{CELL // 2 - 3}' fill='{SEAT_COLOURS[p % 6]}' "
            f"stroke='{'#fdd835' if ring else '#111'}' stroke-width='{5 if ring else 2}'/>"
            f"<text x='{cx}' y='{cy + 6}' font-size='17' font-weight='bold' text-anchor='middle' "
            f"fill='#fff'>{p + 1}</text></g>")


def _cow(x: int, y: int, ring: bool, name: str, ghost: bool = False) -> str:
    if ghost:
        return (f"<g class='fe-ghost fe-ghost-cow' data-cell='{name}'>"
                f"<rect x='{x + 5}' y='{y + 5}' width='{CELL - 10}' height='{CELL - 10}' rx='6' fill='#fff' "
                "fill-opacity='0.5' stroke='#6d4c41' stroke-width='3' stroke-dasharray='5 3'/>"
                f"<text x='{x + CELL // 2}' y='{y + CELL // 2 + 6}' font-size='17' font-weight='bold' "
                "text-anchor='middle' fill='#6d4c41'>C</text></g>")
    return (f"<g class='fe-cow{' fe-moved' if ring else ''}' data-cell='{name}'>"
            f"<rect x='{x + 5}' y='{y + 5}' width='{CELL - 10}' height='{CELL - 10}' rx='6' fill='#fff' "
            f"stroke='{'#fdd835' if ring else '#111'}' stroke-width='{4 if ring else 2}'/>"
            f"<text x='{x + CELL // 2}' y='{y + CELL // 2 + 6}' font-size='17' font-weight='bold' "
            "text-anchor='middle' fill='#111'>C</text></g>")


def _rat(x: int, y: int, ring: bool, name: str, ghost: bool = False) -> str:
    cls = "fe-ghost fe-ghost-rat" if ghost else f"fe-rat{' fe-moved' if ring else ''}"
    fill = "fill='#616161' fill-opacity='0.35' stroke-dasharray='5 3'" if ghost else "fill='#616161'"
    stroke = "#37474f" if ghost else ("#fdd835" if ring else "#111")
    return (f"<g class='{cls}' data-cell='{name}'>"
            f"<polygon points='{x + 4},{y + CELL - 4} {x + CELL // 2},{y + 6} {x + CELL - 4},{y + CELL - 4}' "
            f"{fill} stroke='{stroke}' stroke-width='{4 if ring or ghost else 1}'/>"
            f"<text x='{x + CELL // 2}' y='{y + CELL - 9}' font-size='13' font-weight='bold' "
            f"text-anchor='middle' fill='{'#37474f' if ghost else '#fff'}'>R</text></g>")


def _past_the_line(view: dict) -> bool:
    """Whether anything is drawn past the red line: an elephant that crossed it, now, in the last
    moves' paths, or where the move chosen will put it."""
    preview = view.get("preview") or {}
    paths = [*(view.get("trace") or {}).get("paths", []), *(preview.get("trace") or {}).get("paths", [])]
    return ("finish" in view["elephants"] or "finish" in preview.get("elephants", [])
            or any("finish" in path.get("cells", []) for path in paths))


def track_svg(view: dict, before: dict | None, lang: str, who: Who, vertical: bool = False) -> str:
    """The track as inline SVG: cells by feature, the red finish line, cows, the Rat and the elephants;
    the paths of the last moves (the view's ``trace``) and, for a chosen move not yet confirmed, where
    each piece will end up (the view's ``preview``: ghost pieces and dashed paths)."""
    rows = view["track"]["rows"]
    name = game().catalog.name("tracks", view["track"]["name"], lang)
    n_rows, width = len(rows), len(rows[0]) if rows else 0
    geo = Geometry(n_rows, width, vertical, past=_past_the_line(view))
    W, H = geo.W, geo.H
    scale = 1.25 if vertical else 1.4
    parts = [f"<svg class='fe-track fe-track-{'v' if vertical else 'h'}' xmlns='http://www.w3.org/2000/svg' "
             f"viewBox='0 0 {W} {H}' width='{round(W * scale)}' height='{round(H * scale)}' role='img' "
             f"aria-label='{esc(t('fe_track', lang, name=name))}' font-family='sans-serif'>"]
    # the up-track of a full race (20-25 rows) is shrunk to 64% of a phone's height, to ~0.6 of its size:
    # its row numbers and lane letters at 12-14 came out 7-8px, too small to find "b2" by
    big = 18 if vertical and n_rows > 10 else 0
    for lane in range(width):  # lane letters
        x, y = geo.xy(0, lane)
        if vertical:
            parts.append(f"<text x='{x + CELL // 2}' y='{y + CELL + 16}' font-size='{big or 14}' "
                         f"text-anchor='middle' fill='#333'>{'abcdefgh'[lane]}</text>")
        else:
            parts.append(f"<text x='14' y='{y + CELL // 2 + 5}' font-size='14' text-anchor='middle' "
                         f"fill='#333'>{'abcdefgh'[lane]}</text>")
    for r, row in enumerate(rows):
        x, y = geo.xy(r, 0)
        if vertical:
            parts.append(f"<text x='14' y='{y + CELL // 2 + 5}' font-size='{big or 12}' text-anchor='middle' "
                         f"fill='#333'>{r + 1}</text>")
        else:
            parts.append(f"<text x='{x + CELL // 2}' y='{20 + width * CELL + 16}' font-size='12' "
                         f"text-anchor='middle' fill='#333'>{r + 1}</text>")
        for lane, ch in enumerate(row):
            if ch == "#":
                continue
            x, y = geo.xy(r, lane)
            fill, sym, _ = FEATURES.get(ch, ("#fafafa", "", ""))
            kind = {"S": "start", "B": "banana", "=": "bridge", "~": "river", "o": "hole"}.get(ch, "plain")
            parts.append(f"<rect class='fe-cell fe-{kind}' data-cell='{'abcdefgh'[lane]}{r + 1}' x='{x}' y='{y}' "
                         f"width='{CELL}' height='{CELL}' fill='{fill}' stroke='#777' stroke-width='1'/>")
            if ch == "o":  # a rat hole: a black hole in the ground
                parts.append(f"<circle class='fe-hole-mark' cx='{x + CELL // 2}' cy='{y + CELL // 2}' r='8' "
                             "fill='#212121'/>")
            elif sym:
                size = 22
                parts.append(f"<text x='{x + CELL // 2}' y='{y + CELL // 2 + size // 3}' font-size='{size}' "
                             f"text-anchor='middle' fill='#333' opacity='0.75'>{sym}</text>")
    x1, y1, x2, y2 = geo.finish_line()
    parts.append(f"<line class='fe-finish' x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='#d50000' stroke-width='5'/>")
    # the paths the last moves took (under the pieces)
    trace = view.get("trace") or {}
    preview = view.get("preview")
    for path in trace.get("paths", []) if preview is None else []:
        parts.append(_path_svg(path, geo, preview=False))
    # the pieces
    b_cows = list(before["cows"]) if before is not None else []
    for cell in view["cows"]:
        c = _cell(cell)
        if c is None:
            continue
        x, y = geo.xy(*c)
        parts.append(_cow(x, y, before is not None and cell not in b_cows, cell))
    rat = _cell(view["rat"])
    if rat is not None:
        x, y = geo.xy(*rat)
        parts.append(_rat(x, y, before is not None and before["rat"] != view["rat"], view["rat"]))
    past = 0
    for p, cell in enumerate(view["elephants"]):
        if cell is None:
            continue
        then = before["elephants"][p] if before is not None and p < len(before["elephants"]) else cell
        ring = before is not None and then != cell and preview is None
        if then is not None and ring and (c0 := _cell(then)) is not None:  # where it came from
            x0, y0 = geo.centre(*c0)
            parts.append(f"<circle class='fe-from' data-player='{p}' cx='{x0}' cy='{y0}' "
                         f"r='{CELL // 2 - 6}' fill='none' stroke='{SEAT_COLOURS[p % 6]}' stroke-width='2' "
                         "stroke-dasharray='4 3'/>")
        if cell == "finish":
            cx, cy = geo.centre(n_rows, past % max(width, 1))
            past += 1
        else:
            c = _cell(cell)
            if c is None:
                continue
            cx, cy = geo.centre(*c)
        parts.append(_elephant(p, cx, cy, ring, esc(t("fe_elephant", lang, who=who(p))), cell))
    for path in trace.get("paths", []) if preview is None else []:
        parts.append(_steps_svg(path, geo))
    if preview is not None:  # the chosen move: dashed paths and ghosts where the pieces will end up
        for path in (preview.get("trace") or {}).get("paths", []):
            parts.append(_path_svg(path, geo, preview=True))
            parts.append(_steps_svg(path, geo))
        for cell in sorted(set(preview.get("cows", [])) - set(view["cows"]), key=str):
            if (c := _cell(cell)) is not None:
                parts.append(_cow(*geo.xy(*c), False, cell, ghost=True))
        if preview.get("rat") != view["rat"] and (c := _cell(preview.get("rat"))) is not None:
            parts.append(_rat(*geo.xy(*c), False, preview["rat"], ghost=True))
        past = sum(e == "finish" for e in view["elephants"])
        for p, (now, then) in enumerate(zip(view["elephants"], preview.get("elephants", []))):
            if then is None or then == now:
                continue
            if then == "finish":
                cx, cy = geo.centre(n_rows, past % max(width, 1))
                past += 1
            elif (c := _cell(then)) is not None:
                cx, cy = geo.centre(*c)
            else:
                continue
            label = esc(t("fe_ghost_of", lang, who=who(p), cell=t("fe_past", lang) if then == "finish" else then))
            parts.append(_elephant(p, cx, cy, False, label, then, ghost=True))
    parts.append("</svg>")
    return "".join(parts)


def track_html(view: dict, before: dict | None, lang: str, who: Who) -> str:
    """The track twice, across for wide screens and up for phones (CSS shows one), so that a phone
    needs no sideways scrolling."""
    return ("<div class='fe-track-wrap'>" + track_svg(view, before, lang, who)
            + track_svg(view, before, lang, who, vertical=True) + "</div>")


def legend(lang: str, view: dict | None = None) -> str:
    """The legend; with a ``view``, the board features it shows come first and those not on this board
    follow apart, greyed, under "not on this board" (a short practice track listed a banana tree,
    a bridge and a river it does not have)."""
    g = game()
    features = {ch: f"<span class='fe-leg-{ch_key}'><span class='fe-key' style='background:{fill}'>{sym or '&nbsp;'}"
                    f"</span>{esc(t(key, lang))}</span>"
                for (ch, (fill, sym, key)), ch_key in zip(FEATURES.items(), ("start", "banana", "bridge", "river",
                                                                            "hole"))}
    features["C"] = (f"<span class='fe-leg-cow'><span class='fe-key' style='background:#fff'><b>C</b></span>"
                     f"{esc(g.card_name('cow', lang))}</span>")
    features["R"] = (f"<span class='fe-leg-rat'><span class='fe-key' style='background:#616161;color:#fff'><b>R</b>"
                     f"</span>{esc(g.card_name('rat', lang))}</span>")
    if view is None:
        here, absent = list(features.values()), []
    else:
        on_board = {ch for row in view["track"]["rows"] for ch in row}
        if view.get("cows"):
            on_board.add("C")
        if view.get("rat"):
            on_board.add("R")
        here = [k for ch, k in features.items() if ch in on_board]
        absent = [k for ch, k in features.items() if ch not in on_board]
    keys = list(here)
    keys.append(f"<span><span class='fe-key' style='background:linear-gradient(90deg,#fff 38%,#d50000 38%,#d50000 62%,#fff 62%)'>"
                f"&nbsp;</span>{esc(t('fe_finish', lang))}</span>")
    keys.append(f"<span><span class='fe-key fe-changed'>&nbsp;</span>{esc(t('fe_moved', lang))}</span>")
    keys.append("<span><span class='fe-key' style='border:none'><svg width='28' height='12' aria-hidden='true'>"
                "<line x1='2' y1='6' x2='20' y2='6' stroke='#37474f' stroke-width='4'/>"
                "<polygon points='27,6 19,1 19,11' fill='#37474f'/></svg></span>"
                f"{esc(t('fe_path', lang))}</span>")
    keys.append("<span><span class='fe-key' style='border:2px dashed #1565c0;border-radius:50%;"
                f"background:rgba(21,101,192,.3)'>&nbsp;</span>{esc(t('fe_ghost', lang))}</span>")
    out = (f"<div class='fe-row fe-legend'><span class='fe-label'>{esc(t('fe_legend', lang))}{colon(lang)}</span>"
           + " ".join(keys) + "</div>")
    if absent:
        out += (f"<div class='fe-row fe-legend fe-legend-absent'><span class='fe-label'>"
                f"{esc(t('fe_not_here', lang))}{colon(lang)}</span>" + " ".join(absent) + "</div>")
    return out


def board(view: dict, before: dict | None, lang: str, who: Who) -> dict[str, str]:
    """The table from a view: the track, what lies on the table, every seat's hand, Cobras and progress."""
    g = game()
    n = view["players"]
    track_name = g.catalog.name("tracks", view["track"]["name"], lang)
    rows_count = len(view["track"]["rows"])
    info = [f"<div class='fe-row fe-muted fe-track-name'>{esc(t('fe_track', lang, name=track_name))}</div>",
            f"<div class='fe-row fe-deck' data-deck='{view['deck_size']}' data-discard='{view['discard_size']}'>"
            f"{esc(t('fe_deck', lang, n=view['deck_size'], d=view['discard_size']))}"]
    if view["discard_top"]:
        info.append(" · " + esc(t("fe_top", lang, card=g.card_name(view["discard_top"], lang))))
    info.append(f" · {esc(t('fe_cobras_free', lang, n=view['cobras_free']))}</div>")
    me = view["player"]
    shown = me is None or view["hands"][me] is not None  # in hotseat, only once the Prayer's player shows their hand
    if view["discard"] is not None and view["decision"] == "prayer" and shown:
        info.append(f"<div class='fe-row fe-discards'><span class='fe-label'>{esc(t('fe_discards', lang))}{colon(lang)}</span>"
                    + "".join(card_chip(c, lang) for c in view["discard"]) + "</div>")
    table = []
    if view["pending"] and view["decision"] == "tiger":  # (later, the card resolving is among those played)
        table.append(f"<div class='fe-pending'>{esc(t('fe_pending', lang, cards=_cards(view['pending'], lang)))}"
                     "</div>")
    for cancel in (view.get("trace") or {}).get("cancelled", []):  # from the engine's Tiger event
        owner, by = cancel.get("owner"), cancel.get("by")
        table.append(f"<div class='fe-tiger-cancel' role='status' data-card='{esc(str(cancel.get('card')))}'>"
                     + esc(t("fe_tiger_cancel", lang, owner=who(owner) if isinstance(owner, int) else "—",
                             card=g.card_name(str(cancel.get("card")), lang),
                             by=who(by) if isinstance(by, int) else "—")) + "</div>")
    if view["cancelled"]:
        table.append(f"<div class='fe-cancelled'><b>{esc(t('fe_cancelled', lang, card=g.card_name(view['cancelled'], lang)))}"
                     "</b></div>")
    if view["played"] and view["played"] != view["pending"]:
        table.append(f"<div class='fe-played'>{esc(t('fe_played', lang, cards=_cards(view['played'], lang)))}</div>")
    if view["decision"] == "cow":
        table.append(f"<div>{esc(t('fe_cows_left', lang, n=view['cow_left']))}</div>")
    if view["owed"]:
        table.append(f"<div class='fe-owed'>{esc(t('fe_owed', lang, who=who(view['active']), n=view['owed']))}</div>")
    on_table = ("<div class='fe-table-cards'>" + "".join(table) + "</div>") if table else ""

    seats = []
    for p in range(n):
        hand, size = view["hands"][p], view["hand_sizes"][p]
        if hand is not None:
            cards = "".join(card_chip(c, lang) for c in hand) or "—"
        else:
            cards = _backs(size) + f" <span class='fe-muted'>{esc(t('hand_hidden', lang))}</span>"
        moved_hand = before is not None and (before["hands"][p] != hand or before["hand_sizes"][p] != size)
        prog = view["progress"][p]
        pct = min(100, round(100 * prog / max(rows_count, 1)))
        left = max(rows_count - prog, 0)
        to_go = t("fe_progress", lang, n=left) if left else t("fe_across", lang)
        mark = ""
        if not view["over"] and view["active"] == p:
            mark = f" <span class='fe-muted'>({esc(t('fe_to_play', lang))})</span>"
        if not view["over"] and view["current_player"] == p and view["active"] != p:
            mark += f" <span class='fe-muted'>({esc(t('fe_deciding', lang))})</span>"
        colour = SEAT_COLOURS[p % 6]
        cur = " fe-current" if view["current_player"] == p else ""
        seats.append(
            f"<div class='fe-seat{cur}' data-player='{p}'>"
            f"<div class='fe-row'><span class='fe-dot' style='background:{colour}'>{p + 1}</span>"
            f"<span class='fe-label'>{esc(who(p))}{mark}</span>"
            f"<span class='fe-bar' title='{esc(to_go)}'>"
            f"<span style='width:{pct}%;background:{colour}'></span></span>"
            f"<span class='fe-progress' data-progress='{prog}'>{esc(to_go)}"
            f"</span> · <span class='fe-cobra-count' data-cobras='{view['cobras'][p]}'>"
            f"{esc(t('fe_cobras', lang, n=view['cobras'][p]))}</span></div>"
            f"<div class='fe-row fe-hand{' fe-changed' if moved_hand else ''}' data-player='{p}' data-size='{size}'>"
            f"<span class='fe-label'>{esc(t('fe_hand_of', lang, who=who(p)))} ({size}){colon(lang)}</span>{cards}</div>"
            "</div>")
    winner = ""
    if view["over"] and view["winner"] is not None:
        winner = f"<div class='fe-row fe-winner'><b>{esc(t('fe_winner', lang, who=who(view['winner'])))}</b></div>"
    return {
        "css": _CSS,
        "track": track_html(view, before, lang, who),
        "legend": legend(lang, view),
        "table": on_table + winner,
        "info": "".join(info),
        "seats": "".join(seats),
    }


def breakdown(game_: Any, view: dict, lang: str, who: Who | None = None):
    """The end of the race as a table (a DataFrame where pandas imports) (from the teacher's view): rows covered, space, Cobras, the winner."""
    who = who or (lambda p: t("player_n", lang, n=p + 1))
    rows = []
    for p in range(view["players"]):
        space = view["elephants"][p]
        rows.append({
            t("fe_col_player", lang): who(p),
            t("fe_col_progress", lang): max(len(view["track"]["rows"]) - view["progress"][p], 0),
            t("fe_col_space", lang): t("fe_past", lang) if space == "finish" else (space or "—"),
            t("fe_col_cobras", lang): view["cobras"][p],
            t("fe_col_cards", lang): view["hand_sizes"][p],
            t("fe_col_winner", lang): t("yes", lang) if view["winner"] == p else t("no", lang),
        })
    return frame(rows)


# ----------------------------------------------------------------- moving --

@cache
def _slugs() -> dict[type, Callable[[Any], str]]:
    """Each kind of move and how its CSS class is made from it."""
    fe = _fe()
    return {
        fe.Place: lambda a: f"fe-place-{fe.cell_name(a.cell)}",
        fe.Play: lambda a: f"fe-play-{a.card}",
        fe.PlayPair: lambda a: f"fe-pair-{a.yellow}-{a.green}",
        fe.Discard: lambda a: "fe-discard-" + "-".join(a.cards),
        fe.Cancel: lambda a: f"fe-cancel-{a.card}",
        fe.Allow: lambda a: "fe-allow",
        fe.Move: lambda a: "fe-move-" + ("-".join(a.steps) or "stay"),
        fe.RatTo: lambda a: f"fe-rat-{fe.cell_name(a.cell)}",
        fe.CowStep: lambda a: f"fe-cow-{fe.cell_name(a.cell)}-{a.direction}",
        fe.StopCows: lambda a: "fe-stop-cows",
        fe.Steal: lambda a: f"fe-steal-{a.victim}",
        fe.Take: lambda a: f"fe-take-{a.card or 'nothing'}",
        fe.Give: lambda a: f"fe-give-{'box' if a.source is None else a.source}-{a.target}",
        fe.EndTurn: lambda a: "fe-end-turn",
    }


def _slug(action: Any) -> str:
    """A CSS class naming a move: fe-play-g3, fe-pair-charge-g3, fe-move-f-f-l, fe-cancel-monkey, fe-allow ..."""
    table = _slugs()
    for kind in type(action).__mro__:
        if kind in table:
            return table[kind](action)
    return "fe-other"


class FormulaEControls(ButtonControls):
    """Moves by clicking (exactly the legal actions the shell gives), grouped: cards to play, the
    discard picker, the steps of a move with where each piece ends up, the Tiger window."""

    prefix = "fe"

    def __init__(self, shell: GameShell):
        super().__init__(shell)
        self.picks: list[w.ToggleButton] = []
        self.discard_button: w.Button | None = None
        self._discards: set = set()

    def slug(self, action: Any) -> str:
        return _slug(action)

    def style_card(self, button: w.Button, card: str) -> None:
        """A card of the hand in its colour, as the board draws it."""
        from tutor.games.formula_e.cards import COLOURS

        bg, fg = CARD_COLOURS.get(COLOURS.get(card, ""), ("#eee", "#111"))
        button.style.button_color = bg
        button.style.text_color = fg

    def preview_text(self, action: Any, lang: str) -> str:
        """Where each piece that moves will end up (from the shell's shown position)."""
        g, shell = game(), self.shell
        now = g.positions(shell.state)
        then = g.preview(shell.state, action)
        if then is None:
            return ""
        out = []
        for p, (a, b) in enumerate(zip(now["elephants"], then["elephants"])):
            if a != b:
                out.append(f"{shell.who(p)} {t('fe_past', lang) if b == 'finish' else b}")
        cows_now, cows_then = set(now["cows"]), set(then["cows"])
        for c in sorted(cows_then - cows_now, key=str):
            out.append(f"{g.card_name('cow', lang)} {c}")
        if now["rat"] != then["rat"]:
            out.append(f"{g.card_name('rat', lang)} {then['rat']}")
        return " → " + (", ".join(out) if out else t("fe_nothing_moves", lang))

    def _discard_picker(self, hand: list, lang: str, actions: list) -> w.VBox:
        fe = _fe()
        self._discards = {a for a in actions if isinstance(a, fe.Discard)}
        self.picks = []
        for card in hand:
            tb = w.ToggleButton(value=False, description=game().card_name(card, lang), layout=w.Layout(width="auto"))
            tb.add_class(f"fe-pick-{card}")
            tb.card = card
            tb.observe(lambda ch: self._picked(), "value")
            self.picks.append(tb)
        self.discard_button = w.Button(description=t("fe_discard_button", lang), button_style="warning",
                                       disabled=True, layout=w.Layout(width="auto"))
        self.discard_button.add_class("fe-discard")
        self.discard_button.on_click(lambda _: self._discard())
        return self._group(t("fe_group_discard", lang), [*self.picks, self.discard_button])

    def chosen_discard(self) -> Any:
        fe = _fe()
        from tutor.games.formula_e.cards import sort_cards

        cards = sort_cards(tb.card for tb in self.picks if tb.value)
        action = fe.Discard(cards)
        return action if action in self._discards else None

    def _picked(self) -> None:
        if self.discard_button is not None:
            self.discard_button.disabled = self.chosen_discard() is None

    def _discard(self) -> None:
        action = self.chosen_discard()
        if action is not None:
            self.shell.play(action)

    # -- the prompt and groups for a decision
    def moves(self, view: dict, actions: list, lang: str) -> tuple[str, list]:
        fe = _fe()
        me = view["current_player"]
        decision = view["decision"]
        self.picks, self.discard_button = [], None
        if not actions:
            # a person's hidden hand: the shell says so (ButtonControls.refresh); a bot's: nothing
            return "", []
        # who decides and what: the status line above says it ("Player 1 to move — ..."); not again here
        head = ""
        row = w.Layout(flex_flow="row wrap")
        if decision == "turn":
            groups = []
            singles = [self._button(a, lang, "success" if a.card[0] in "gp" else "info")
                       for a in actions if isinstance(a, fe.Play)]
            if singles:
                groups.append(self._group(t("fe_group_cards", lang), singles))
            pairs = [self._button(a, lang, "info") for a in actions if isinstance(a, fe.PlayPair)]
            if pairs:
                groups.append(self._group(t("fe_group_pairs", lang), pairs))
            if any(isinstance(a, fe.Discard) for a in actions):
                groups.append(self._discard_picker(view["hands"][me] or [], lang, actions))
            rest = [self._button(a, lang, "warning") for a in actions if isinstance(a, fe.EndTurn)]
            if rest:
                groups.append(w.HBox(rest, layout=row))
            return head, groups
        if decision == "tiger":
            who = self.shell.who(me)
            prompt = t("fe_tiger_prompt", lang, who=who, active=self.shell.who(view["active"]),
                       cards=_cards(view["pending"], lang))
            buttons = [self._button(a, lang, "danger") for a in actions if isinstance(a, fe.Cancel)]
            buttons += [self._button(a, lang, "success") for a in actions if isinstance(a, fe.Allow)]
            return prompt, [self._group(t("fe_group_tiger", lang), buttons)]
        if decision in ("move", "rat", "cow"):
            buttons = [self._button(a, lang, "warning" if isinstance(a, fe.StopCows) else "",
                                    "" if isinstance(a, fe.StopCows) else self.preview_text(a, lang))
                       for a in actions]
            return head, [self._group(t("fe_group_move", lang), buttons)]
        return head, [w.HBox([self._button(a, lang, "warning" if isinstance(a, fe.EndTurn) else "")
                              for a in actions], layout=row)]


# ------------------------------------------------------------------- page --
# The page is the generic one (widgets/page.py); this is all Formula E adds.

from widgets.page import PageSpec  # noqa: E402  (the page skeleton imports nothing of this module)

PAGE = PageSpec(
    game=GAME_NAME,
    board=board,
    controls=FormulaEControls,
    breakdown=breakdown,
    first_example=FIRST_EXAMPLE,
    seats=("person", "greedy", "greedy"),
    # Decisions that show nothing of the player's hand: offered in hotseat without "show my hand".
    # NOT "tiger": a prompt that skipped the hand would tell everybody who holds a Tiger.
    public_decisions=("place", "move", "rat", "cow", "monkey", "snake"),
    css_class="fe-page",
)

# Shorthands the tests use: the stepper, a game shell, the rules panel, the page.
stepper, game_panel, rules_panel, page = PAGE.make_stepper, PAGE.make_shell, PAGE.make_rules, PAGE.make_page
