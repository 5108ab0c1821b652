"""The panels' words in English, Italiano and Français.

One :class:`Language` object is shared by every panel of a page: change its
``lang`` and every panel redraws its labels.  Rulebook quotes are never
translated (they stay in their rulebook's language); rule wordings come from
the engine (``Rule.wording(lang)``).

>>> t("next", "it"), t("next", "fr"), t("next", "en")
('Avanti', 'Suivant', 'Next')
>>> t("player_n", "fr", n=2)
'Joueur 2'
"""

from __future__ import annotations

import ipywidgets as w
import traitlets

LANGS = ("en", "it", "fr")
LANG_NAMES = {"en": "English", "it": "Italiano", "fr": "Français"}

# key: (English, Italiano, Français)
_STRINGS: dict[str, tuple[str, str, str]] = {
    # page, shell
    "language": ("Language", "Lingua", "Langue"),
    "examples": ("Rulebook examples", "Esempi del regolamento", "Exemples de la règle"),
    "play": ("Play", "Gioca", "Jouer"),
    "rules": ("Rules", "Regole", "Règles"),
    # stepper
    "first": ("First", "Inizio", "Début"),
    "previous": ("Previous", "Indietro", "Précédent"),
    "next": ("Next", "Avanti", "Suivant"),
    "last": ("Last", "Fine", "Fin"),
    "autoplay": ("Autoplay", "Riproduci", "Lecture auto"),
    "example": ("Example", "Esempio", "Exemple"),
    "step_of": ("Step {i} of {n}", "Passo {i} di {n}", "Étape {i} sur {n}"),
    "start_position": ("Starting position", "Posizione iniziale", "Position de départ"),
    "outcome": ("Outcome stated by the rulebook", "Esito secondo il regolamento",
                "Résultat annoncé par la règle"),
    "source": ("Source", "Fonte", "Source"),
    "illegal_step": ("The rules refuse this action; nothing changes.",
                     "Le regole rifiutano questa azione; non cambia nulla.",
                     "Les règles refusent cette action ; rien ne change."),
    "changed": ("highlighted: what changed since the step before",
                "evidenziato: ciò che è cambiato dal passo precedente",
                "en surbrillance : ce qui a changé depuis l'étape précédente"),
    "no_examples": ("This game has no worked examples yet.",
                    "Questo gioco non ha ancora esempi.",
                    "Ce jeu n'a pas encore d'exemples."),
    # citations
    "rule": ("Rule", "Regola", "Règle"),
    "in_english": ("In English", "In inglese", "En anglais"),
    "reconstructed": ("reconstructed: the rulebooks do not state this",
                      "ricostruita: i regolamenti non lo dicono",
                      "reconstituée : les règles ne le disent pas"),
    # rules panel
    "search": ("Search the rules", "Cerca nelle regole", "Chercher dans les règles"),
    "n_rules": ("{n} rules", "{n} regole", "{n} règles"),
    "no_match": ("No rule matches.", "Nessuna regola trovata.", "Aucune règle ne correspond."),
    "differences": ("Italian and French rulebooks side by side",
                    "Regolamento italiano e francese a confronto",
                    "Règles italienne et française côte à côte"),
    "topic": ("Topic", "Argomento", "Sujet"),
    "italian_rulebook": ("Italian rulebook", "Regolamento italiano", "Règle italienne"),
    "french_rulebook": ("French rulebook", "Regolamento francese", "Règle française"),
    "all_rules": ("Every clause", "Tutte le clausole", "Toutes les clauses"),
    "ruleset": ("Rulebook", "Regolamento", "Règle"),
    "ruleset_it": ("Italian rulebook", "Regolamento italiano", "Règle italienne"),
    "ruleset_fr": ("French rulebook", "Regolamento francese", "Règle française"),
    # game shell
    "new_game": ("New game", "Nuova partita", "Nouvelle partie"),
    "players": ("Players", "Giocatori", "Joueurs"),
    "seed": ("Seed", "Seme", "Graine"),
    "seat": ("Seat {n}", "Posto {n}", "Place {n}"),
    "person": ("person", "persona", "personne"),
    "bot_random": ("bot: random", "bot: casuale", "bot : hasard"),
    "bot_greedy": ("bot: greedy", "bot: avido", "bot : glouton"),
    # feb (issue 10 §2): "search" is a seat at more than one game now (Tir Nan Og, Formula E)
    "bot_search": ("bot: search", "bot: ricerca", "bot : recherche"),
    "undo": ("Undo", "Annulla", "Annuler"),
    "redo": ("Redo", "Ripeti", "Rétablir"),
    "save": ("Save scenario", "Salva scenario", "Enregistrer le scénario"),
    "load": ("Load scenario", "Carica scenario", "Charger un scénario"),
    "scenario": ("Scenario file (JSON)", "File scenario (JSON)", "Fichier de scénario (JSON)"),
    "saved": ("Position saved below as a scenario file: copy it, or download it.",
              "Posizione salvata qui sotto come file scenario: copiala o scaricala.",
              "Position enregistrée ci-dessous comme scénario : copiez-la ou téléchargez-la."),
    "loaded": ("Scenario loaded.", "Scenario caricato.", "Scénario chargé."),
    "bad_scenario": ("This scenario cannot be loaded: {msg}. Nothing changed.",
                     "Questo scenario non si può caricare: {msg}. Non è cambiato nulla.",
                     "Ce scénario ne peut pas être chargé : {msg}. Rien n'a changé."),
    "illegal": ("Not allowed: {msg}", "Non consentito: {msg}", "Interdit : {msg}"),
    "nothing_changed": ("Nothing changed.", "Non è cambiato nulla.", "Rien n'a changé."),
    "not_a_move": ("that is not a move of this game", "questa non è una mossa di questo gioco",
                   "ce n'est pas un coup de ce jeu"),
    "nothing_to_undo": ("Nothing to undo.", "Niente da annullare.", "Rien à annuler."),
    "nothing_to_redo": ("Nothing to redo.", "Niente da ripetere.", "Rien à rétablir."),
    "not_your_turn": ("It is a bot's turn: press “Bot move”.",
                      "Tocca a un bot: premi «Mossa del bot».",
                      "C'est au tour d'un bot : appuyez sur « Coup du bot »."),
    "game_over_click": ("The game is over: start a new game or undo.",
                        "La partita è finita: iniziane una nuova o annulla.",
                        "La partie est finie : commencez-en une nouvelle ou annulez."),
    "bot_move": ("Bot move", "Mossa del bot", "Coup du bot"),
    "bots_auto": ("Bots play by themselves", "I bot giocano da soli", "Les bots jouent seuls"),
    "upload": ("Upload a file", "Carica un file", "Téléverser un fichier"),
    "to_move": ("{who} to move", "Tocca a {who}", "À {who} de jouer"),
    "player_n": ("Player {n}", "Giocatore {n}", "Joueur {n}"),
    "bot_n": ("Bot {n}", "Bot {n}", "Bot {n}"),
    "show_hand": ("Show the hand of {who}", "Mostra la mano di {who}", "Montrer la main de {who}"),
    "hide_hand": ("Hide the hand", "Nascondi la mano", "Cacher la main"),
    "show_everything": ("Show everything (teacher)", "Mostra tutto (insegnante)", "Tout montrer (enseignant)"),
    "show_everything_tip": ("Every hand and every hidden card, as the teacher sees them",
                            "Tutte le mani e tutte le carte nascoste, come le vede l'insegnante",
                            "Toutes les mains et toutes les cartes cachées, comme l'enseignant les voit"),
    "hand_hidden": ("(face down)", "(coperte)", "(face cachée)"),
    "log": ("What happened", "Cosa è successo", "Ce qui s'est passé"),
    "game_over": ("Game over", "Partita finita", "Partie terminée"),
    "winner": ("Winner: {who}", "Vince: {who}", "Gagnant : {who}"),
    "winners": ("Winners: {who}", "Vincono: {who}", "Gagnants : {who}"),
    "scores_over_turns": ("Scores over turns", "Punti turno per turno", "Points au fil des tours"),
    "turn": ("Turn", "Turno", "Tour"),
    "points": ("Points", "Punti", "Points"),
    "choose": ("Your choice", "La tua scelta", "Votre choix"),
    "all_moves": ("Any legal move", "Qualsiasi mossa legale", "Tout coup légal"),
    "play_move": ("Play it", "Gioca", "Jouer"),
    # score tables
    "card": ("Card", "Carta", "Carte"),
    "face": ("Face value", "Valore", "Valeur"),
    "bonus": ("Colour bonus", "Bonus colore", "Bonus couleur"),
    "total": ("Total", "Totale", "Total"),
    "penalty_card": ("Penalty (removed)", "Penalità (tolta)", "Pénalité (retirée)"),
    "status": ("Counts", "Conta", "Compte"),
    "yes": ("yes", "sì", "oui"),
    "no": ("no", "no", "non"),
}


def t(key: str, lang: str = "en", **kwargs) -> str:
    """The string ``key`` in ``lang``; unknown keys show as themselves."""
    row = _STRINGS.get(key)
    if row is None:
        text = key
    else:
        text = row[LANGS.index(lang)] if lang in LANGS else row[0]
    return text.format(**kwargs) if kwargs else text


def add_strings(strings: dict[str, tuple[str, str, str]]) -> None:
    """A game's panel adds its own words (English, Italiano, Français)."""
    for key, row in strings.items():
        if len(row) != 3:
            raise ValueError(f"{key}: give the English, Italian and French strings")
        _STRINGS[key] = tuple(row)


def missing() -> list[str]:
    """Keys with an empty translation (a test keeps this empty)."""
    return [k for k, row in _STRINGS.items() if any(not s for s in row)]


class Language(traitlets.HasTraits):
    """The page's language, shared by its panels."""

    lang = traitlets.Enum(LANGS, default_value="en")

    def t(self, key: str, **kwargs) -> str:
        return t(key, self.lang, **kwargs)

    def chooser(self) -> w.ToggleButtons:
        """A chooser linked to this language."""
        box = w.ToggleButtons(
            options=[(LANG_NAMES[code], code) for code in LANGS],
            value=self.lang,
            description=t("language", self.lang),
            style={"button_width": "7em"},
            _dom_classes=["rt-lang"],
        )
        w.link((box, "value"), (self, "lang"))
        self.observe(lambda ch: setattr(box, "description", t("language", ch["new"])), "lang")
        return box
