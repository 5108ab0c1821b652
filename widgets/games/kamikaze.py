"""The Kamikaze Attack page: the table drawn in HTML from views, cards played by clicking.

Drawing only.  The board draws ``game.view(state, viewer)`` (the shell picks
the viewer: the teacher sees every card, a seat its own hand; a card
committed face down is a card back for everyone else).  Every word about the
game (card, deck and decision names, narration, refusals, actions) comes
from the engine's catalog; UI chrome (labels, prompts, buttons) is here.
The buttons hand the legal actions the shell gives them to ``shell.play``,
which asks ``game.apply``.  The shell's Hint button asks the exact coach
(:func:`tutor.games.kamikaze.coaching.advice`, through ``game.advise``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from tutor import games
from widgets import static
from widgets.panels.common import esc
from widgets.panels.controls import hand_row, refusals_html
from widgets.panels.endgame import frame
from widgets.panels.i18n import add_strings, colon
from widgets.panels.shell import GameShell

GAME_NAME = "kamikaze-attack"
FIRST_EXAMPLE = "lesson"  # the guided first game, then the examples in order


def game():
    return games.get(GAME_NAME)


def _k():
    from tutor.games import kamikaze as k

    return k


# ------------------------------------------------------------------ chrome --

# this page's own words: they can never replace a shared word of the same key
t = add_strings({
    "ka_title": ("Kamikaze Attack", "Kamikaze Attack", "Kamikaze Attack"),
    "bot_coach": ("bot: coach", "bot: allenatore", "bot : entraîneur"),
    "ka_deck": ("Deck {n}", "Mazzo {n}", "Paquet {n}"),
    # the shell's ruleset chooser (until it takes the names from the engine's catalog)
    "ruleset_base": ("Base game", "Gioco base", "Jeu de base"),
    "ruleset_expansion": ("Expansion", "Espansione", "Extension"),
    # the table
    "ka_hand_of": ("Hand of {who}", "Mano di {who}", "Main de {who}"),
    "ka_grave_of": ("Graveyard of {who}: {n}", "Cimitero di {who}: {n}", "Cimetière de {who} : {n}"),
    "ka_field": ("Field", "Campo", "Terrain"),
    "ka_face_down": ("face down", "coperta", "face cachée"),
    "ka_held": ("Sapper held on the field: its player cannot play a new card",
                "Geniere trattenuto in campo: il suo giocatore non può giocare altre carte",
                "Sapeur retenu sur le terrain : son joueur ne peut pas jouer d'autre carte"),
    "ka_no_card": ("no card yet", "nessuna carta", "pas encore de carte"),
    "ka_duel_of": ("Duel {n}: {a} against {b}", "Duello {n}: {a} contro {b}", "Duel {n} : {a} contre {b}"),
    "ka_to_decide": ("{who}: {decision}", "{who}: {decision}", "{who} : {decision}"),
    "ka_over_why": ("Game over: {why}", "Partita finita: {why}", "Partie terminée : {why}"),
    "ka_last_duel": ("Last duel ({n})", "Ultimo duello ({n})", "Dernier duel ({n})"),
    "ka_no_duel_yet": ("No duel fought yet.", "Nessun duello ancora.", "Aucun duel encore."),
    "ka_seen": ("{viewer}'s Librarian saw the hand of {who}: ", "Il Bibliotecario di {viewer} ha visto la mano di {who}: ",
                "Le Bibliothécaire de {viewer} a vu la main de {who} : "),
    "ka_score_line": ("Graveyards (the score)", "Cimiteri (il punteggio)", "Cimetières (le score)"),
    "ka_legend": ("Kinds: ⚔ swordsman-like · ⬟ shieldbearer-like · ➶ archer · ✹ kamikaze",
                  "Tipi: ⚔ come lo Spadaccino · ⬟ come lo Scudiero · ➶ arciere · ✹ kamikaze",
                  "Types : ⚔ comme l'Épéiste · ⬟ comme le Porte-bouclier · ➶ archer · ✹ kamikaze"),
    # moves
    "ka_prompt_challenge": ("Choose the opponent to challenge:", "Scegli l'avversario da sfidare:",
                            "Choisissez l'adversaire à défier :"),
    # not the status line's "set a card aside, face down" again, only what it leaves out
    "ka_prompt_commit": ("Your card stays face down: the other player does not see it.",
                         "La tua carta resta coperta: l'altro giocatore non la vede.",
                         "Votre carte reste face cachée : l'autre joueur ne la voit pas."),
    "ka_prompt_familiar": ("Your Familiar faces the {card}: keep it, or swap it for a card in hand:",
                           "Il tuo Famiglio affronta {card}: tienilo o scambialo con una carta in mano:",
                           "Votre Familier affronte {card} : gardez-le, ou échangez-le contre une carte en main :"),
    "ka_prompt_cleric": ("Your Cleric retreated: take a card back from {who}'s graveyard, or nothing:",
                         "Il tuo Chierico si è ritirato: riprendi una carta dal cimitero di {who}, o niente:",
                         "Votre Clerc s'est retiré : reprenez une carte du cimetière de {who}, ou rien :"),
    "ka_prompt_repeat": ("You played the {card} twice here and nothing {who} can do answers it. "
                         "End the game in a stalemate (the cards stay in hand), or play on with another card?",
                         "Hai giocato {card} due volte qui e nulla di ciò che {who} può fare cambia qualcosa. "
                         "Terminare la partita in stallo (le carte restano in mano) o continuare con un'altra carta?",
                         "Vous avez joué {card} deux fois ici et rien de ce que {who} peut faire n'y change rien. "
                         "Finir la partie sur une impasse (les cartes restent en main) ou continuer avec une "
                         "autre carte ?"),
    # end table
    "ka_col_player": ("Player", "Giocatore", "Joueur"),
    "ka_col_deck": ("Deck", "Mazzo", "Paquet"),
    "ka_col_grave": ("Graveyard (score)", "Cimitero (punti)", "Cimetière (score)"),
    "ka_col_hand": ("Cards in hand", "Carte in mano", "Cartes en main"),
    "ka_col_cards": ("Graveyard cards", "Carte nel cimitero", "Cartes du cimetière"),
    "ka_col_winner": ("Winner", "Vincitore", "Gagnant"),
    "ka_face_down_move": ("a card set aside, face down", "una carta messa da parte, coperta",
                          "une carte posée de côté, face cachée"),
}, namespace="kamikaze-attack")

# Each kind of duel (what a card fights "like"): colour, text colour, icon.
# The icon and the card's letter tell kinds apart without colour vision.
KIND_STYLE = {
    "swordsman": ("#b71c1c", "#fff", "⚔"),
    "shieldbearer": ("#0d47a1", "#fff", "⬟"),
    "archer": ("#1b5e20", "#fff", "➶"),
    "kamikaze": ("#212121", "#ffd54f", "✹"),
}
# the expansion cards' own marks, beside their kind's icon
POWER_ICON = {"librarian": "✎", "cleric": "✚", "familiar": "☥", "sapper": "⚒", "paladin": "⚜", "bard": "♫"}


def card_name(card: str, lang: str = "en") -> str:
    """The engine's name of a card in ``lang``."""
    return game().card_name(card, lang)


def _name(kind: str, key: str, lang: str) -> str:
    """A deck, ruleset, end or outcome name from the engine's catalog."""
    return game().catalog.name(kind, key, lang)


def card_label(card: str, lang: str = "en") -> str:
    """Plain-text label for buttons: icon(s), letter, name."""
    k = _k()
    icon = KIND_STYLE[k.LIKE[card]][2] + POWER_ICON.get(card, "")
    return f"{icon} {k.LETTERS[card]} · {card_name(card, lang)}"


def chip(card: str, lang: str = "en", extra: str = "", note: str = "") -> str:
    """A card face: its kind's colour and icon, its letter and its name."""
    k = _k()
    kind = k.LIKE[card]
    bg, fg, icon = KIND_STYLE[kind]
    power = POWER_ICON.get(card, "")
    note_html = f" <span class='ka-note'>({esc(note)})</span>" if note else ""
    return (f"<span class='ka-card ka-kind-{kind} {extra}' data-card='{esc(card)}' "
            f"style='background:{bg};color:{fg}' title='{esc(card_name(card, lang))}'>"
            f"<span class='ka-icon'>{icon}{power}</span><span class='ka-letter'>{esc(k.LETTERS[card])}</span>"
            f"{esc(card_name(card, lang))}{note_html}</span>")


def back(lang: str = "en", extra: str = "") -> str:
    """A card seen from the back."""
    return (f"<span class='ka-card ka-back {extra}' title='{esc(t('ka_face_down', lang))}'>"
            f"<span class='ka-icon'>?</span></span>")



_CSS = '\n<style>' + static.text('kamikaze.css') + '</style>\n'




# ----------------------------------------------------------------- drawing --

Who = Callable[[int], str]


def _default_who(lang: str) -> Who:
    return lambda p: t("player_n", lang, n=p + 1)


def _changed(cls: bool) -> str:
    return " ka-changed" if cls else ""


def board(view: dict, before: dict | None = None, lang: str = "en", who: Who | None = None) -> dict[str, str]:
    """The table as HTML sections from a view: whose duel, the field, the last duel, hands, graveyards.

    A hand the view does not show (None) is drawn as card backs, and so is a
    card its owner committed face down; the other seats' face-down cards come
    as "hidden" already.  What changed since ``before`` (the previous
    position's view) is outlined.
    """
    who = who or _default_who(lang)
    n = view["players"]
    hands = view["hands"]
    ch = before is not None and before.get("players") == n

    # --- whose duel it is
    if view["over"]:
        head = esc(t("ka_over_why", lang, why=_name("ends", view["end"], lang)) if view["end"] else t("game_over", lang))
    else:
        duel = (esc(t("ka_duel_of", lang, n=view["duels"] + 1, a=who(view["active"]), b=who(view["opponent"])))
                if view["opponent"] is not None else "")
        cur = view["current_player"]
        # who decides what: the game's status line says it too (widgets/common.py hides it there)
        decides = (f"<span class='rt-to-decide'>{' · ' if duel else ''}"
                   f"{esc(t('ka_to_decide', lang, who=who(cur), decision=game().decision_name(view['decision'], lang)))}"
                   "</span>") if cur is not None else ""
        head = duel + decides
    decks = " · ".join(f"{who(p)}{colon(lang)} {_name('decks', d, lang)}" for p, d in enumerate(view["decks"]))
    info = (f"<div class='ka-info' data-phase='{esc(view['phase'])}'><b>{head}</b>"
            f"<div class='ka-legend'>{esc(_name('rulesets', view['ruleset'], lang))} · {esc(decks)}</div>"
            f"<div class='ka-legend'>{esc(t('ka_legend', lang))}</div></div>")

    # --- the field: committed cards (face down until revealed) and held Sappers
    slots = []
    in_duel = {view["active"], view["opponent"]} if view["opponent"] is not None else set()
    for p in range(n):
        card = view["field"][p]
        if card is None and p not in in_duel:
            continue
        moved = ch and before is not None and (before["field"][p] != card or before["hidden"][p] != view["hidden"][p])
        if card is None:
            face = f"<span class='ka-hidden'>{esc(t('ka_no_card', lang))}</span>"
        elif card == "hidden" or (view["hidden"][p] and hands[p] is None):
            face = back(lang, "ka-facedown")
        elif view["hidden"][p]:
            face = chip(card, lang, "ka-facedown", t("ka_face_down", lang))
        elif view["held"][p]:
            face = chip(card, lang, "ka-held") + f"<div class='ka-legend'>{esc(t('ka_held', lang))}</div>"
        else:
            face = chip(card, lang)
        slots.append(f"<div class='ka-slot{_changed(moved)}' data-player='{p}'>"
                     f"<div class='ka-label'>{esc(who(p))}</div>{face}</div>")
    vs = "<span class='ka-vs'>⚔</span>"
    field = (f"<div class='ka-row'><span class='ka-label'>{esc(t('ka_field', lang))}</span>"
             f"<div class='ka-field'>{vs.join(slots) if slots else esc(t('ka_no_card', lang))}</div></div>")

    # --- the last duel's result
    last_duel = view["last_duel"]
    if last_duel:
        pa, pb = last_duel["players"]
        ca, cb = last_duel["cards"]
        outcome = last_duel["outcome"]
        winner = last_duel["winner"]
        result = _name("outcomes", outcome, lang).format(winner=who(winner) if winner is not None else "")
        fresh = ch and before is not None and before["last_duel"] != last_duel
        last = (f"<div class='ka-last ka-row{_changed(fresh)}' data-outcome='{esc(outcome)}'>"
                f"<span class='ka-label'>{esc(t('ka_last_duel', lang, n=last_duel['duel']))}{colon(lang)}</span>"
                f"{esc(who(pa))} {chip(ca, lang)} {vs} {chip(cb, lang)} {esc(who(pb))}"
                f" → <b class='ka-result'>{esc(result)}</b></div>")
    else:
        last = f"<div class='ka-last ka-row'>{esc(t('ka_no_duel_yet', lang))}</div>"

    # --- hands
    rows = []
    for p in range(n):
        size = view["hand_sizes"][p]
        moved = ch and before is not None and (before["hands"][p] != hands[p] or before["hand_sizes"][p] != size)
        if hands[p] is not None:
            cards = "".join(chip(c, lang) for c in hands[p]) or "—"
        else:
            cards = ("".join(back(lang) for _ in range(size))
                     + f" <span class='ka-hidden'>{esc(t('hand_hidden', lang))}</span>")
        seen = ""
        if hands[p] is not None:  # what this seat's Librarians showed it, while its hand is on show
            for entry in view["seen"]:
                if entry.get("viewer") == p:
                    seen += (f"<div class='ka-legend'>{esc(t('ka_seen', lang, viewer=who(p), who=who(entry['player'])))}"
                             + "".join(chip(c, lang) for c in entry["hand"]) + "</div>")
        rows.append(f"<div class='ka-row ka-hand{_changed(moved)}' data-player='{p}'>"
                    f"<span class='ka-label'>{esc(t('ka_hand_of', lang, who=who(p)))} "
                    f"(<span class='ka-count'>{size}</span>){colon(lang)}</span>{cards}{seen}</div>")

    # --- graveyards (face up: they are the score)
    graves = [f"<div class='ka-label'>{esc(t('ka_score_line', lang))}</div>"]
    for p in range(n):
        g = view["graveyards"][p]
        moved = ch and before is not None and before["graveyards"][p] != g
        graves.append(f"<div class='ka-row ka-grave{_changed(moved)}' data-player='{p}' data-score='{len(g)}'>"
                      f"<span class='ka-label'>{esc(t('ka_grave_of', lang, who=who(p), n=len(g)))}</span>"
                      + ("".join(chip(c, lang) for c in g) or "—") + "</div>")
    return {
        "css": _CSS,
        "info": info,
        "field": field,
        "last": last,
        "hands": "".join(rows),
        "graves": "".join(graves),
    }


def breakdown(game_: Any, view: dict, lang: str, who: Who | None = None):
    """The end of the game as a table (a DataFrame where pandas imports) (from the teacher's view): graveyards, hands, the winner."""
    who = who or _default_who(lang)
    win = set(view["winners"])
    rows = []
    for p in range(view["players"]):
        rows.append({
            t("ka_col_player", lang): who(p),
            t("ka_col_deck", lang): game_.catalog.name("decks", view["decks"][p], lang),
            t("ka_col_grave", lang): len(view["graveyards"][p]),
            t("ka_col_hand", lang): view["hand_sizes"][p],
            t("ka_col_cards", lang): ", ".join(game_.card_name(c, lang) for c in view["graveyards"][p]) or "—",
            t("ka_col_winner", lang): t("yes", lang) if p in win else t("no", lang),
        })
    return frame(rows)


# ----------------------------------------------------------------- moving --


class KamikazeControls(w.VBox):
    """Moves by clicking.

    ``refresh(view, actions, lang)``: the buttons offer exactly ``actions``
    (the legal actions, given only while the person to decide may see their
    hand); the engine decides.  The hint is the shell's one Hint button
    (:mod:`tutor.hints`), which asks the game's exact coach in the two-player
    base game (``game.advise``).
    """

    def __init__(self, shell: GameShell):
        super().__init__()
        self.shell = shell
        self.prompt = w.HTML()
        self.prompt.add_class("ka-prompt")
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("ka-buttons")
        self._key: Any = None
        self.refused = w.HTML()
        self.refused.add_class("rt-refusals-box")
        self.children = [self.prompt, self.buttons, self.refused]

    # --- moves
    def _button(self, text: str, action: Any, cls: str, style: str = "") -> w.Button:
        b = w.Button(description=text, tooltip=text, button_style=style, layout=w.Layout(width="auto"))
        b.add_class(cls)
        b.on_click(lambda _: self.shell.play(action))
        return b

    def slug(self, action: Any) -> str:
        """The CSS class of a card's move: ka-play-archer, ka-swap-sapper."""
        k = _k()
        return f"ka-{'swap' if isinstance(action, k.Swap) else 'play'}-{action.card}"

    def style_card(self, button: w.Button, card: str) -> None:
        bg, fg, _ = KIND_STYLE[_k().LIKE[card]]
        button.style.button_color = bg
        button.style.text_color = fg
        button.style.font_weight = "bold"

    def _card_button(self, text: str, card: str, action: Any, cls: str) -> w.Button:
        bg, fg, _ = KIND_STYLE[_k().LIKE[card]]
        b = self._button(text, action, cls)
        b.style.button_color = bg
        b.style.text_color = fg
        b.style.font_weight = "bold"
        return b

    def _moves(self, view: dict, actions: list, lang: str) -> tuple[str, list]:
        k = _k()
        who = self.shell.who
        me = view["current_player"]
        decision = view["decision"]
        other = None
        if view["opponent"] is not None:
            other = view["opponent"] if me == view["active"] else view["active"]
        if not actions:
            # a person's hidden hand: the shell says so (ButtonControls.refresh); a bot's: nothing
            return "", []
        if decision == "challenge":
            return t("ka_prompt_challenge", lang), [
                self._button(game().action_text(a, lang), a, f"ka-challenge-{a.opponent}", "danger")
                for a in actions if isinstance(a, k.Challenge)]
        if decision in ("commit", "familiar"):
            # the hand's cards are the moves: a click plays one; one the rules refuse is disabled, with why
            row, covered = hand_row(self, view, actions, lang)
            cards = list(row.children[1].children) if row is not None else []
            rest = [self._button(game().action_text(a, lang), a, "ka-keep" if isinstance(a, k.Keep) else "ka-move",
                                 "info") for a in actions if a not in covered]
            if decision == "commit":
                return t("ka_prompt_commit", lang), cards + rest
            facing = view["field"][other] if other is not None else None
            prompt = t("ka_prompt_familiar", lang, card=card_name(facing, lang) if facing else "?")
            return prompt, rest + cards
        if decision == "repeat":
            repeat = view.get("repeat") or {}
            card, rival = repeat.get("card"), repeat.get("opponent")
            prompt = t("ka_prompt_repeat", lang, card=card_name(card, lang) if card else "?",
                       who=who(rival) if rival is not None else "?")
            return prompt, [
                self._button(game().action_text(a, lang), a, "ka-stop" if isinstance(a, k.Stop) else "ka-play-on",
                             "warning" if isinstance(a, k.Stop) else "info")
                for a in actions]
        if decision == "cleric":
            return t("ka_prompt_cleric", lang, who=who(other) if other is not None else "?"), [
                self._button(game().action_text(a, lang), a, "ka-decline", "info") if isinstance(a, k.Decline)
                else self._card_button(f"{game().action_text(a, lang)} ({card_label(a.card, lang)})", a.card, a,
                                       f"ka-take-{a.card}")
                for a in actions]
        return "", []

    def refresh(self, view: dict, actions: list, lang: str) -> None:
        shell = self.shell
        key = (id(shell.state), lang, tuple(str(a) for a in actions), view["hands"][view["current_player"]] is None
               if view["current_player"] is not None else None)
        if key == self._key:
            return
        self._key = key
        prompt, buttons = self._moves(view, actions, lang)
        if not actions and not prompt:
            prompt = shell.hidden_hand_prompt(lang)
        self.prompt.value = f"<b>{esc(prompt)}</b>" if prompt else ""
        self.buttons.children = buttons
        self.refused.value = refusals_html([b for b in buttons if b.disabled], lang)


# ------------------------------------------------------- the shell's part --
# Until the generic shell draws views itself (widgets/page.py), this bridge
# turns what today's GameShell passes (a state and the hands it may show)
# into the view the common interface gives panels.


class KamikazeShell(GameShell):
    """The generic game shell with a deck chooser per seat (the game-specific part)."""

    def __init__(self, game_, board_fn, language=None, decks=None, **kwargs):
        self._want_decks = list(decks or [])
        kwargs.setdefault("controls", KamikazeControls)  # the page declaration passes them too
        kwargs.setdefault("breakdown", breakdown)
        super().__init__(game_, board_fn, language, **kwargs)
        self.setup.children = (*self.setup.children, w.HBox(self._decks(), layout=w.Layout(flex_flow="row wrap")))
        self.hand_button.layout.width = "auto"
        self.hand_button.layout.flex = "0 0 auto"

    def _decks(self) -> list[w.Dropdown]:
        boxes = getattr(self, "deck_boxes", None)
        if boxes is None:
            k = _k()
            defaults = ["base", "base", *k.EXPANSION_DECKS]
            boxes = []
            for i in range(self.game.max_players):
                box = w.Dropdown(options=list(k.DECKS), value=defaults[i % len(defaults)],
                                 layout=w.Layout(width="16em"))
                box.add_class(f"ka-deck-{i}")
                boxes.append(box)
            for box, d in zip(boxes, self._want_decks):
                box.value = d
            self.deck_boxes = boxes
        return boxes

    def action_shown(self, entry) -> str:
        """A card committed face down stays unnamed in the log until both are revealed."""
        s = self.state
        p = entry.player
        if isinstance(entry.action, _k().Play) and p is not None and p < len(s.hidden) and s.hidden[p]:
            shown = self.history[1:self.index + 1]
            last_play = max(i for i, e in enumerate(shown) if e.player == p and isinstance(e.action, _k().Play))
            if shown[last_play] is entry:
                return t("ka_face_down_move", self.lang)
        return super().action_shown(entry)

    def new_game_options(self) -> dict:
        """The decks chosen per seat, for ``game.new_game(..., decks=...)``."""
        return {"decks": [b.value for b in self._decks()[:self.players.value]]}

    def load(self, text) -> bool:
        ok = super().load(text)
        if ok:
            self._decks_of(self.state)
        return ok

    def show_table(self, table) -> None:
        super().show_table(table)
        self._decks_of(table.history[0].state)

    def _decks_of(self, state) -> None:
        """The deck choosers show the decks of the game shown (a new game starts with them)."""
        for box, d in zip(self._decks(), state.decks):
            box.value = d

    def _show_seats(self) -> None:
        super()._show_seats()
        n = self.players.value
        for i, box in enumerate(self._decks()):
            box.layout.display = None if i < n else "none"

    def _relabel(self, draw: bool = True) -> None:
        lang = self.lang
        for i, box in enumerate(self._decks()):
            value = box.value
            box.options = [(_name("decks", d, lang), d) for d in _k().DECKS]
            box.value = value
            box.description = t("ka_deck", lang, n=i + 1)
        super()._relabel(draw)


# ------------------------------------------------------------------- page --
# The page is the generic one (widgets/page.py); this is all Kamikaze Attack adds.

from widgets.page import PageSpec  # noqa: E402  (the page skeleton imports nothing of this module)

PAGE = PageSpec(
    game=GAME_NAME,
    board=board,
    controls=KamikazeControls,
    breakdown=breakdown,
    shell=KamikazeShell,
    first_example=FIRST_EXAMPLE,
    seats=("person", "coach"),
    # choosing an opponent, taking a card back or ending the game after a repeated card shows nothing
    # of one's hand: in hotseat these moves are offered without "show my hand"
    public_decisions=("challenge", "cleric", "repeat"),
    css_class="ka-page",
)

# Shorthands the tests use: the stepper, a game shell, the rules panel, the page.
stepper, game_panel, rules_panel, page = PAGE.make_stepper, PAGE.make_shell, PAGE.make_rules, PAGE.make_page
