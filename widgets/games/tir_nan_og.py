"""The Tir Nan Og Wars page: the table drawn in HTML from views, moves by clicking.

Drawing only.  The board draws ``game.view(state, viewer)`` (the shell picks
the viewer: the teacher sees every hand, a seat its own).  Every word about
the game (creature, territory and decision names, actions, narration,
refusals) comes from the engine's catalog; UI chrome (labels, prompts,
buttons) is here.  The buttons hand the legal actions the shell gives them to
``shell.play``, which asks ``game.apply``.  The shell's Hint button asks
``game.advise`` (the search bot's move and why).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tutor import games
from widgets import static
from widgets.panels.common import esc, message
from widgets.panels.controls import ButtonControls, refused_button
from widgets.panels.endgame import frame
from widgets.panels.i18n import add_strings, colon

GAME_NAME = "tir-nan-og"
FIRST_EXAMPLE = "lesson"  # the first lesson, then the examples in order

Who = Callable[[int], str]


def game():
    return games.get(GAME_NAME)


def _tn():
    from tutor.games import tir_nan_og as tn

    return tn


# ------------------------------------------------------------------ chrome --

# this page's own words: they can never replace a shared word of the same key
t = add_strings({
    "bot_search": ("bot: search", "bot: ricerca", "bot : recherche"),
    "tn_display": ("Display", "Esposizione", "Étalage"),
    "tn_deck": ("Creature deck: {n} · discards: {d} · deck run out: {r} of 2",
                "Mazzo creature: {n} · scarti: {d} · mazzo esaurito: {r} volte su 2",
                "Pioche de créatures : {n} · défausse : {d} · pioche épuisée : {r} fois sur 2"),
    "tn_piles": ("Territory piles", "Mazzi dei territori", "Piles de territoires"),
    "tn_pile_count": ("{n} cards", "{n} carte", "{n} cartes"),
    "tn_empty": ("empty", "vuoto", "vide"),
    "tn_value": ("value {v}", "valore {v}", "valeur {v}"),
    "tn_hand_of": ("Hand of {who}", "Mano di {who}", "Main de {who}"),
    "tn_reserve": ("Reserve (value {v} of 7)", "Riserva (valore {v} su 7)", "Réserve (valeur {v} sur 7)"),
    "tn_stack": ("Consolidated", "Consolidati", "Consolidés"),
    "tn_below": ("+{n} below", "+{n} sotto", "+{n} dessous"),
    "tn_below_down": ("({n} face down)", "({n} coperti)", "({n} face cachée)"),
    "tn_face_down": ("face down: 0 points, no power", "coperto: 0 punti, nessun potere",
                     "face cachée : 0 point, aucun pouvoir"),
    "tn_fountains": ("Fountains won: {n}", "Fontane vinte: {n}", "Fontaines gagnées : {n}"),
    "tn_discount": ("next consolidation: one creature less", "prossimo consolidamento: una creatura in meno",
                    "prochaine consolidation : une créature de moins"),
    "tn_none": ("none", "nessuno", "aucun"),
    "tn_seat": ("{who}", "{who}", "{who}"),
    "tn_to_play": ("to play", "di turno", "joue"),
    "tn_points": ("{n} points", "{n} punti", "{n} points"),
    "tn_scores": ("Points · territory value (the tie-break)", "Punti · valore dei territori (lo spareggio)",
                  "Points · valeur des territoires (le départage)"),
    "tn_score_row": ("{who}: {p} points · territory value {v}", "{who}: {p} punti · valore territori {v}",
                     "{who} : {p} points · valeur des territoires {v}"),
    # the dispute
    "tn_dispute": ("Fountain dispute: the {fountain} shows on the {kind} pile",
                   "Disputa della fontana: la {fountain} compare sul mazzo {kind}",
                   "Dispute de la fontaine : la {fountain} apparaît sur la pile {kind}"),
    "tn_revealed_by": ("{who} revealed it; each player declares in turn, clockwise.",
                       "L'ha scoperta {who}; ognuno dichiara a turno, in senso orario.",
                       "{who} l'a révélée ; chacun déclare à son tour, dans le sens horaire."),
    "tn_joins": ("joins", "partecipa", "participe"),
    "tn_stays_out": ("stays out", "resta fuori", "reste dehors"),
    "tn_deciding": ("deciding now", "decide ora", "décide maintenant"),
    "tn_waiting": ("still to declare", "deve ancora dichiarare", "doit encore déclarer"),
    "tn_last_dispute": ("Hands revealed in the last dispute", "Mani rivelate nell'ultima disputa",
                        "Mains révélées lors de la dernière dispute"),
    "tn_no_card": ("no card", "nessuna carta", "aucune carte"),
    "tn_counted": ("counts {symbols}: majorities {counts}", "conta {symbols}: maggioranze {counts}",
                   "compte {symbols} : majorités {counts}"),
    "tn_owed": ("{who} must discard {n} more", "{who} deve scartare ancora {n}",
                "{who} doit encore défausser {n}"),
    "tn_over_winner": ("Winner: {who}", "Vincitore: {who}", "Gagnant : {who}"),
    # moves
    "tn_prompt_turn": ("One action: take 2 creatures, take a visible territory, or consolidate.",
                       "Una azione: prendi 2 creature, prendi un territorio visibile, o consolida.",
                       "Une action : prendre 2 créatures, prendre un territoire visible, ou consolider."),
    "tn_group_take": ("Take creatures", "Prendi creature", "Prendre des créatures"),
    "tn_group_territory": ("Take a territory", "Prendi un territorio", "Prendre un territoire"),
    "tn_group_consolidate": ("Consolidate", "Consolida", "Consolider"),
    # end table
    "tn_col_player": ("Player", "Giocatore", "Joueur"),
    "tn_col_points": ("Points", "Punti", "Points"),
    "tn_col_value": ("Territory value (tie-break)", "Valore territori (spareggio)",
                     "Valeur des territoires (départage)"),
    "tn_col_stack": ("Consolidated territories", "Territori consolidati", "Territoires consolidés"),
    "tn_col_fountains": ("Fountains", "Fontane", "Fontaines"),
    "tn_col_winner": ("Winner", "Vincitore", "Gagnant"),
}, namespace="tir-nan-og")

# Each species: background, text colour and a symbol, so species are told
# apart without colour vision (the name is always written too).
SPECIES_STYLE = {
    "dragon": ("#b71c1c", "#fff", "♨"),
    "elf": ("#1b5e20", "#fff", "♠"),
    "fairy": ("#6a1b9a", "#fff", "✿"),
    "griffin": ("#8d6e00", "#fff", "✦"),
    "centaur": ("#0d47a1", "#fff", "♞"),
    "?": ("#eeeeee", "#111", "?"),
}
# Each territory kind: a border colour and a symbol.
KIND_STYLE = {
    "plain": ("#9e9d24", "▬"),
    "castle": ("#455a64", "♜"),
    "forest": ("#2e7d32", "♣"),
    "river": ("#1565c0", "≈"),
    "temple": ("#6d4c41", "⌂"),
    "volcano": ("#c62828", "▲"),
    "fountain": ("#00838f", "❂"),
}

_CSS = '<style>' + static.text('tir_nan_og.css') + '</style>'


def creature_chip(card: str, lang: str, small: bool = False) -> str:
    """A creature (or a '?' symbol): its symbol and the engine's name on its species' colour."""
    bg, fg, icon = SPECIES_STYLE.get(card, ("#fff", "#111", "•"))
    if card == "?":
        name = "?"
    else:
        name = game().catalog.name("symbols" if small else "cards", card, lang)
    cls = "tn-sym" if small else "tn-chip"
    tip = f" title='{esc(_any_creature(lang))}'" if card == "?" else ""
    return (f"<span class='{cls} tn-{esc(card) if card != '?' else 'any'}' data-card='{esc(card)}'{tip} "
            f"style='background:{bg};color:{fg}'>{icon if card != '?' else ''} {esc(name)}</span>")


ANY_RULE = "tir-nan-og/consolidate/any-creature"


def _any_creature(lang: str) -> str:
    """The rule saying a '?' takes any creature, in ``lang`` (its text, from the engine's rules)."""
    return game().rules[ANY_RULE].wording(lang)[1]


def kind_name(kind: str, lang: str) -> str:
    return game().catalog.name("kinds", kind, lang)


def territory_chip(card: str, view: dict, lang: str, face_up: bool = True) -> str:
    """A territory card: the kind's symbol and name, its value and its creature symbols (a fountain: 4 points)."""
    info = view.get("territory_cards", {}).get(card)
    kind = info["kind"] if info else "fountain"
    colour, icon = KIND_STYLE.get(kind, ("#333", "•"))
    parts = [f"<span class='tn-kind'>{icon} {esc(kind_name(kind, lang))}</span>"]
    if info:
        parts.append(f"<span class='tn-muted'>{esc(t('tn_value', lang, v=info['value']))}</span>")
        parts.append("".join(creature_chip(c, lang, small=True) for c in info["symbols"]))
    down = ""
    if not face_up:
        parts.append(f"<span class='tn-muted'>{esc(t('tn_face_down', lang))}</span>")
        down = " tn-down"
    return (f"<span class='tn-terr tn-terr-{esc(kind)}{down}' data-card='{esc(card)}' "
            f"style='border-color:{colour}'>{' '.join(parts)}</span>")


def editor_item(card: str, lang: str) -> dict:
    """A card of the position editor's palette as the board draws it: its symbol, its name and its
    colours (a territory: its kind, number, value and creature symbols in the tip)."""
    if card in SPECIES_STYLE and card != "?":
        bg, fg, icon = SPECIES_STYLE[card]
        name = game().catalog.name("cards", card, lang)
        return {"label": f"{icon} {name}", "tip": name, "bg": bg, "fg": fg}
    kind, _, number = card.partition("-")
    if kind == "fountain":
        colour, icon = KIND_STYLE["fountain"]
        label = f"{icon} {kind_name('fountain', lang)} ({kind_name(number, lang)})"
        return {"label": label, "tip": label, "bg": colour, "fg": "#fff"}
    colour, icon = KIND_STYLE.get(kind, ("#333", "•"))
    info = _tn().TERRITORIES.get(card)
    tip = f"{kind_name(kind, lang)} {number}"
    if info is not None:
        symbols = ", ".join(game().catalog.name("symbols", c, lang) for c in info.symbols)
        tip += f" · {t('tn_value', lang, v=info.value)} · {symbols}"
    return {"label": f"{icon} {kind_name(kind, lang)} {number}", "tip": tip, "bg": colour, "fg": "#fff"}


def _changed(flag: bool) -> str:
    return " tn-changed" if flag else ""


def _default_who(lang: str) -> Who:
    return lambda p: game().catalog.name("players", "seat", lang).format(n=p + 1)


def _backs(n: int) -> str:
    return "".join("<span class='tn-back'></span>" for _ in range(n))


def board(view: dict, before: dict | None, lang: str = "en", who: Who | None = None) -> dict[str, str]:
    """The table from one view: display, piles, the dispute, every seat, the scores."""
    who = who or _default_who(lang)
    n = view["players"]
    b = before

    # --- the creature deck and the display
    deck = t("tn_deck", lang, n=view["deck_size"], d=len(view["discard"]), r=view["runouts"])
    info = (f"<div class='tn-row tn-info'>{esc(deck)}"
            "</div>")
    moved = b is not None and b["display"] != view["display"]
    display = (f"<div class='tn-row tn-display{_changed(moved)}'>"
               f"<span class='tn-label'>{esc(t('tn_display', lang))}{colon(lang)}</span>"
               + ("".join(creature_chip(c, lang) for c in view["display"]) or "—") + "</div>")

    # --- the six territory piles: the top visible, the rest counted
    piles = [f"<div class='tn-label'>{esc(t('tn_piles', lang))}</div><div class='tn-row tn-piles'>"]
    for i, pile in enumerate(view["piles"]):
        moved = b is not None and b["piles"][i] != pile
        top = pile["top"]
        face = territory_chip(top, view, lang) if top else f"<span class='tn-muted'>{esc(t('tn_empty', lang))}</span>"
        piles.append(f"<div class='tn-pile{_changed(moved)}' data-kind='{esc(pile['kind'])}' "
                     f"data-size='{pile['size']}'>"
                     f"{face}<div class='tn-muted'>{esc(t('tn_pile_count', lang, n=pile['size']))}</div></div>")
    piles.append("</div>")
    # what a '?' on a territory means, in the engine's words (rule any-creature), under the piles
    piles.append(f"<div class='tn-muted tn-any-key'><span class='tn-sym tn-any'>?</span> "
                 f"{esc(_any_creature(lang))}</div>")

    # --- the dispute, as its own moment
    dispute = ""
    d = view.get("dispute")
    if d:
        fountain = d["fountain"]
        pile_kind = fountain.split("-", 1)[1] if isinstance(fountain, str) and "-" in fountain else ""
        revealer = view["turn"]
        asked = d["asked"]
        rows = []
        for k in range(n):
            p = (revealer + k) % n
            if p in d["joined"]:
                state, cls = t("tn_joins", lang), "joined"
            elif asked and p == asked[0]:
                state, cls = t("tn_deciding", lang), "deciding"
            elif p in asked:
                state, cls = t("tn_waiting", lang), "waiting"
            else:
                state, cls = t("tn_stays_out", lang), "out"
            rows.append(f"<span class='tn-decl tn-decl-{cls}' data-player='{p}' data-declared='{cls}'>"
                        f"{esc(who(p))}{colon(lang)} {esc(state)}</span>")
        title = t("tn_dispute", lang, fountain=kind_name("fountain", lang), kind=kind_name(pile_kind, lang))
        dispute = (f"<div class='tn-dispute' data-fountain='{esc(fountain)}'>"
                   f"<div class='tn-label'>{KIND_STYLE['fountain'][1]} {esc(title)}"
                   f"</div><div>{esc(t('tn_revealed_by', lang, who=who(revealer)))}</div>"
                   f"<div class='tn-row'>{''.join(rows)}</div></div>")
    if view["shown"]:
        dispute += _revealed(view, before, lang, who)
    owed = view.get("owed")
    if owed:
        dispute += (f"<div class='tn-row tn-owed' data-player='{owed['player']}'>"
                    f"{message('info', t('tn_owed', lang, who=who(owed['player']), n=owed['count']))}</div>")

    # --- every seat: hand, reserve, consolidated stack, fountains
    seats = []
    for p in range(n):
        hand = view["hands"][p]
        size = view["hand_sizes"][p]
        if hand is not None:
            cards = "".join(creature_chip(c, lang) for c in hand) or "—"
        else:
            cards = _backs(size) + f" <span class='tn-muted'>{esc(t('hand_hidden', lang))}</span>"
        moved_hand = b is not None and (b["hands"][p] != hand or b["hand_sizes"][p] != size)
        reserve = "".join(territory_chip(c, view, lang) for c in view["reserves"][p]) or esc(t("tn_none", lang))
        moved_res = b is not None and b["reserves"][p] != view["reserves"][p]
        stack = view["stacks"][p]
        if stack:
            top = stack[-1]
            below = stack[:-1]
            downs = sum(1 for c in below if not c["face_up"])
            rest = ""
            if below:
                rest = (f" <span class='tn-muted tn-below' data-below='{len(below)}'>"
                        f"{esc(t('tn_below', lang, n=len(below)))}")
                if downs:
                    rest += " " + esc(t("tn_below_down", lang, n=downs))
                rest += "</span>"
            stack_html = territory_chip(top["card"], view, lang, face_up=top["face_up"]) + rest
        else:
            stack_html = esc(t("tn_none", lang))
        moved_stack = b is not None and b["stacks"][p] != stack
        fountains = len(view["fountains"][p])
        extra = (f" <span class='tn-muted'>· {esc(t('tn_discount', lang))}</span>" if view["discount"][p] else "")
        current = view["current_player"] == p
        turn_mark = (f" <span class='tn-muted'>({esc(t('tn_to_play', lang))})</span>"
                     if view["turn"] == p and not view["over"] else "")
        seats.append(
            f"<div class='tn-seat{' tn-current' if current else ''}' data-player='{p}'>"
            f"<div class='tn-label'>{esc(who(p))}{turn_mark} — {esc(t('tn_points', lang, n=view['scores'][p]))}</div>"
            f"<div class='tn-row tn-hand{_changed(moved_hand)}' data-player='{p}'>"
            f"<span class='tn-label'>{esc(t('tn_hand_of', lang, who=who(p)))} "
            f"(<span class='tn-count'>{size}</span>){colon(lang)}</span>"
            f"{cards}</div>"
            f"<div class='tn-row tn-reserve{_changed(moved_res)}' data-player='{p}'>"
            f"<span class='tn-label'>{esc(t('tn_reserve', lang, v=view['reserve_values'][p]))}{colon(lang)}</span>"
            f"{reserve}{extra}</div>"
            f"<div class='tn-row tn-stack{_changed(moved_stack)}' data-player='{p}' data-size='{len(stack)}'>"
            f"<span class='tn-label'>{esc(t('tn_stack', lang))}{colon(lang)}</span>{stack_html}</div>"
            f"<div class='tn-row tn-fountains' data-player='{p}' data-fountains='{fountains}'>"
            f"{KIND_STYLE['fountain'][1]} {esc(t('tn_fountains', lang, n=fountains))}</div>"
            "</div>")

    # --- scores and the tie-break
    score_rows = [f"<div class='tn-label'>{esc(t('tn_scores', lang))}</div>"]
    for p in range(n):
        points, value = view["scores"][p], view["territory_values"][p]
        score_rows.append(f"<div class='tn-row tn-score' data-player='{p}' data-score='{points}' "
                          f"data-value='{value}'>"
                          f"{esc(t('tn_score_row', lang, who=who(p), p=points, v=value))}"
                          "</div>")
    if view["over"]:
        score_rows.append(f"<div class='tn-row tn-winner'><b>"
                          f"{esc(t('tn_over_winner', lang, who=', '.join(who(p) for p in view['winners'])))}</b></div>")
    return {
        "css": _CSS,
        "dispute": dispute,  # the dispute first: while it lasts it is the moment of the game
        "info": info,
        "display": display,
        "piles": "".join(piles),
        "seats": "".join(seats),
        "scores": "".join(score_rows),
    }


def _revealed(view: dict, before: dict | None, lang: str, who: Who) -> str:
    """The hands the last dispute's participants revealed (public); their counted
    symbols and majorities are drawn at the moment the dispute is settled, while
    each participant's consolidated top is still the one that counted."""
    tn = _tn()
    settled_now = before is not None and before.get("dispute") is not None and view.get("dispute") is None
    rows = [f"<div class='tn-label'>{esc(t('tn_last_dispute', lang))}</div>"]
    for entry in view["shown"]:
        p, hand = entry["player"], entry["hand"]
        line = "".join(creature_chip(c, lang) for c in hand) or esc(t("tn_no_card", lang))  # an empty hand, said
        if settled_now and before is not None:
            top = before["tops"][p]
            symbols = list(hand)
            if top is not None and top["face_up"]:
                info = view["territory_cards"].get(top["card"])
                symbols += [c for c in (info["symbols"] if info else []) if c != "?"]
            counts = tn.majorities(symbols)
            counted = ", ".join(game().catalog.name("symbols", c, lang) for c in symbols)
            line += (f" <span class='tn-counted' data-majorities='{'-'.join(map(str, counts))}'>"
                     f"{esc(t('tn_counted', lang, symbols=counted, counts=', '.join(map(str, counts))))}</span>")
        rows.append(f"<div class='tn-row tn-shown' data-player='{p}'><span class='tn-label'>{esc(who(p))}{colon(lang)}</span>"
                    f"{line}</div>")
    return "<div class='tn-revealed'>" + "".join(rows) + "</div>"


def breakdown(game_: Any, view: dict, lang: str, who: Who | None = None):
    """The end of the game as a table (a DataFrame where pandas imports) (from the teacher's view): points, the territory-value tie-break."""
    who = who or _default_who(lang)
    win = set(view["winners"])
    rows = []
    for p in range(view["players"]):
        stack = ", ".join(
            game_.card_name(c["card"], lang) + ("" if c["face_up"] else f" ({t('tn_face_down', lang)})")
            for c in view["stacks"][p]) or "—"
        rows.append({
            t("tn_col_player", lang): who(p),
            t("tn_col_points", lang): view["scores"][p],
            t("tn_col_value", lang): view["territory_values"][p],
            t("tn_col_fountains", lang): len(view["fountains"][p]),
            t("tn_col_stack", lang): stack,
            t("tn_col_winner", lang): t("yes", lang) if p in win else t("no", lang),
        })
    return frame(rows)


# ----------------------------------------------------------------- moving --


def _slug(action: Any) -> str:
    """A CSS class naming a move: tn-take-dragon-elf, tn-territory-castle, tn-consolidate-castle-elf-griffin ..."""
    tn = _tn()
    if isinstance(action, tn.TakeCreatures):
        return "tn-take-" + "-".join(action.cards)
    if isinstance(action, tn.TakeTerritory):
        return f"tn-territory-{action.kind}"
    if isinstance(action, tn.Consolidate):
        return "-".join(("tn-consolidate", action.kind, *action.pay)) if action.pay else f"tn-consolidate-{action.kind}"
    if isinstance(action, tn.Join):
        return "tn-join"
    if isinstance(action, tn.StayOut):
        return "tn-stay-out"
    if isinstance(action, tn.Discard):
        return f"tn-discard-{action.card}"
    return "tn-pass"


class TirNanOgControls(ButtonControls):
    """Moves by clicking (exactly the legal actions the shell gives), grouped by kind.

    The hint is the shell's one Hint button: :mod:`tutor.hints` asks ``game.advise``,
    the search bot's move and its reason."""

    prefix = "tn"

    def slug(self, action: Any) -> str:
        return _slug(action)

    def moves(self, view: dict, actions: list, lang: str) -> tuple[str, list]:
        tn = _tn()
        decision = view["decision"]
        g = game()
        if not actions:
            # a person's hidden hand: the shell says so (ButtonControls.refresh); a bot's: nothing
            return "", []
        head = ""  # who decides and what: the status line says it, not the moves' heading again
        if decision == "turn":
            groups = []
            for cls, title, style in ((tn.TakeCreatures, "tn_group_take", ""),
                                      (tn.TakeTerritory, "tn_group_territory", "info"),
                                      (tn.Consolidate, "tn_group_consolidate", "success")):
                buttons = [self._button(a, lang, style) for a in actions if isinstance(a, cls)]
                if cls is tn.TakeTerritory:  # a pile's territory the rules refuse now: greyed, with why
                    open_kinds = {a.kind for a in actions if isinstance(a, cls)}
                    buttons += [refused_button(g, self.shell.state, tn.TakeTerritory(kind),
                                               g.action_text(tn.TakeTerritory(kind), lang), lang,
                                               f"tn-territory-{kind}", self.shell)
                                for kind in dict.fromkeys(p["kind"] for p in view.get("piles", ()) if p.get("top"))
                                if kind not in open_kinds]
                if buttons:
                    groups.append(self._group(t(title, lang), buttons))
            rest = [self._button(a, lang, "warning") for a in actions if isinstance(a, tn.Pass)]
            if rest:
                groups.append(w.HBox(rest))
            # what a turn is, not the status line again ("Player 1 to move — take creatures, ...")
            return t('tn_prompt_turn', lang), groups
        if decision == "dispute":
            return head, [w.HBox([self._button(a, lang, "success" if isinstance(a, tn.Join) else "warning")
                                  for a in actions], layout=w.Layout(flex_flow="row wrap"))]
        return head, [w.HBox([self._button(a, lang) for a in actions], layout=w.Layout(flex_flow="row wrap"))]


# ------------------------------------------------------------------- page --
# The page is the generic one (widgets/page.py); this is all Tir Nan Og Wars adds.

from widgets.page import PageSpec  # noqa: E402  (the page skeleton imports nothing of this module)

PAGE = PageSpec(
    game=GAME_NAME,
    board=board,
    controls=TirNanOgControls,
    breakdown=breakdown,
    first_example=FIRST_EXAMPLE,
    seats=("person", "search"),
    css_class="tn-page",
)

# Shorthands the tests use: the stepper, a game shell, the rules panel, the page.
stepper, game_panel, rules_panel, page = PAGE.make_stepper, PAGE.make_shell, PAGE.make_rules, PAGE.make_page
