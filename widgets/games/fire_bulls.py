"""The Fire Bulls page: the table drawn in HTML, clickable moves, the three panels.

Drawing only: every number shown (symbols, face values, scores) comes from
:mod:`tutor.games.fire_bulls`; every move is built as an ``fb.Action`` and
handed to ``game.apply``, which accepts it or says why not.
"""

from __future__ import annotations

import ipywidgets as w

from tutor import games
from widgets import static
from widgets.panels.common import action_label, esc
from widgets.panels.controls import refusal_text, refusals_html
from widgets.panels.endgame import frame
from widgets.panels.i18n import add_strings, colon
from widgets.panels.shell import GameShell

GAME_NAME = "fire-bulls"
SCORING_EXAMPLE_HINTS = ("scoring", "gong", "23")

# Each colour: background, text colour, a shape and a letter per language, so
# symbols are told apart without colour vision too.
COLOUR_STYLE = {
    "green": ("#1b7f3a", "#fff", "▲"),
    "yellow": ("#f5c400", "#111", "●"),
    "red": ("#c62828", "#fff", "■"),
    "blue": ("#1f5fbf", "#fff", "◆"),
    "brown": ("#6d4c2f", "#fff", "⬟"),
    "white": ("#ffffff", "#111", "○"),
    "warrior": ("#333333", "#fff", "⚔"),
}
LETTERS = {
    "en": {"green": "G", "yellow": "Y", "red": "R", "blue": "B", "brown": "Br", "white": "W", "warrior": "Wa"},
    "it": {"green": "V", "yellow": "G", "red": "R", "blue": "B", "brown": "M", "white": "Bi", "warrior": "Gu"},
    "fr": {"green": "V", "yellow": "J", "red": "R", "blue": "B", "brown": "M", "white": "Bl", "warrior": "Gu"},
}

# this page's own words: they can never replace a shared word of the same key
t = add_strings({
    "fb_title": ("Fire Bulls", "Fire Bulls", "Fire Bulls"),
    "green": ("green", "verde", "vert"),
    "yellow": ("yellow", "giallo", "jaune"),
    "red": ("red", "rosso", "rouge"),
    "blue": ("blue", "blu", "bleu"),
    "brown": ("brown", "marrone", "marron"),
    "white": ("white (any colour)", "bianco (qualsiasi colore)", "blanc (toute couleur)"),
    "warrior": ("Warrior", "Guerriero", "Guerrier"),
    "pile": ("Pile {n}", "Mazzo {n}", "Pile {n}"),
    "cards_left": ("{n} cards", "{n} carte", "{n} cartes"),
    "exhausted": ("exhausted", "esaurito", "épuisée"),
    "general_aside": ("The General is set aside: attack it alone",
                      "Il Generale è messo da parte: attaccalo da solo",
                      "Le Général est mis de côté : attaquez-le seul"),
    "direction": ("Direction {n}", "Direzione {n}", "Direction {n}"),
    "reserve": ("Reserve", "Riserva", "Réserve"),
    "hand_of": ("Hand of {who}", "Mano di {who}", "Main de {who}"),
    "won_by": ("Victory pile of {who}", "Pila vittoria di {who}", "Pile de victoire de {who}"),
    "qi_deck": ("Qi deck: {n} · discards: {d} · deck run out: {e} of 3",
                "Mazzo Qi: {n} · scarti: {d} · mazzo esaurito: {e} volte su 3",
                "Pioche Qi : {n} · défausse : {d} · pioche épuisée : {e} fois sur 3"),
    "phase": ("Phase", "Fase", "Phase"),
    "phase_over": ("game over", "partita finita", "partie terminée"),
    "ruleset_line": ("Rulebook: {r}", "Regolamento: {r}", "Règle : {r}"),
    "score_line": ("{face} face + {bonus} bonus = {total}", "{face} valore + {bonus} bonus = {total}",
                   "{face} valeur + {bonus} bonus = {total}"),
    "removed_line": ("penalty: {card} removed", "penalità: tolta {card}", "pénalité : {card} retirée"),
    # the board shows what is counted, so its numbers add up
    "removed_points": ("penalty: {card} ({points}) removed", "penalità: tolta {card} ({points})",
                       "pénalité : {card} ({points}) retirée"),
    "score_so_far": ("so far", "finora", "pour l'instant"),
    "bonus_mark": ("bonus", "bonus", "bonus"),
    "take_reserve": ("Take {card}", "Prendi {card}", "Prendre {card}"),
    "draw": ("Draw from the deck", "Pesca dal mazzo", "Piocher"),
    "draw_move": ("Draw + pawn to {n}", "Pesca + pedina su {n}", "Piocher + pion en {n}"),
    "attack_dir": ("Attack from {n}", "Attacca da {n}", "Attaquer depuis {n}"),
    "attack_general": ("Attack the General", "Attacca il Generale", "Attaquer le Général"),
    "pay_next": ("Pay the next card", "Paga la carta seguente", "Payer la carte suivante"),
    "end_attack": ("End the attack", "Termina l'attacco", "Finir l'attaque"),
    "pay_with_cards": ("pay with {cards}", "paga con {cards}", "payer avec {cards}"),
    # the attacks one line per direction, so every move fits a projector's screen
    "attack_head": ("Attack from a direction, paying with:", "Attacca da una direzione, pagando con:",
                    "Attaquer depuis une direction, en payant avec :"),
    "attack_from_short": ("from {n}:", "da {n}:", "depuis {n} :"),
    "attack_general_short": ("the General:", "il Generale:", "le Général :"),
    "moves_action": ("Take a reserve card, or draw (and maybe move your pawn), or attack, paying with your Qi cards:",
                     "Prendi una carta dalla riserva, o pesca (e sposta la pedina), o attacca pagando con le carte Qi:",
                     "Prenez une carte de la réserve, ou piochez (et déplacez votre pion), ou attaquez en payant avec vos cartes Qi :"),
    "moves_attack": ("Pay for the next card with your Qi cards, or end the attack:",
                     "Paga la carta seguente con le carte Qi, o termina l'attacco:",
                     "Payez la carte suivante avec vos cartes Qi, ou finissez l'attaque :"),
    "moves_choice": ("Your choice:", "La tua scelta:", "Votre choix :"),
    "you": ("you", "tu", "vous"),
    "pawn_of": ("pawn of {who}", "pedina di {who}", "pion de {who}"),
    "col_player": ("Player", "Giocatore", "Joueur"),
    "col_colour": ("Colour", "Colore", "Couleur"),
    "col_marks": ("Marks", "Segni", "Marques"),
}, namespace="fire-bulls")

_CSS = '\n<style>' + static.text('fire_bulls.css') + '</style>\n'


def game():
    return games.get(GAME_NAME)


def _fb():
    from tutor.games import fire_bulls as fb

    return fb


def card_label(card: str, lang: str = "en") -> str:
    """A Yen card's name in the page's language ("Soldato (rosso)"), as the engine names it."""
    return game().card_name(card, lang if lang in game().languages else "en")


def colour_badge(colour: str, lang: str = "en") -> str:
    bg, fg, shape = COLOUR_STYLE.get(colour, ("#ccc", "#111", "?"))
    letter = LETTERS.get(lang, LETTERS["en"]).get(colour, colour[:1].upper())
    return (f"<span class='fb-sym fb-{esc(colour)}' style='background:{bg};color:{fg}' "
            f"title='{esc(t(colour, lang))}'>{shape}{esc(letter)}</span>")


def qi_badge(card: str, lang: str) -> str:
    return colour_badge(card, lang)


def editor_item(card: str, lang: str) -> dict | None:
    """A card of the position editor's palette as the board draws it: a Qi card in its colour with
    its shape, a Yen card by its name, in the colour of its first symbol."""
    if card.startswith("pawn-"):  # a pawn: the editor's own drawing
        return None
    if card in COLOUR_STYLE:
        bg, fg, shape = COLOUR_STYLE[card]
        return {"label": f"{shape} {t(card, lang)}", "tip": t(card, lang), "bg": bg, "fg": fg}
    name = card_label(card, lang)
    colour = card.partition(":")[2].split("+")[0]
    bg, fg, _ = COLOUR_STYLE.get(colour, ("#eeeeee", "#111", ""))
    return {"label": name, "tip": f"{name} · {_fb().face_value(card)} pt", "bg": bg, "fg": fg}


def card_html(card: str | None, ruleset: str, lang: str, slot: str = "", changed: bool = False) -> str:
    fb = _fb()
    cls = "fb-card" + (" fb-changed" if changed else "")
    slot_html = f"<span class='fb-slot'>{esc(slot)}</span>" if slot else ""
    if card is None:
        return f"<div class='{cls} fb-empty' data-slot='{esc(slot)}'>{slot_html}—</div>"
    syms = "".join(colour_badge(c, lang) for c in fb.symbols(card, ruleset))
    return (f"<div class='{cls}' data-slot='{esc(slot)}' data-card='{esc(card)}'>{slot_html}"
            # a two-colour name ("(vert+marron)") may wrap after its "+", never inside a word
            f"<div class='fb-name'>{esc(card_label(card, lang)).replace('+', '+<wbr>')}</div>"
            f"<div class='fb-face'>{fb.face_value(card)} pt</div><div>{syms}</div></div>")


def mini_card(card: str, ruleset: str, lang: str, extra: str = "") -> str:
    fb = _fb()
    syms = "".join(colour_badge(c, lang) for c in dict.fromkeys(fb.symbols(card, ruleset)))
    tag = {"fb-bonus": " <b>+1</b>", "fb-removed": " ✗"}.get(extra, "")
    return (f"<span class='fb-mini {extra}' data-card='{esc(card)}'>{esc(card_label(card, lang))} "
            f"<b>{fb.face_value(card)}</b> {syms}{tag}</span>")


def pawn_html(player: int, colour: str, lang: str, who: str) -> str:
    bg, fg, shape = COLOUR_STYLE[colour]
    return (f"<span class='fb-pawn' style='background:{bg};color:{fg}' "
            f"title='{esc(t('pawn_of', lang, who=who))}'>{shape}{player + 1}</span>")


def _default_who(lang: str):
    return lambda p: t("player_n", lang, n=p + 1)


def _as_view(state_or_view, visible=None) -> dict | None:
    """A view as the panels draw it.  The generic shell hands views; a State (the
    previous shell's call) is shown as the teacher sees it, hands outside ``visible`` hidden."""
    if state_or_view is None or isinstance(state_or_view, dict):
        return state_or_view
    view = game().view(state_or_view, None)
    if visible is not None:
        view["hands"] = [h if p in set(visible) else None for p, h in enumerate(view["hands"])]
    return view


def _scores(view: dict) -> list:
    """Each victory pile scored by the engine (face values, colour bonus, the escape penalty)."""
    fb = _fb()
    escaped = view["end"] == "escaped"
    return [fb.score_pile(won, view["colours"][p], escaped, view["ruleset"]) for p, won in enumerate(view["won"])]


def board(view, before=None, lang: str = "en", who=None, *old) -> dict:
    """The table as HTML sections, drawn from a view (``game.view(state, viewer)``);
    what changed since ``before`` (the previous position's view) is outlined.

    A hand the view does not show (``hands[p]`` is None) is drawn face down.
    """
    visible = None
    if old:  # the previous shell's call: board(state, before, lang, visible, who)
        visible, who = who, old[0]
    view, before = _as_view(view, visible), _as_view(before, visible)
    who = who or _default_who(lang)
    n = view["players"]
    ruleset = view["ruleset"]
    changed = before is not None
    slots = [view["rows"][s] for s in _fb().SLOTS]
    old_slots = [before["rows"][s] for s in _fb().SLOTS] if changed else slots
    colours, pawns = view["colours"], view["pawns"]
    # rows
    head = "".join(
        f"<div class='fb-pilehead'>{esc(t('pile', lang, n=i + 1))}<br>"
        f"{esc(t('cards_left', lang, n=size) if size else t('exhausted', lang))}</div>"
        for i, size in enumerate(view["pile_sizes"]))
    cells = "".join(
        card_html(card, ruleset, lang, slot=_fb().SLOTS[i], changed=changed and old_slots[i] != card)
        for i, card in enumerate(slots))
    general = ""
    if view["general"]:
        cls = " fb-changed" if changed and not before["general"] else ""
        general = (f"<div class='fb-general{cls}'>{esc(t('general_aside', lang))}{colon(lang)} "
                   f"{mini_card('general', ruleset, lang)}</div>")
    # pawns under the directions
    dirs = []
    for d in range(1, 6):
        here = "".join(pawn_html(p, colours[p], lang, who(p)) for p in range(n) if pawns[p] == d)
        moved = changed and any(before["pawns"][p] != pawns[p] and pawns[p] == d for p in range(n))
        dirs.append(f"<div class='fb-dir{' fb-changed' if moved else ''}' style='position:relative' "
                    f"title='{esc(t('direction', lang, n=d))}'>"
                    f"<span class='fb-dirnum'>↑{d}</span><br>{here or '&nbsp;'}</div>")
    rows = (f"<div class='fb-table'><div><div class='fb-grid'>{head}{cells}</div>"
            f"<div class='fb-dirs'>{''.join(dirs)}</div></div>"
            f"<div>{general}</div></div>")
    # who is to move is the shell's status line (or the stepper's narration): not repeated here;
    # nor is the phase in a game, whose status line names the decision (widgets/common.py hides it)
    decision = t("phase_over", lang) if view["over"] else game().decision_name(view["decision"], lang)
    info = (f"<div class='fb-info' data-decision='{esc(view['decision'])}'>"
            f"{esc(t('turn', lang))} {view['turn'] + 1} · "
            f"<span class='rt-to-decide'>{esc(t('phase', lang))}{colon(lang)} {esc(decision)} · </span>"
            f"{esc(t('ruleset_line', lang, r=t('ruleset_' + ruleset, lang)))} · "
            f"{esc(t('qi_deck', lang, n=view['deck_size'], d=view['discard_size'], e=view['exhaustions']))}</div>")
    # reserve
    res_changed = changed and before["reserve"] != view["reserve"]
    reserve = (f"<div class='fb-row{' fb-changed' if res_changed else ''}' style='position:relative'>"
               f"<span class='fb-label'>{esc(t('reserve', lang))}{colon(lang)}</span>"
               + "".join(qi_badge(c, lang) for c in view["reserve"]) + "</div>")
    # hands: the ones the view shows, the others face down
    hands = []
    for p in range(n):
        hand, size = view["hands"][p], view["hand_sizes"][p]
        ch = changed and (before["hands"][p] != hand or before["hand_sizes"][p] != size)
        if hand is not None:
            cards = "".join(qi_badge(c, lang) for c in hand) or "—"
        else:
            cards = f"<span class='fb-hidden'>{'🂠' * size} {esc(t('hand_hidden', lang))}</span>"
        hands.append(f"<div class='fb-row{' fb-changed' if ch else ''}' style='position:relative' data-player='{p}'>"
                     f"{pawn_html(p, colours[p], lang, who(p))} "
                     f"<span class='fb-label'>{esc(t('hand_of', lang, who=who(p)))} "
                     f"({size}){colon(lang)}</span>{cards}</div>")
    # victory piles, with the score breakdown
    won = []
    for p, sc in enumerate(_scores(view)):
        bonus_left = list(sc.bonus_cards)
        removed_left = sc.removed
        minis = []
        for card in view["won"][p]:
            mark = ""
            if removed_left is not None and card == removed_left:
                mark, removed_left = "fb-removed", None
            elif card in bonus_left:
                mark = "fb-bonus"
                bonus_left.remove(card)
            minis.append(mini_card(card, ruleset, lang, mark))
        ch = changed and before["won"][p] != view["won"][p]
        # what is counted: the face values added up (as the rulebook writes 6+6+2+2+1+1+1+1 = 20)
        terms = [_fb().face_value(c) for c in sc.cards if _fb().face_value(c)]
        counted = "+".join(str(v) for v in sorted(terms, reverse=True))
        # a long sum ("6+6+6+6+3+3+...") may wrap after a "+": it ran past a narrow column
        line = (f"<span class='fb-terms'>{esc(counted).replace('+', '+<wbr>')} = </span>"
                if len(terms) > 1 else "") + esc(
            t("score_line", lang, face=sc.face, bonus=sc.bonus, total=sc.total))
        if sc.removed:
            line = esc(t("removed_points", lang, card=card_label(sc.removed, lang),
                         points=_fb().face_value(sc.removed))) + " · " + line
        elif not view["over"] and sc.cards:  # a pile is counted at the end of the game
            line += " · " + esc(t("score_so_far", lang))
        won.append(f"<div class='fb-row{' fb-changed' if ch else ''}' style='position:relative' data-player='{p}'>"
                   f"{pawn_html(p, colours[p], lang, who(p))} "
                   f"<span class='fb-label'>{esc(t('won_by', lang, who=who(p)))} "
                   f"{colour_badge(colours[p], lang)}{colon(lang)}</span> "
                   f"<span class='fb-score' data-total='{sc.total}'>{line}</span><br>"
                   f"{''.join(minis) or '—'}</div>")
    return {
        "css": _CSS,
        "info": info,
        "rows": rows,
        "reserve": reserve,
        "hands": "".join(hands),
        "won": "".join(won),
    }


def breakdown(game_, view, lang: str, who=None):
    """Each player's score as a table (a DataFrame where pandas imports), from the teacher's view at the end:
    the penalty card and the bonus cards marked."""
    view = _as_view(view)
    who = who or _default_who(lang)
    rows = []
    for p, sc in enumerate(_scores(view)):
        bonus_left = list(sc.bonus_cards)
        marks = []
        for card in sc.cards:
            if card in bonus_left:
                bonus_left.remove(card)
                marks.append(f"{card_label(card, lang)} (+1 {t('bonus_mark', lang)})")
        rows.append({
            t("col_player", lang): who(p),
            t("col_colour", lang): t(view["colours"][p], lang),
            t("face", lang): sc.face,
            t("bonus", lang): sc.bonus,
            t("penalty_card", lang): card_label(sc.removed, lang) if sc.removed else "—",
            t("total", lang): sc.total,
            t("col_marks", lang): "; ".join(marks) or "—",
        })
    return frame(rows)


def payment_words(payment, lang: str) -> str:
    """A payment in the learner's words: "green + red" (the colours as the page names them)."""
    return " + ".join(t(c, lang) if c in COLOUR_STYLE else str(c) for c in payment)


class FireBullsControls(w.VBox):
    """Moves by clicking, as the rules offer them now.

    ``refresh(view, actions, lang)`` offers what ``actions`` (the legal moves)
    holds: a button per reserve card, the deck, each pawn move, and each way
    to pay an attack ("Attack from 3: pay with green + red", one button per
    payment the hand allows).  A pawn move or an attack direction the rules
    refuse now is shown disabled, the engine's reason on hover and in the
    "why not?" list (``game.why_illegal``); the pawn's own direction is not
    offered.  Every button hands an ``fb.Action`` to the shell.
    """

    def __init__(self, shell: GameShell):
        super().__init__()
        self.shell = shell
        self.prompt = w.HTML()
        self.prompt.add_class("fb-prompt")
        self.reserve_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.reserve_box.add_class("fb-reserve-buttons")
        self.draw_button = w.Button(layout=w.Layout(width="auto"))
        self.draw_button.add_class("fb-draw")
        self.draw_button.on_click(lambda _: self._play(_fb().Action.draw()))
        self.move_buttons = []
        self.attack_buttons = []  # the direction buttons shown when no attack is open from there
        for d in range(1, 6):
            mb = w.Button(layout=w.Layout(width="auto"))
            mb.add_class(f"fb-move-{d}")
            mb.on_click(lambda _, d=d: self._play(_fb().Action.draw(move_to=d)))
            self.move_buttons.append(mb)
            ab = w.Button(button_style="danger", layout=w.Layout(width="auto"))
            ab.add_class(f"fb-attack-{d}")
            ab.on_click(lambda _, b=ab: self._explain(b))  # shown only refused: pressed, it says why
            self.attack_buttons.append(ab)
        self.stop_button = w.Button(button_style="warning", layout=w.Layout(width="auto"))
        self.stop_button.add_class("fb-stop")
        self.stop_button.on_click(lambda _: self._play(_fb().Action.stop()))
        self.choice_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.choice_box.add_class("fb-choice-buttons")
        self.refused = w.HTML()
        self.refused.add_class("rt-refusals-box")
        self.pay_buttons: list[w.Button] = []  # one per legal attack, general attack or payment
        self._reserve_key = None
        self._choice_key = None
        self._key: object = None

    def _play(self, action) -> None:
        self.shell.play(action)

    def _explain(self, button: w.Button) -> None:
        """A refused direction pressed: the engine's reason, above the moves."""
        action = getattr(button, "refused_action", None)
        if action is not None and hasattr(self.shell, "explain"):
            self.shell.explain(action)

    def _reserve(self, cards: list, lang: str) -> None:
        key = (tuple(cards), lang)
        if key == self._reserve_key:
            return
        self._reserve_key = key
        buttons = []
        for card in cards:
            bg, fg, shape = COLOUR_STYLE[card]
            b = w.Button(description=t("take_reserve", lang, card=f"{shape}{LETTERS[lang][card]} {t(card, lang)}"),
                         layout=w.Layout(width="auto"))
            b.style.button_color = bg
            b.style.text_color = fg
            b.add_class(f"fb-take-{card}")
            b.on_click(lambda _, c=card: self._play(_fb().Action.take(c)))
            buttons.append(b)
        self.reserve_box.children = buttons

    def _choices(self, actions: list, lang: str) -> None:
        key = (tuple(actions), lang)
        if key == self._choice_key:
            return
        self._choice_key = key
        buttons = []
        for a in actions:
            label = action_label(self.shell.game, a, lang)
            b = w.Button(description=label, tooltip=label, layout=w.Layout(width="auto"))
            b.add_class(f"fb-choice-{a.kind}")
            b.add_class("fb-choice")
            b.on_click(lambda _, a=a: self._play(a))
            buttons.append(b)
        self.choice_box.children = buttons

    def _pay_button(self, action, lang: str, short: bool = False) -> w.Button:
        """A button for one way to pay: "pay with green + red", or "green + red" (``short``: in a
        line that says where the attack comes from); the engine's full wording on hover."""
        cards = payment_words(action.payment, lang)
        label = cards if short else t("pay_with_cards", lang, cards=cards)
        b = w.Button(description=label, tooltip=action_label(self.shell.game, action, lang),
                     button_style="danger" if action.kind != "pay" else "", layout=w.Layout(width="auto"))
        where = f"{action.direction}-" if action.kind == "attack" else ""
        b.add_class(f"fb-{action.kind}-{where}{'-'.join(action.payment)}")
        b.add_class("fb-payment")
        b.action = action
        b.on_click(lambda _, a=action: self._play(a))
        return b

    def _refuse(self, button: w.Button, action, lang: str) -> w.Button:
        """Disable ``button``: the rules refuse ``action`` now; the engine says why."""
        why = self.shell.game.why_illegal(getattr(self.shell, "state", None), action) \
            if hasattr(self.shell, "state") else None
        tip = refusal_text(self.shell.game, why, lang) if why is not None else ""
        button.disabled = True
        button.tooltip = tip
        button.refusal = tip
        button.refused_action = action
        button.add_class("rt-refused")
        return button

    def _group(self, title: str, buttons: list) -> w.HBox:
        """One attack direction on one line: its title, then a button per way to pay."""
        mark = colon(getattr(self.shell, "lang", "en"))
        box = w.HBox([w.HTML(f"<b>{esc(title)}{mark}</b>" if not title.endswith(":") else f"<b>{esc(title)}</b>"),
                      *buttons], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        box.add_class("fb-attack-group")
        return box

    def refresh(self, view, actions, lang) -> None:
        fb = _fb()
        if isinstance(actions, str):  # the previous shell's call: refresh(state, lang, hand_visible)
            state, lang, visible = view, actions, bool(lang)
            view = _as_view(state)
            actions = (self.shell.game.legal_actions(state)
                       if visible and self.shell.human_to_move and not self.shell.game.is_over(state) else [])
        key = (id(getattr(self.shell, "state", None)), lang, tuple(actions), view["current_player"],
               view["decision"])
        if key == self._key:
            return
        self._key = key
        self.pay_buttons = []
        self.refused.value = ""
        if not actions:  # nobody here decides now (a bot, a hidden hand, the end)
            hidden = self.shell.hidden_hand_prompt(lang) if hasattr(self.shell, "hidden_hand_prompt") else ""
            self.prompt.value = f"<b class='fb-show-hand'>{esc(hidden)}</b>" if hidden else ""
            self.children = [self.prompt]
            return
        decision = view["decision"]
        me = view["current_player"]
        self.draw_button.description = t("draw", lang)
        for d, (mb, ab) in enumerate(zip(self.move_buttons, self.attack_buttons), start=1):
            for b in (mb, ab):
                b.disabled, b.tooltip = False, ""
                b.refusal, b.refused_action = "", None
                b.remove_class("rt-refused")
            mb.description = t("draw_move", lang, n=d)
            ab.description = t("attack_dir", lang, n=d)
        self.stop_button.description = t("end_attack", lang)
        kinds = {a.kind for a in actions}
        if decision == "action":
            self.prompt.value = f"<b>{esc(t('moves_action', lang))}</b>"
            self._reserve([a.card for a in actions if a.kind == "take"], lang)
            draws = {a.direction for a in actions if a.kind == "draw"}
            own = view["pawns"][me] if me is not None else None
            moves = []
            for d, b in enumerate(self.move_buttons, start=1):
                if d == own:
                    continue  # the pawn's own direction is no move
                moves.append(b if d in draws else self._refuse(b, fb.Action.draw(move_to=d), lang))
            groups, refused = [], []
            for d, ab in enumerate(self.attack_buttons, start=1):
                paid = [self._pay_button(a, lang, short=True) for a in actions
                        if a.kind == "attack" and a.direction == d]
                if paid:
                    self.pay_buttons += paid
                    groups.append(self._group(t("attack_from_short", lang, n=d), paid))
                else:
                    # no payment named: the engine says which rule refuses the direction, or that no
                    # set of cards in the hand pays for its nearest card (never a made-up payment)
                    refused.append(self._refuse(ab, fb.Action.attack(d, ()), lang))
            general = [self._pay_button(a, lang, short=True) for a in actions if a.kind == "general"]
            if general:
                self.pay_buttons += general
                groups.append(self._group(t("attack_general_short", lang), general))
            if groups:  # one line per direction under one heading
                groups.insert(0, w.HTML(f"<b class='fb-attack-head'>{esc(t('attack_head', lang))}</b>"))
            if refused:  # the directions the rules refuse now, on one line after the attacks one can pay for
                groups.append(w.HBox(refused, layout=w.Layout(flex_flow="row wrap")))
            gather = [self.reserve_box] + ([self.draw_button] if 0 in draws else [])
            self.children = [self.prompt, w.HBox(gather, layout=w.Layout(flex_flow="row wrap")),
                             w.HBox(moves, layout=w.Layout(flex_flow="row wrap")), *groups, self.refused]
        elif decision == "attack":
            self.prompt.value = f"<b>{esc(t('moves_attack', lang))}</b>"
            paid = [self._pay_button(a, lang) for a in actions if a.kind == "pay"]
            self.pay_buttons = paid
            buttons = paid + ([self.stop_button] if "stop" in kinds else [])
            self.children = [self.prompt, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))]
        else:
            self.prompt.value = f"<b>{esc(t('moves_choice', lang))}</b>"
            self._choices(actions, lang)
            self.children = [self.prompt, self.choice_box]
        shown = [*self.move_buttons, *self.attack_buttons]
        self.refused.value = refusals_html([b for b in shown if b.disabled and _inside(b, self.children)], lang)


def _inside(button, widgets) -> bool:
    for wdg in widgets:
        if wdg is button or _inside(button, getattr(wdg, "children", ())):
            return True
    return False


def _scoring_example_id(game_) -> str | None:
    """The stepper opens on the rulebook's scoring example (the one that ends at 23 points)."""
    exs = game_.examples()
    for ex in exs:
        hay = f"{ex.id} {ex.title}".lower()
        if any(h in hay for h in SCORING_EXAMPLE_HINTS):
            return ex.id
    return exs[0].id if exs else None


# ------------------------------------------------------------------- page --
# The page is the generic one (widgets/page.py); this is all Fire Bulls adds.

from widgets.page import PageSpec  # noqa: E402  (the page skeleton imports nothing of this module)

PAGE = PageSpec(
    game=GAME_NAME,
    board=board,
    controls=FireBullsControls,
    breakdown=breakdown,
    first_example="lesson",  # the first lesson; the scoring example is last (data/lesson.json)
    seats=("person", "greedy"),
    css_class="fb-page",
)

# Shorthands the tests use: the stepper, a game shell, the rules panel, the page.
stepper, game_panel, rules_panel, page = PAGE.make_stepper, PAGE.make_shell, PAGE.make_rules, PAGE.make_page
