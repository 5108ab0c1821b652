"""Kamikaze Attack's words: the message catalog (``data/messages.json``) and
how an action, a player, a card or a list of them is worded in a language.

Narration and refusals are written in English in the engine (the template is
the message id); the catalog holds their Italian and French, the names of
cards, decks, decisions and players, and the worked examples' texts.

>>> c = load_catalog()
>>> action_words(c, Play("archer"), "it"), action_words(c, Challenge(2), "fr")
('gioca Arciere', 'défier le joueur 3')
>>> c.render("{Players} may swap the Familiar for another card in hand (not the Kamikaze).",
...          {"players": (0, 1)}, "it")
"Il Famiglio può essere scambiato con un'altra carta in mano (non il Kamikaze) dal Giocatore 1 e dal Giocatore 2."
"""

from __future__ import annotations

from typing import Any

from tutor.core import Catalog, IllegalAction, Words, short

from .actions import Challenge, Decline, Keep, Play, PlayOn, Stop, Swap, TakeBack

# how each message parameter is worded, by its name
PLAYER_PARAMS = frozenset({"player", "opponent", "winner", "loser", "viewer", "source"})
CARD_PARAMS = frozenset({"card", "other_card"})
PLAYER_LIST_PARAMS = frozenset({"players", "winners"})
CARD_LIST_PARAMS = frozenset({"cards", "others"})

ACTION_TEMPLATES = {
    Challenge: "challenge player {number}",
    Play: "play the {card}",
    Swap: "swap the Familiar for the {card}",
    Keep: "keep the Familiar",
    TakeBack: "take back the {card}",
    Decline: "take nothing back",
    Stop: "end the game in stalemate",
    PlayOn: "play on with another card",
}


class _Words(Words):
    """Formats one message parameter in a language from the catalog's names."""

    PLAYERS = PLAYER_PARAMS
    PLAYER_LISTS = PLAYER_LIST_PARAMS

    def card(self, c: Any, lang: str) -> str:
        return self.name("cards", c, lang) if isinstance(c, str) and len(c) <= 40 else short(c)

    def other(self, name: str, value: Any, lang: str) -> str | None:
        if name in CARD_PARAMS:
            return self.card(value, lang)
        if name in CARD_LIST_PARAMS and isinstance(value, (tuple, list)):
            cards = [self.card(c, lang) for c in value]  # "A, B and C"
            if len(cards) > 2:
                return ", ".join(cards[:-1]) + self.name("words", "and", lang) + cards[-1]
            return self.join(cards, lang)
        return None


def load_catalog() -> Catalog:
    return _Words.catalog("tutor.games.kamikaze.data")


def action_params(action: Any) -> dict:
    if isinstance(action, Challenge):
        n = action.opponent
        return {"number": n + 1 if isinstance(n, int) and not isinstance(n, bool) else short(n)}
    card = getattr(action, "card", None)
    return {} if card is None else {"card": card}


def action_words(catalog: Catalog, action: Any, lang: str = "en") -> str:
    """An action in words of ``lang``; in English exactly ``str(action)``."""
    template = ACTION_TEMPLATES.get(type(action))
    if template is None:
        return short(action)
    return catalog.render(template, action_params(action), lang)


def example_words(game: Any, example: Any, lang: str) -> dict:
    """An example's texts in ``lang`` (see ``KamikazeAttack.example_text``)."""
    catalog = game.catalog
    texts = catalog.example(example, lang)
    if lang == "en":
        texts["steps"] = [s.narration for s in example.steps]
        return texts
    entry = catalog.examples.get(example.id, {})
    if example.id.startswith("cell/") and example.steps:
        a, _, b = example.id[len("cell/"):].partition("-vs-")
        texts["title"] = catalog.render("{card} against {other_card}", {"card": a, "other_card": b}, lang)
        events = example.steps[-1].events
        if len(events) > 1:
            texts["outcome"] = catalog.message(events[1], lang)
    if example.id == "game/full":
        final = example.final
        won = game.winners(final)
        params: dict[str, Any] = {
            "n": final.duels, "end": catalog.name("ends", final.end, lang),
            "score": "-".join(str(x) for x in game.scores(final))}
        if len(won) == 1:
            params["winner"] = won[0]
            template = "Game over after {n} duels ({end}): graveyards {score}; winner: {winner}."
        else:
            template = "Game over after {n} duels ({end}): graveyards {score}; a true tie."
        texts["outcome"] = catalog.render(template, params, lang)
    notes = entry.get("notes", {})
    steps = []
    for i, step in enumerate(example.steps):
        mover = step.before.current_player
        action = action_words(catalog, step.action, lang) if step.action is not None else ""
        if step.illegal:
            try:
                game.apply(step.before, step.action)
                why = ""
            except IllegalAction as exc:
                why = catalog.message(exc, lang)
            steps.append(catalog.render("{Player} tries to {action}: refused — {why}.",
                                        {"player": mover, "action": action, "why": why}, lang))
            continue
        note = notes.get(str(i), {}).get(lang)
        lead = note or catalog.render("{Player}: {action}.", {"player": mover, "action": action}, lang)
        said = " ".join(catalog.message(e, lang) for e in step.events)
        steps.append((lead + " " + said).strip())
    texts["steps"] = steps
    return texts
