"""The Kamikaze Attack page: the table drawn in HTML, cards played by clicking, the coach.

Drawing only.  Every card's fate, every duel's outcome and every refusal comes
from :mod:`tutor.games.kamikaze`; the buttons build ``Play``, ``Challenge``,
``Swap``/``Keep`` and ``TakeBack``/``Decline`` actions and hand them to the
generic game shell, which asks ``game.apply``.  The coach's hint comes from
:func:`tutor.games.kamikaze_coach.coach`.

Hidden commitment in hotseat play: the engine asks the duelists one after the
other (``state.current_player``); the shell hides every hand until the player
to move asks to see it, and this board draws a card committed face down as a
card back unless its owner's hand may be shown.
"""

from __future__ import annotations

import ipywidgets as w

from tutor import games
from widgets.common import cite, esc, message, style
from widgets.game import GameShell
from widgets.i18n import Language, add_strings, t
from widgets.rules import RulesPanel
from widgets.stepper import ExampleStepper

GAME_NAME = "kamikaze-attack"
FIRST_EXAMPLE = "cell/swordsman-vs-archer"


def game():
    return games.get(GAME_NAME)


def _k():
    from tutor.games import kamikaze as k

    return k


# ------------------------------------------------------------------ words --

_CARD_NAMES = {  # English, Italiano (the rulebook's names), Français
    "swordsman": ("Swordsman", "Spadaccino", "Épéiste"),
    "shieldbearer": ("Shieldbearer", "Scudiero", "Porte-bouclier"),
    "archer": ("Archer", "Arciere", "Archer"),
    "kamikaze": ("Kamikaze", "Kamikaze", "Kamikaze"),
    "librarian": ("Librarian", "Bibliotecario", "Bibliothécaire"),
    "cleric": ("Cleric", "Chierico", "Clerc"),
    "familiar": ("Familiar", "Famiglio", "Familier"),
    "sapper": ("Sapper", "Geniere", "Sapeur"),
    "paladin": ("Paladin", "Paladino", "Paladin"),
    "bard": ("Bard", "Bardo", "Barde"),
}

add_strings({f"ka_card_{c}": names for c, names in _CARD_NAMES.items()})
add_strings({
    "ka_title": ("Kamikaze Attack", "Kamikaze Attack", "Kamikaze Attack"),
    "bot_coach": ("bot: coach", "bot: allenatore", "bot : entraîneur"),
    "ruleset_base": ("Base game", "Gioco base", "Jeu de base"),
    "ruleset_expansion": ("Expansion", "Espansione", "Extension"),
    "ka_deck": ("Deck {n}", "Mazzo {n}", "Paquet {n}"),
    "ka_deck_base": ("Base deck", "Mazzo base", "Paquet de base"),
    "ka_deck_ora-et-pugna": ("Ora et pugna", "Ora et pugna", "Ora et pugna"),
    "ka_deck_tecnobarbari": ("Tecnobarbari", "Tecnobarbari", "Tecnobarbari"),
    "ka_deck_note-della-giustizia": ("Le note della Giustizia", "Le note della Giustizia",
                                     "Le note della Giustizia"),
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
    "ka_phase_challenge": ("{who} chooses an opponent", "{who} sceglie un avversario",
                           "{who} choisit un adversaire"),
    "ka_phase_commit": ("{who} sets a card aside, face down", "{who} mette da parte una carta coperta",
                        "{who} pose une carte face cachée"),
    "ka_phase_familiar": ("{who} decides about the Familiar", "{who} decide del Famiglio",
                          "{who} décide du Familier"),
    "ka_phase_cleric": ("{who} may take a card back (Cleric)", "{who} può riprendere una carta (Chierico)",
                        "{who} peut reprendre une carte (Clerc)"),
    "ka_over_empty-hand": ("Game over: a hand is empty", "Partita finita: una mano è vuota",
                           "Partie terminée : une main est vide"),
    "ka_over_stalemate": ("Game over: stalemate (nothing left can change)",
                          "Partita finita: stallo (nulla può più cambiare)",
                          "Partie terminée : impasse (plus rien ne peut changer)"),
    "ka_over_repetition": ("Game over: stalemate (the same position a third time)",
                           "Partita finita: stallo (la stessa posizione per la terza volta)",
                           "Partie terminée : impasse (la même position une troisième fois)"),
    "ka_last_duel": ("Last duel ({n})", "Ultimo duello ({n})", "Dernier duel ({n})"),
    "ka_no_duel_yet": ("No duel fought yet.", "Nessun duello ancora.", "Aucun duel encore."),
    "ka_result_win": ("{who} wins the duel", "{who} vince il duello", "{who} gagne le duel"),
    "ka_result_both": ("both cards fall", "entrambe le carte cadono", "les deux cartes tombent"),
    "ka_result_retreat": ("both retreat", "entrambe si ritirano", "les deux se retirent"),
    "ka_seen": ("{viewer}'s Librarian saw the hand of {who}: ", "Il Bibliotecario di {viewer} ha visto la mano di {who}: ",
                "Le Bibliothécaire de {viewer} a vu la main de {who} : "),
    "ka_score_line": ("Graveyards (the score)", "Cimiteri (il punteggio)", "Cimetières (le score)"),
    "ka_legend": ("Kinds: ⚔ swordsman-like · ⬟ shieldbearer-like · ➶ archer · ✹ kamikaze",
                  "Tipi: ⚔ come lo Spadaccino · ⬟ come lo Scudiero · ➶ arciere · ✹ kamikaze",
                  "Types : ⚔ comme l'Épéiste · ⬟ comme le Porte-bouclier · ➶ archer · ✹ kamikaze"),
    # moves
    "ka_prompt_challenge": ("Choose the opponent to challenge:", "Scegli l'avversario da sfidare:",
                            "Choisissez l'adversaire à défier :"),
    "ka_prompt_commit": ("Set a card aside, face down (the other player does not see it):",
                         "Metti da parte una carta coperta (l'altro giocatore non la vede):",
                         "Posez une carte face cachée (l'autre joueur ne la voit pas) :"),
    "ka_prompt_hidden": ("{who}: press “{button}” while the others look away, then choose your card.",
                         "{who}: premi «{button}» mentre gli altri non guardano, poi scegli la carta.",
                         "{who} : appuyez sur « {button} » pendant que les autres regardent ailleurs, puis choisissez votre carte."),
    "ka_prompt_familiar": ("Your Familiar faces the {card}: keep it, or swap it for a card in hand:",
                           "Il tuo Famiglio affronta {card}: tienilo o scambialo con una carta in mano:",
                           "Votre Familier affronte {card} : gardez-le, ou échangez-le contre une carte en main :"),
    "ka_prompt_cleric": ("Your Cleric retreated: take a card back from {who}'s graveyard, or nothing:",
                         "Il tuo Chierico si è ritirato: riprendi una carta dal cimitero di {who}, o niente:",
                         "Votre Clerc s'est retiré : reprenez une carte du cimetière de {who}, ou rien :"),
    "ka_challenge": ("Challenge {who}", "Sfida {who}", "Défier {who}"),
    "ka_play": ("{card}", "{card}", "{card}"),
    "ka_keep": ("Keep the Familiar", "Tieni il Famiglio", "Garder le Familier"),
    "ka_swap": ("Swap for {card}", "Scambia con {card}", "Échanger contre {card}"),
    "ka_take": ("Take back {card}", "Riprendi {card}", "Reprendre {card}"),
    "ka_decline": ("Take nothing", "Non prendere nulla", "Ne rien prendre"),
    # the coach
    "ka_hint": ("Coach's hint", "Consiglio dell'allenatore", "Conseil de l'entraîneur"),
    "ka_hint_text": ("Coach for {who}: {mix} — value {value:+.2f} (−1 a sure loss, 0 even, +1 a sure win)",
                     "Allenatore per {who}: {mix} — valore {value:+.2f} (−1 sconfitta certa, 0 pari, +1 vittoria certa)",
                     "Entraîneur pour {who} : {mix} — valeur {value:+.2f} (−1 défaite sûre, 0 égalité, +1 victoire sûre)"),
    "ka_hint_only_base": ("The coach is exact only in the two-player base game (two base decks): no hint here.",
                          "L'allenatore è esatto solo nel gioco base a due giocatori (due mazzi base): qui nessun consiglio.",
                          "L'entraîneur n'est exact que dans le jeu de base à deux joueurs (deux paquets de base) : pas de conseil ici."),
    "ka_hint_not_now": ("The coach advises when a card is to be chosen for a duel.",
                        "L'allenatore consiglia quando si sceglie la carta per un duello.",
                        "L'entraîneur conseille quand on choisit la carte d'un duel."),
    "ka_hint_offered": ("Coach's hint available: exact equilibrium of the base game.",
                        "Consiglio disponibile: equilibrio esatto del gioco base.",
                        "Conseil disponible : équilibre exact du jeu de base."),
    # end table
    "ka_col_player": ("Player", "Giocatore", "Joueur"),
    "ka_col_deck": ("Deck", "Mazzo", "Paquet"),
    "ka_col_grave": ("Graveyard (score)", "Cimitero (punti)", "Cimetière (score)"),
    "ka_col_hand": ("Cards in hand", "Carte in mano", "Cartes en main"),
    "ka_col_cards": ("Graveyard cards", "Carte nel cimitero", "Cartes du cimetière"),
    "ka_col_winner": ("Winner", "Vincitore", "Gagnant"),
    # rules panel
    "ka_only_recon": ("Only the reconstructed clauses", "Solo le clausole ricostruite",
                      "Seulement les clauses reconstituées"),
    "ka_recon_note": ("{n} clauses are reconstructed: the rulebook leaves them open and the tutor chose; "
                      "they are marked.",
                      "{n} clausole sono ricostruite: il regolamento non le precisa e il tutor ha scelto; "
                      "sono segnate.",
                      "{n} clauses sont reconstituées : la règle ne les précise pas et le tuteur a choisi ; "
                      "elles sont marquées."),
})

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
    return t(f"ka_card_{card}", lang)


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


_CSS = """
<style>
.ka-card { display: inline-block; border: 3px solid #111; border-radius: 8px; padding: 4px 9px; margin: 3px;
           font-weight: bold; font-size: 18px; min-width: 2.2em; text-align: center; position: relative; }
.ka-card .ka-icon { font-size: 21px; margin-right: 5px; }
.ka-card .ka-letter { display: inline-block; background: #fff; color: #111; border-radius: 4px; padding: 0 5px;
                      margin-right: 6px; font-family: monospace; font-size: 17px; }
.ka-card .ka-note { font-weight: normal; font-size: 15px; }
.ka-back { background: repeating-linear-gradient(45deg, #555 0 6px, #888 6px 12px); color: #fff; min-width: 2.6em; }
.ka-facedown { border-style: dashed; outline: 3px dashed #111; outline-offset: 2px; }
.ka-held { border: 4px double #111; }
.ka-changed { outline: 4px solid #ff7a00; outline-offset: 2px; box-shadow: 0 0 0 7px #ffe0b8; }
.ka-row { margin: 6px 0; position: relative; }
.ka-row.ka-changed::after { content: "★"; position: absolute; right: 6px; top: 0; color: #c45500; font-size: 20px; }
.ka-label { font-weight: bold; margin-right: 8px; }
.ka-info { font-size: 18px; }
.ka-field { display: flex; gap: 26px; flex-wrap: wrap; align-items: center; border: 2px solid #6d4c2f;
            border-radius: 10px; padding: 8px 12px; background: #f7f1e6; }
.ka-slot { text-align: center; min-width: 11em; }
.ka-vs { font-size: 24px; font-weight: bold; }
.ka-last { border-left: 6px solid #6d4c2f; padding: 4px 10px; background: #faf7f2; }
.ka-hidden { color: #444; font-style: italic; }
.ka-legend { font-size: 15px; color: #333; }
.ka-count { font-weight: bold; font-size: 20px; }
.rt-controls .widget-button { min-width: 10em; font-size: 17px; }
.ka-hint-box { font-size: 18px; }
</style>
"""


# ----------------------------------------------------------------- drawing --


def _default_who(lang: str):
    return lambda p: t("player_n", lang, n=p + 1)


def _changed(cls: bool) -> str:
    return " ka-changed" if cls else ""


def board(state, before=None, lang: str = "en", visible=None, who=None) -> dict:
    """The table as HTML sections: whose duel, the field, the last duel, hands, graveyards.

    ``visible`` are the players whose hands (and face-down cards) may be shown;
    None shows everything (the worked examples).  What changed since
    ``before`` is outlined.
    """
    k = _k()
    who = who or _default_who(lang)
    n = state.players
    visible = set(range(n)) if visible is None else set(visible)
    ch = before is not None and getattr(before, "players", None) == n

    # --- whose duel it is
    duel_no = state.duels + 1
    if state.phase == "over":
        head = t(f"ka_over_{state.end}", lang) if state.end else t("game_over", lang)
    else:
        parts = []
        if state.opponent is not None:
            parts.append(t("ka_duel_of", lang, n=duel_no, a=who(state.active), b=who(state.opponent)))
        cur = state.current_player
        if cur is not None:
            parts.append(t(f"ka_phase_{state.phase}", lang, who=who(cur)))
        head = " · ".join(parts)
    decks = " · ".join(f"{who(p)}: {t('ka_deck_' + d, lang)}" for p, d in enumerate(state.decks))
    info = (f"<div class='ka-info' data-phase='{esc(state.phase)}'><b>{esc(head)}</b>"
            f"<div class='ka-legend'>{esc(t('ruleset_' + state.ruleset, lang))} · {esc(decks)}</div>"
            f"<div class='ka-legend'>{esc(t('ka_legend', lang))}</div></div>")

    # --- the field: committed cards (face down until revealed) and held Sappers
    slots = []
    for p in range(n):
        card = state.field[p]
        in_duel = state.opponent is not None and p in (state.active, state.opponent)
        if card is None and not in_duel:
            continue
        moved = ch and (before.field[p] != card or before.hidden[p] != state.hidden[p])
        if card is None:
            face = f"<span class='ka-hidden'>{esc(t('ka_no_card', lang))}</span>"
        elif state.hidden[p] and p not in visible:
            face = back(lang, "ka-facedown")
        elif state.hidden[p]:
            face = chip(card, lang, "ka-facedown", t("ka_face_down", lang))
        elif state.held[p]:
            face = chip(card, lang, "ka-held") + f"<div class='ka-legend'>{esc(t('ka_held', lang))}</div>"
        else:
            face = chip(card, lang)
        slots.append(f"<div class='ka-slot{_changed(moved)}' data-player='{p}'>"
                     f"<div class='ka-label'>{esc(who(p))}</div>{face}</div>")
    vs = "<span class='ka-vs'>⚔</span>"
    field = (f"<div class='ka-row'><span class='ka-label'>{esc(t('ka_field', lang))}</span>"
             f"<div class='ka-field'>{vs.join(slots) if slots else esc(t('ka_no_card', lang))}</div></div>")

    # --- the last duel's result
    if state.last_duel:
        pa, pb = state.last("players")
        ca, cb = state.last("cards")
        outcome = state.last("outcome")
        if outcome == "win":
            result = t("ka_result_win", lang, who=who(state.last("winner")))
        else:
            result = t(f"ka_result_{outcome}", lang)
        fresh = ch and before.last_duel != state.last_duel
        last = (f"<div class='ka-last ka-row{_changed(fresh)}' data-outcome='{esc(outcome)}'>"
                f"<span class='ka-label'>{esc(t('ka_last_duel', lang, n=state.last('duel')))}:</span>"
                f"{esc(who(pa))} {chip(ca, lang)} {vs} {chip(cb, lang)} {esc(who(pb))}"
                f" → <b class='ka-result'>{esc(result)}</b></div>")
    else:
        last = f"<div class='ka-last ka-row'>{esc(t('ka_no_duel_yet', lang))}</div>"

    # --- hands
    hands = []
    for p in range(n):
        moved = ch and before.hands[p] != state.hands[p]
        if p in visible:
            cards = "".join(chip(c, lang) for c in state.hands[p]) or "—"
        else:
            cards = ("".join(back(lang) for _ in state.hands[p])
                     + f" <span class='ka-hidden'>{esc(t('hand_hidden', lang))}</span>")
        seen = ""
        for v, q, h, _d in state.seen:
            if v == p and p in visible:
                seen += (f"<div class='ka-legend'>{esc(t('ka_seen', lang, viewer=who(v), who=who(q)))}"
                         + "".join(chip(c, lang) for c in h) + "</div>")
        hands.append(f"<div class='ka-row ka-hand{_changed(moved)}' data-player='{p}'>"
                     f"<span class='ka-label'>{esc(t('ka_hand_of', lang, who=who(p)))} "
                     f"(<span class='ka-count'>{len(state.hands[p])}</span>):</span>{cards}{seen}</div>")

    # --- graveyards (face up: they are the score)
    graves = [f"<div class='ka-label'>{esc(t('ka_score_line', lang))}</div>"]
    for p in range(n):
        g = state.graveyards[p]
        moved = ch and before.graveyards[p] != g
        graves.append(f"<div class='ka-row ka-grave{_changed(moved)}' data-player='{p}' data-score='{len(g)}'>"
                      f"<span class='ka-label'>{esc(t('ka_grave_of', lang, who=who(p), n=len(g)))}</span>"
                      + ("".join(chip(c, lang) for c in g) or "—") + "</div>")
    return {
        "css": _CSS,
        "info": info,
        "field": field,
        "last": last,
        "hands": "".join(hands),
        "graves": "".join(graves),
    }


def breakdown(game_, state, lang: str, who=None):
    """The end of the game as a pandas table: graveyard sizes, cards in hand, the winner."""
    import pandas as pd

    who = who or _default_who(lang)
    win = set(game_.winners(state))
    rows = []
    for p in range(state.players):
        rows.append({
            t("ka_col_player", lang): who(p),
            t("ka_col_deck", lang): t("ka_deck_" + state.decks[p], lang),
            t("ka_col_grave", lang): len(state.graveyards[p]),
            t("ka_col_hand", lang): len(state.hands[p]),
            t("ka_col_cards", lang): ", ".join(card_name(c, lang) for c in state.graveyards[p]) or "—",
            t("ka_col_winner", lang): t("yes", lang) if p in win else t("no", lang),
        })
    return pd.DataFrame(rows)


# ----------------------------------------------------------------- moving --


class KamikazeControls(w.VBox):
    """Moves by clicking, and the coach's hint.

    The buttons offer what the player could try; the engine decides.  Cards
    a player holds are offered only while that player's hand may be shown.
    """

    def __init__(self, shell: GameShell):
        super().__init__()
        self.shell = shell
        self.prompt = w.HTML()
        self.prompt.add_class("ka-prompt")
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("ka-buttons")
        self.hint_button = w.Button(icon="lightbulb-o", layout=w.Layout(width="auto", flex="0 0 auto"))
        self.hint_button.add_class("ka-hint")
        self.hint_button.on_click(lambda _: self.hint())
        self.hint_html = w.HTML()
        self.hint_html.add_class("ka-hint-box")
        self._key = None
        self._hint_for = None
        self.children = [self.prompt, self.buttons, w.HBox([self.hint_button, self.hint_html])]

    # --- the coach
    def coach_offered(self, state) -> bool:
        """The coach is exact in the two-player base game only."""
        return state.players == 2 and all(d == "base" for d in state.decks)

    def hint(self) -> str:
        """Show the coach's advice for the player to move (or say why there is none)."""
        shell, lang = self.shell, self.shell.lang
        s = shell.state
        self._hint_for = (shell.index, len(shell.history))
        if shell.game.is_over(s):
            self.hint_html.value = message("info", t("game_over_click", lang))
        elif not self.coach_offered(s):
            self.hint_html.value = message("info", t("ka_hint_only_base", lang))
        elif s.phase != "commit":
            self.hint_html.value = message("info", t("ka_hint_not_now", lang))
        else:
            from tutor.games.kamikaze_coach import coach

            try:
                value, mix = coach(s)
            except (ValueError, TypeError) as exc:
                self.hint_html.value = message("info", str(exc))
            else:
                words = ", ".join(f"{card_name(c, lang)} {round(100 * p)}%" for c, p in mix.items())
                self.hint_html.value = message(
                    "ok", t("ka_hint_text", lang, who=shell.who(s.current_player), mix=words, value=value))
        return self.hint_html.value

    # --- moves
    def _play(self, action) -> None:
        self.shell.play(action)

    def _button(self, text: str, action, cls: str, style: str = "") -> w.Button:
        b = w.Button(description=text, tooltip=text, button_style=style, layout=w.Layout(width="auto"))
        b.add_class(cls)
        b.on_click(lambda _: self._play(action))
        return b

    def _card_button(self, text: str, card: str, action, cls: str) -> w.Button:
        k = _k()
        bg, fg, _ = KIND_STYLE[k.LIKE[card]]
        b = self._button(text, action, cls)
        b.style.button_color = bg
        b.style.text_color = fg
        b.style.font_weight = "bold"
        return b

    def _moves(self, state, lang: str, hand_visible: bool) -> tuple[str, list]:
        k = _k()
        shell = self.shell
        me = state.current_player
        other = None
        if state.opponent is not None:
            other = state.opponent if me == state.active else state.active
        if state.phase == "challenge":
            return t("ka_prompt_challenge", lang), [
                self._button(t("ka_challenge", lang, who=shell.who(q)), k.Challenge(q), f"ka-challenge-{q}", "danger")
                for q in range(state.players) if q != me]
        if not hand_visible and state.phase in ("commit", "familiar"):
            return t("ka_prompt_hidden", lang, who=shell.who(me),
                     button=t("show_hand", lang, who=shell.who(me))), []
        if state.phase == "commit":
            return t("ka_prompt_commit", lang), [
                self._card_button(card_label(c, lang) + (f" ×{state.hands[me].count(c)}"
                                                        if state.hands[me].count(c) > 1 else ""),
                                  c, k.Play(c), f"ka-play-{c}")
                for c in dict.fromkeys(state.hands[me])]
        if state.phase == "familiar":
            facing = state.field[other] if other is not None else None
            prompt = t("ka_prompt_familiar", lang, card=card_name(facing, lang) if facing else "?")
            return prompt, [self._button(t("ka_keep", lang), k.Keep(), "ka-keep", "info")] + [
                self._card_button(t("ka_swap", lang, card=card_label(c, lang)), c, k.Swap(c), f"ka-swap-{c}")
                for c in dict.fromkeys(state.hands[me])]
        if state.phase == "cleric":
            return t("ka_prompt_cleric", lang, who=shell.who(other)), [
                self._card_button(t("ka_take", lang, card=card_label(c, lang)), c, k.TakeBack(c), f"ka-take-{c}")
                for c in dict.fromkeys(state.graveyards[other])] + [
                self._button(t("ka_decline", lang), k.Decline(), "ka-decline", "info")]
        return "", []

    def refresh(self, state, lang: str, hand_visible: bool) -> None:
        shell = self.shell
        self.hint_button.description = t("ka_hint", lang)
        if self._hint_for != (shell.index, len(shell.history)):
            self.hint_html.value = ("" if self.coach_offered(state) or shell.game.is_over(state)
                                    else message("info", t("ka_hint_only_base", lang)))
        elif self.hint_html.value:
            self.hint()  # same position, new language: say it again
        if shell.game.is_over(state) or not shell.human_to_move:
            self._key = None
            self.prompt.value = ""
            self.buttons.children = ()
            return
        key = (id(state), lang, hand_visible)
        if key == self._key:
            return
        self._key = key
        prompt, buttons = self._moves(state, lang, hand_visible)
        self.prompt.value = f"<b>{esc(prompt)}</b>" if prompt else ""
        self.buttons.children = buttons


class KamikazeShell(GameShell):
    """The generic game shell with a deck chooser per seat."""

    def __init__(self, game_, board_fn, language=None, decks=None, **kwargs):
        self._want_decks = list(decks or [])
        kwargs.setdefault("controls", KamikazeControls)  # the page declaration passes them too
        kwargs.setdefault("breakdown", breakdown)
        super().__init__(game_, board_fn, language, **kwargs)
        self.setup.children = (*self.setup.children, w.HBox(self._decks()))
        self.hand_button.layout.width = "auto"
        self.hand_button.layout.flex = "0 0 auto"

    def play(self, action) -> bool:
        """A person's move.  In hotseat every hand hides again after it: the
        reveal is for everyone to see, the next card is chosen unseen."""
        ok = super().play(action)
        if ok and self.hand_button.value:
            self.hand_button.value = False
        return ok

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

    def _log_html(self, last: int = 12) -> str:
        """The log; in Italian and French worded here from the engine's events."""
        lang = self.lang
        if lang == "en":
            return super()._log_html(last)
        rows = []
        for e in self.history[1:self.index + 1][-last:]:
            lead = t("ka_lead", lang, p=self.who(e.player)) if e.player is not None else ""
            items = "".join(
                f"<li>{esc(event_text(ev, lang, self.who))} "
                f"<span class='rt-rule-id' title='{esc(ev.rule)}'>[{esc(ev.rule)}]</span></li>"
                for ev in e.events if getattr(ev, "text", ""))
            rows.append(f"<div class='rt-log-entry'><b>{esc(lead)}</b>{esc(self.action_shown(e))}"
                        f"<ul>{items}</ul></div>")
        return "".join(reversed(rows))

    def action_shown(self, entry) -> str:
        """A card committed face down stays unnamed in the log until both are revealed."""
        s = self.state
        p = entry.player
        if isinstance(entry.action, _k().Play) and p is not None and p < len(s.hidden) and s.hidden[p]:
            shown = self.history[1:self.index + 1]
            last_play = max(i for i, e in enumerate(shown) if e.player == p and isinstance(e.action, _k().Play))
            if shown[last_play] is entry:
                return t("ka_face_down", self.lang)
        if self.lang == "en":
            return super().action_shown(entry)
        return action_text(entry.action, self.lang, self.who)

    def who(self, player) -> str:
        # the engine's current_player is None once the game is over
        return "—" if player is None else super().who(player)

    def new_game_options(self) -> dict:
        """The decks chosen per seat, for ``game.new_game(..., decks=...)``."""
        return {"decks": [b.value for b in self._decks()[:self.players.value]]}

    def load(self, text) -> bool:
        ok = super().load(text)
        if ok:
            for box, d in zip(self._decks(), self.state.decks):
                box.value = d
        return ok

    def _show_seats(self) -> None:
        super()._show_seats()
        n = self.players.value
        for i, box in enumerate(self._decks()):
            box.layout.display = None if i < n else "none"

    def _relabel(self, draw: bool = True) -> None:
        lang = self.lang
        for i, box in enumerate(self._decks()):
            value = box.value
            box.options = [(t("ka_deck_" + d, lang), d) for d in _k().DECKS]
            box.value = value
            box.description = t("ka_deck", lang, n=i + 1)
        super()._relabel(draw)


# ------------------------------------------------------------------- rules --


class KamikazeRules(RulesPanel):
    """The generic rules panel (Kamikaze Attack has one rulebook: no comparison),
    with a switch to list only the reconstructed clauses."""

    def __init__(self, game_, language=None, **kwargs):
        self.only_recon = w.ToggleButton(value=False, icon="question-circle", layout=w.Layout(width="auto"))
        self.only_recon.add_class("ka-only-recon")
        self.recon_note = w.HTML()
        super().__init__(game_, language, **kwargs)
        self.only_recon.observe(lambda ch: self.refresh(), "value")
        self.children = [w.HBox([self.search, self.only_recon]), self.recon_note, self.list]

    @property
    def found(self):
        rules = super().found
        if self.only_recon.value:
            rules = [r for r in rules if r.reconstructed]
        return rules

    def refresh(self) -> None:
        lang = self.language.lang
        self.only_recon.description = t("ka_only_recon", lang)
        n = sum(1 for r in self.game.rules if r.reconstructed)
        self.recon_note.value = f"<div class='rt-src'><span class='rt-recon'>?</span> {esc(t('ka_recon_note', lang, n=n))}</div>"
        super().refresh()


# -------------------------------------------------------- narration words --
# The engine narrates in English; in Italian and French the panels word the
# same events from their data (who, which card, where), falling back to the
# engine's English sentence for anything not listed here.

add_strings({
    "ka_ev_commit": ("{p} sets a card aside, face down.", "{p} mette da parte una carta, coperta.",
                     "{p} pose une carte de côté, face cachée."),
    "ka_ev_reveal": ("Both cards are revealed: {p} plays the {a}, {q} the {b}.",
                     "Entrambe le carte sono rivelate: {p} gioca {a}, {q} {b}.",
                     "Les deux cartes sont révélées : {p} joue {a}, {q} {b}."),
    "ka_ev_decision_familiar": ("{ps} may swap the Familiar for another card in hand (not the Kamikaze).",
                                "{ps} può scambiare il Famiglio con un'altra carta in mano (non il Kamikaze).",
                                "{ps} peut échanger le Familier contre une autre carte en main (pas le Kamikaze)."),
    "ka_ev_decision_cleric": ("{ps} may take a card (not the Kamikaze) back from the opponent's graveyard.",
                              "{ps} può riprendere una carta (non il Kamikaze) dal cimitero dell'avversario.",
                              "{ps} peut reprendre une carte (pas le Kamikaze) dans le cimetière de l'adversaire."),
    "ka_ev_retreat": ("The {a} and the {b} cannot defeat each other: both retreat.",
                      "{a} e {b} non possono sconfiggersi: si ritirano entrambi.",
                      "{a} et {b} ne peuvent pas se vaincre : les deux se retirent."),
    "ka_ev_double": ("Double Kamikaze: each goes to the other player's graveyard.",
                     "Doppio Kamikaze: ognuno va nel cimitero dell'altro giocatore.",
                     "Double Kamikaze : chacun va dans le cimetière de l'autre joueur."),
    "ka_ev_both": ("The {a} and the {b} defeat each other: both fall.",
                   "{a} e {b} si sconfiggono a vicenda: cadono entrambi.",
                   "{a} et {b} se battent l'un l'autre : les deux tombent."),
    "ka_ev_win": ("The {a} of {p} defeats the {b} of {q}.", "{a} di {p} sconfigge {b} di {q}.",
                  "{a} de {p} bat {b} de {q}."),
    "ka_ev_sapper_stays": ("The Sapper is beaten but stays on the field: until it is beaten again {p} cannot play a new card.",
                           "Il Geniere è sconfitto ma resta in campo: finché non è sconfitto di nuovo {p} non può giocare altre carte.",
                           "Le Sapeur est battu mais reste sur le terrain : tant qu'il n'est pas battu à nouveau, {p} ne peut pas jouer d'autre carte."),
    "ka_ev_sapper_holds": ("{p}'s Sapper holds its ground and stays on the field.",
                           "Il Geniere di {p} tiene la posizione e resta in campo.",
                           "Le Sapeur de {p} tient bon et reste sur le terrain."),
    "ka_ev_sapper_blocks": ("{p}'s Sapper is still on the field: it fights this duel, and {p} cannot play a new card.",
                            "Il Geniere di {p} è ancora in campo: combatte questo duello e {p} non può giocare altre carte.",
                            "Le Sapeur de {p} est encore sur le terrain : il combat ce duel et {p} ne peut pas jouer d'autre carte."),
    "ka_ev_back_hand": ("The {c} goes back to {p}'s hand.", "{c} torna nella mano di {p}.",
                        "{c} retourne dans la main de {p}."),
    "ka_ev_retreats": ("The {c} retreats to {p}'s hand.", "{c} si ritira nella mano di {p}.",
                       "{c} se retire dans la main de {p}."),
    "ka_ev_to_grave": ("The {c} goes to {q}'s graveyard.", "{c} va nel cimitero di {q}.",
                       "{c} va dans le cimetière de {q}."),
    "ka_ev_sapper_leaves": ("Beaten a second time, the Sapper leaves the field for {q}'s graveyard; {p} may play cards again.",
                            "Sconfitto una seconda volta, il Geniere lascia il campo per il cimitero di {q}; {p} può di nuovo giocare carte.",
                            "Battu une seconde fois, le Sapeur quitte le terrain pour le cimetière de {q} ; {p} peut de nouveau jouer des cartes."),
    "ka_ev_bard": ("The {c} beat a Bard: it goes into {q}'s hand, not back to {p}'s.",
                   "{c} ha sconfitto un Bardo: va nella mano di {q}, non torna in quella di {p}.",
                   "{c} a battu un Barde : il va dans la main de {q}, pas dans celle de {p}."),
    "ka_ev_discard": ("{p} discards a card at random: the {c} goes to {q}'s graveyard.",
                      "{p} scarta una carta a caso: {c} va nel cimitero di {q}.",
                      "{p} défausse une carte au hasard : {c} va dans le cimetière de {q}."),
    "ka_ev_no_discard": ("{p} has no card left to discard.", "{p} non ha più carte da scartare.",
                         "{p} n'a plus de carte à défausser."),
    "ka_ev_peek": ("The Librarian wins: {p} looks at {q}'s hand.", "Il Bibliotecario vince: {p} guarda la mano di {q}.",
                   "Le Bibliothécaire gagne : {p} regarde la main de {q}."),
    "ka_ev_loser_next": ("{p} lost the duel and plays next.", "{p} ha perso il duello e gioca dopo.",
                         "{p} a perdu le duel et joue ensuite."),
    "ka_ev_retreat_same": ("After a retreat {p} plays again.", "Dopo una ritirata {p} gioca di nuovo.",
                           "Après une retraite, {p} rejoue."),
    "ka_ev_both_next": ("Both cards fell: the challenged player, {p}, plays next.",
                        "Entrambe le carte sono cadute: gioca lo sfidato, {p}.",
                        "Les deux cartes sont tombées : le joueur défié, {p}, joue ensuite."),
    "ka_ev_choose": ("{p} chooses an opponent.", "{p} sceglie un avversario.", "{p} choisit un adversaire."),
    "ka_ev_end_empty": ("A hand is empty: the game is over.", "Una mano è vuota: la partita è finita.",
                        "Une main est vide : la partie est finie."),
    "ka_ev_end_stalemate": ("Stalemate: no card that can still be played can defeat another or change anything. "
                            "The game is over; the remaining cards stay in their players' hands.",
                            "Stallo: nessuna carta ancora giocabile può sconfiggerne un'altra o cambiare qualcosa. "
                            "La partita è finita; le carte rimaste restano in mano ai giocatori.",
                            "Impasse : aucune carte encore jouable ne peut en battre une autre ni rien changer. "
                            "La partie est finie ; les cartes restantes restent dans la main des joueurs."),
    "ka_ev_end_repetition": ("Stalemate: the same position has come up for the third time. The game is over; the cards stay in hand.",
                             "Stallo: la stessa posizione si presenta per la terza volta. La partita è finita; le carte restano in mano.",
                             "Impasse : la même position revient pour la troisième fois. La partie est finie ; les cartes restent en main."),
    "ka_ev_result_one": ("{p} wins with {n} cards in the graveyard.", "{p} vince con {n} carte nel cimitero.",
                         "{p} gagne avec {n} cartes dans le cimetière."),
    "ka_ev_result_tie": ("A true tie between {ps}.", "Un vero pareggio tra {ps}.", "Une vraie égalité entre {ps}."),
    "ka_ev_challenge": ("{p} challenges {q}.", "{p} sfida {q}.", "{p} défie {q}."),
    "ka_ev_keep": ("{p} keeps the Familiar in the duel.", "{p} tiene il Famiglio nel duello.",
                   "{p} garde le Familier dans le duel."),
    "ka_ev_swap": ("{p} swaps the Familiar for the {c}: the Familiar goes to {p}'s own graveyard.",
                   "{p} scambia il Famiglio con {c}: il Famiglio va nel cimitero di {p}.",
                   "{p} échange le Familier contre {c} : le Familier va dans le cimetière de {p}."),
    "ka_ev_take": ("The Cleric retreated: {p} takes the {c} back from {q}'s graveyard.",
                   "Il Chierico si è ritirato: {p} riprende {c} dal cimitero di {q}.",
                   "Le Clerc s'est retiré : {p} reprend {c} dans le cimetière de {q}."),
    "ka_ev_decline": ("{p} takes nothing back.", "{p} non riprende nulla.", "{p} ne reprend rien."),
    "ka_and": (" and ", " e ", " et "),
    "ka_lead": ("{p}: ", "{p}: ", "{p} : "),
    "ka_face_down": ("a card set aside, face down", "una carta messa da parte, coperta",
                     "une carte posée de côté, face cachée"),
    "ka_act_play": ("plays the {c}", "gioca {c}", "joue {c}"),
    "ka_act_challenge": ("challenges {q}", "sfida {q}", "défie {q}"),
    "ka_act_swap": ("swaps the Familiar for the {c}", "scambia il Famiglio con {c}", "échange le Familier contre {c}"),
    "ka_act_keep": ("keeps the Familiar", "tiene il Famiglio", "garde le Familier"),
    "ka_act_take": ("takes back the {c}", "riprende {c}", "reprend {c}"),
    "ka_act_decline": ("takes nothing back", "non riprende nulla", "ne reprend rien"),
    "ka_in_english": ("The rulebook example's own words (English)", "Le parole dell'esempio (in inglese)",
                      "Les mots de l'exemple (en anglais)"),
})


def _target(to: str) -> tuple[str, int | None]:
    """"graveyard 1" -> ("graveyard", 1); "hand" -> ("hand", None)."""
    parts = str(to).split()
    return parts[0], (int(parts[1]) if len(parts) > 1 else None)


def event_text(ev, lang: str = "en", who=None) -> str:
    """An engine event in words of ``lang`` (the engine's English text for "en")."""
    if lang == "en" or not getattr(ev, "text", ""):
        return getattr(ev, "text", "")
    who = who or _default_who(lang)
    rule = ev.rule.split("/", 1)[-1]
    kind, get = ev.kind, ev.get
    cn = (lambda c: card_name(c, lang))
    both = (lambda ps: t("ka_and", lang).join(who(x) for x in ps))
    try:
        if kind == "commit":
            return t("ka_ev_commit", lang, p=who(get("player")))
        if kind == "reveal":
            (p, q), (a, b) = get("players"), get("cards")
            return t("ka_ev_reveal", lang, p=who(p), q=who(q), a=cn(a), b=cn(b))
        if kind == "decision":
            key = "ka_ev_decision_familiar" if rule == "power/familiar" else "ka_ev_decision_cleric"
            return t(key, lang, ps=both(get("players")))
        if kind in ("retreat", "both-fall"):
            a, b = get("cards")
            return t("ka_ev_retreat" if kind == "retreat" else "ka_ev_both", lang, a=cn(a), b=cn(b))
        if kind == "double-kamikaze":
            return t("ka_ev_double", lang)
        if kind == "win":
            a, b = get("cards")
            return t("ka_ev_win", lang, a=cn(a), b=cn(b), p=who(get("winner")), q=who(get("loser")))
        if kind == "sapper":
            key = "ka_ev_sapper_stays" if rule == "power/sapper" else "ka_ev_sapper_holds"
            return t(key, lang, p=who(get("player")))
        if kind == "info" and rule == "power/sapper-blocks":
            return t("ka_ev_sapper_blocks", lang, p=who(get("player")))
        if kind == "move":
            p, c = get("player"), get("card")
            where, q = _target(get("to"))
            if where == "hand" and q is None:
                key = "ka_ev_retreats" if rule == "duel/retreat" else "ka_ev_back_hand"
                return t(key, lang, c=cn(c), p=who(p))
            if where == "hand":
                return t("ka_ev_bard", lang, c=cn(c), p=who(p), q=who(q))
            if rule == "power/sapper":
                return t("ka_ev_sapper_leaves", lang, p=who(p), q=who(q))
            return t("ka_ev_to_grave", lang, c=cn(c), q=who(q))
        if kind == "discard":
            if get("card") is None:
                return t("ka_ev_no_discard", lang, p=who(get("player")))
            return t("ka_ev_discard", lang, p=who(get("player")), c=cn(get("card")), q=who(_target(get("to"))[1]))
        if kind == "peek":
            return t("ka_ev_peek", lang, p=who(get("viewer")), q=who(get("player")))
        if kind == "turn":
            key = {"multi/loser-plays-next": "ka_ev_loser_next", "multi/retreat-same-player": "ka_ev_retreat_same",
                   "multi/both-fall": "ka_ev_both_next"}.get(rule, "ka_ev_choose")
            return t(key, lang, p=who(get("player")))
        if kind == "end":
            key = {"end/stalemate": "ka_ev_end_stalemate", "end/stalemate-refusal": "ka_ev_end_repetition"}.get(
                rule, "ka_ev_end_empty")
            return t(key, lang)
        if kind == "result":
            ws, sc = get("winners"), get("scores")
            if len(ws) == 1:
                return t("ka_ev_result_one", lang, p=who(ws[0]), n=sc[ws[0]])
            return t("ka_ev_result_tie", lang, ps=both(ws))
        if kind == "challenge":
            return t("ka_ev_challenge", lang, p=who(get("player")), q=who(get("opponent")))
        if kind in ("keep", "decline"):
            return t(f"ka_ev_{kind}", lang, p=who(get("player")))
        if kind == "swap":
            return t("ka_ev_swap", lang, p=who(get("player")), c=cn(get("card")))
        if kind == "take":
            return t("ka_ev_take", lang, p=who(get("player")), c=cn(get("card")), q=who(get("source")))
    except (TypeError, ValueError, KeyError, IndexError):
        pass
    return ev.text


def action_text(action, lang: str = "en", who=None) -> str:
    """An action in words of ``lang`` (its English words for "en")."""
    if lang == "en":
        return str(action)
    k = _k()
    who = who or _default_who(lang)
    if isinstance(action, k.Play):
        return t("ka_act_play", lang, c=card_name(action.card, lang))
    if isinstance(action, k.Challenge):
        return t("ka_act_challenge", lang, q=who(action.opponent))
    if isinstance(action, k.Swap):
        return t("ka_act_swap", lang, c=card_name(action.card, lang))
    if isinstance(action, k.TakeBack):
        return t("ka_act_take", lang, c=card_name(action.card, lang))
    if isinstance(action, k.Keep):
        return t("ka_act_keep", lang)
    if isinstance(action, k.Decline):
        return t("ka_act_decline", lang)
    return str(action)


# ------------------------------------------------- examples, in three languages --

add_strings({
    "ka_ex_cell": ("{a} against {b}", "{a} contro {b}", "{a} contre {b}"),
    "ka_ex_duel/double-kamikaze": ("Double Kamikaze", "Doppio Kamikaze", "Double Kamikaze"),
    "ka_ex_end/stalemate": ("Stalemate: the cards left cannot defeat each other",
                            "Stallo: le carte rimaste non possono sconfiggersi",
                            "Impasse : les cartes restantes ne peuvent pas se vaincre"),
    "ka_ex_end/stalemate-refusal": ("Stalemate: two retreats in a row", "Stallo: due ritirate di fila",
                                    "Impasse : deux retraites de suite"),
    "ka_ex_power/librarian": ("The Librarian beats an Archer and reads a hand",
                              "Il Bibliotecario batte un Arciere e legge una mano",
                              "Le Bibliothécaire bat un Archer et lit une main"),
    "ka_ex_power/cleric": ("The Cleric retreats and takes a Librarian back",
                           "Il Chierico si ritira e riprende un Bibliotecario",
                           "Le Clerc se retire et reprend un Bibliothécaire"),
    "ka_ex_power/familiar": ("The Familiar is swapped for a Sapper", "Il Famiglio è scambiato con un Geniere",
                             "Le Familier est échangé contre un Sapeur"),
    "ka_ex_power/sapper": ("The Sapper stays on the field until beaten twice",
                           "Il Geniere resta in campo finché non è sconfitto due volte",
                           "Le Sapeur reste sur le terrain jusqu'à être battu deux fois"),
    "ka_ex_power/paladin": ("A beaten Paladin goes to its own graveyard",
                            "Un Paladino sconfitto va nel proprio cimitero",
                            "Un Paladin battu va dans son propre cimetière"),
    "ka_ex_power/bard": ("The Archer that beats a Bard changes sides", "L'Arciere che batte un Bardo cambia parte",
                         "L'Archer qui bat un Barde change de camp"),
    "ka_ex_multi/duel-order": ("Three players: challenge, retreat, loser plays next",
                               "Tre giocatori: sfida, ritirata, chi perde gioca dopo",
                               "Trois joueurs : défi, retraite, le perdant joue ensuite"),
    "ka_ex_game/full": ("A whole two-player game, coach against greedy",
                        "Una partita intera a due, allenatore contro avido",
                        "Une partie entière à deux, entraîneur contre glouton"),
})


def example_title(ex, lang: str = "en") -> str:
    """An example's title in ``lang`` (its own English title when not worded here)."""
    if lang == "en":
        return ex.title
    if ex.id.startswith("cell/"):
        a, _, b = ex.id[len("cell/"):].partition("-vs-")
        if a in _CARD_NAMES and b in _CARD_NAMES:
            return t("ka_ex_cell", lang, a=card_name(a, lang), b=card_name(b, lang))
    key = f"ka_ex_{ex.id}"
    text = t(key, lang)
    return ex.title if text == key else text


class KamikazeStepper(ExampleStepper):
    """The generic stepper; in Italian and French it words the examples' titles,
    actions and events itself (the engine narrates in English, shown too)."""

    def _relabel(self, draw: bool = True) -> None:
        lang = self.lang
        if self.examples:
            index = self.chooser.value
            labels = [(example_title(ex, lang), i) for i, ex in enumerate(self.examples)]
            if list(self.chooser.options) != labels:
                position = self.slider.value
                self.chooser.options = labels  # may pass through another example...
                if index is not None:
                    self.chooser.value = index
                    self.slider.value = position  # ...so come back to the same step
        super()._relabel(draw)

    def _draw(self) -> None:
        super()._draw()
        ex, lang = self.example, self.lang
        if ex is not None and lang != "en":
            self.header.value = self.header.value.replace(
                f"<h3 class='rt-step-title'>{esc(ex.title)}</h3>",
                f"<h3 class='rt-step-title'>{esc(example_title(ex, lang))}</h3>", 1)

    def _narrate(self, step, lang: str) -> str:
        if lang == "en":
            return super()._narrate(step, lang)
        parts = []
        if step.action is not None:
            mover = step.before.current_player
            lead = t("ka_lead", lang, p=t("player_n", lang, n=mover + 1)) if mover is not None else ""
            parts.append(f"<div class='rt-action'><b>▶ {esc(lead + action_text(step.action, lang))}</b></div>")
        if step.illegal:
            parts.append(message("error", t("illegal_step", lang)))
        events = [event_text(e, lang) for e in step.events if e.text]
        if events:
            parts.append("<ul class='rt-events'>" + "".join(f"<li>{esc(x)}</li>" for x in events) + "</ul>")
        parts.append(f"<details class='rt-src'><summary>{esc(t('ka_in_english', lang))}</summary>"
                     f"<div class='rt-narration' lang='en'>{esc(step.narration)}</div></details>")
        rules = list(dict.fromkeys(list(step.rules) + ([step.illegal] if step.illegal else [])))
        parts.extend(cite(self.game, r, lang, brief=True) for r in rules)
        return "".join(parts)


# ------------------------------------------------------------------- page --
# The page is the generic one (widgets/page.py); this is all Kamikaze Attack adds.

from widgets.page import PageSpec  # noqa: E402  (the page skeleton imports nothing of this module)

PAGE = PageSpec(
    game=GAME_NAME,
    board=board,
    controls=KamikazeControls,
    breakdown=breakdown,
    shell=KamikazeShell,
    stepper=KamikazeStepper,
    rules=KamikazeRules,
    first_example=FIRST_EXAMPLE,
    seats=("person", "coach"),
    css_class="ka-page",
)

# Shorthands the tests use: the stepper, a game shell, the rules panel, the page.
stepper, game_panel, rules_panel, page = PAGE.make_stepper, PAGE.make_shell, PAGE.make_rules, PAGE.make_page
