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

from typing import Callable

import ipywidgets as w
import traitlets

from tutor.core import counted, finish_text

LANGS = ("en", "it", "fr")
LANG_NAMES = {"en": "English", "it": "Italiano", "fr": "Français"}

# a game page's own words, by game: kept apart so that no page replaces a shared word
_TABLES: dict[str, dict[str, tuple[str, str, str]]] = {}

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
    "rulebook_says": ("The rulebook says", "Il regolamento dice", "Le livret de règles dit"),
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
    "seed": ("Game number", "Partita n.", "Partie n°"),
    "seat": ("Seat {n}", "Posto {n}", "Place {n}"),
    "person": ("human", "umano", "humain"),
    "bot_random": ("bot: random", "bot: casuale", "bot : hasard"),
    "bot_greedy": ("bot: greedy", "bot: avido", "bot : glouton"),
    # "search" is a seat at more than one game now (Tir Nan Og, Formula E)
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
    "to_move": ("{who} to move", "Tocca a {who}", "C'est à {who} de jouer"),  # "À Joueur 1 de jouer" read wrong
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
    # compact citations, the Rules tab's contents, search and filter
    "reconstructed_short": ("reconstructed", "ricostruita", "reconstituée"),
    "contents": ("Contents", "Indice", "Sommaire"),
    "only_recon": ("Reconstructed only", "Solo ricostruite", "Seulement reconstituées"),
    "only_recon_tip": ("Only the clauses the rulebooks do not state, which the tutor reconstructed",
                       "Solo le clausole che i regolamenti non dicono, ricostruite dal tutor",
                       "Seulement les clauses que les règles ne disent pas, reconstituées par le tuteur"),
    "recon_count": ("{n} of {total} clauses are reconstructed: the rulebooks do not state them.",
                    "{n} clausole su {total} sono ricostruite: i regolamenti non le dicono.",
                    "{n} clauses sur {total} sont reconstituées : les règles ne les disent pas."),
    "n_found": ("{n} rules found, best first", "{n} regole trovate, le più pertinenti prima",
                "{n} règles trouvées, les plus pertinentes d'abord"),
    "search_tip": ("Words in English, Italian or French; a rule's title or id counts most",
                   "Parole in inglese, italiano o francese; il titolo o l'id di una regola contano di più",
                   "Mots en anglais, italien ou français ; le titre ou l'id d'une règle comptent le plus"),
    "open_details": ("Open a line for the wording and the translation",
                     "Apri una riga per il testo e la traduzione",
                     "Ouvrez une ligne pour le texte et la traduction"),
    "also_mentioned": ("Also mentioned in", "Citato anche in", "Mentionné aussi dans"),
    "search_example": ("e.g. how many cards", "es. quante carte", "ex. combien de cartes"),
    # moves as the rules offer them, bot speed, one name per seat
    "why_not": ("Why are some moves greyed out?", "Perché alcune mosse sono in grigio?",
                "Pourquoi certains coups sont-ils grisés ?"),
    "your_hand_click": ("Hand of {who}: click a card to play it", "Mano di {who}: clicca una carta per giocarla",
                        "Main de {who} : cliquez sur une carte pour la jouer"),
    "show_hand_first": ("{who}: your moves wait for your hand. Press “{button}” (the others look away).",
                        "{who}: le tue mosse aspettano la tua mano. Premi «{button}» (gli altri non guardano).",
                        "{who} : vos coups attendent votre main. Appuyez sur « {button} » (les autres détournent les yeux)."),
    "bot_speed": ("Bots play:", "I bot giocano:", "Les bots jouent :"),
    "speed_step": ("step by step", "passo a passo", "pas à pas"),
    "speed_slow": ("slowly", "piano", "lentement"),
    "speed_fast": ("fast", "veloce", "vite"),
    "speed_end": ("to the end", "fino alla fine", "jusqu'à la fin"),
    "pause": ("Pause", "Pausa", "Pause"),
    "resume": ("Resume", "Riprendi", "Reprendre"),
    # places as links, the way back, page titles, accessible names
    "page_title": ("{game} — learn the rules", "{game} — impara le regole", "{game} — apprendre les règles"),
    "all_games": ("← All games", "← Tutti i giochi", "← Tous les jeux"),
    "link_here": ("Link to this place", "Link a questo punto", "Lien vers cet endroit"),
    "link_here_tip": ("Copy this address to come back here or to share this place",
                      "Copia questo indirizzo per tornare qui o per condividere questo punto",
                      "Copiez cette adresse pour revenir ici ou partager cet endroit"),
    "step_slider": ("Step", "Passo", "Étape"),
    "stop": ("Stop", "Ferma", "Arrêter"),
    "loop": ("Loop", "Ripeti da capo", "En boucle"),
    "board": ("The table", "Il tavolo", "La table"),
    "skip_to_moves": ("Skip to the moves", "Vai alle mosse", "Aller aux coups"),
    "list_sep": ("; ", "; ", " ; "),
    "bad_link": ("This link could not be followed entirely: {what}",
                 "Questo link non si può seguire del tutto: {what}",
                 "Ce lien ne peut pas être suivi entièrement : {what}"),
    "place_bad_lang": ("there is no language “{value}” (en, it, fr): the page is in English",
                       "non c'è la lingua «{value}» (en, it, fr): la pagina è in inglese",
                       "il n'y a pas de langue « {value} » (en, it, fr) : la page est en anglais"),
    "place_bad_tab": ("there is no tab “{value}” (examples, play, rules, quiz, scenarios)",
                      "non c'è la scheda «{value}» (examples, play, rules, quiz, scenarios)",
                      "il n'y a pas d'onglet « {value} » (examples, play, rules, quiz, scenarios)"),
    "place_bad_example": ("there is no example “{value}”: here is the first one",
                          "non c'è l'esempio «{value}»: ecco il primo",
                          "il n'y a pas d'exemple « {value} » : voici le premier"),
    "place_bad_step": ("this example has no step {value} (it has {n}): here is its start",
                       "questo esempio non ha il passo {value} (ne ha {n}): eccone l'inizio",
                       "cet exemple n'a pas d'étape {value} (il en a {n}) : en voici le début"),
    "place_bad_step_value": ("“{value}” is not a step number: here is the start",
                             "«{value}» non è un numero di passo: ecco l'inizio",
                             "« {value} » n'est pas un numéro d'étape : voici le début"),
    "place_bad_ruleset": ("there is no rulebook “{value}” ({known})",
                          "non c'è il regolamento «{value}» ({known})",
                          "il n'y a pas de règle « {value} » ({known})"),
    "place_bad_seed": ("“{value}” is not a seed (a whole number from 0 to 2147483647)",
                       "«{value}» non è un seme (un numero intero da 0 a 2147483647)",
                       "« {value} » ne convient pas pour seed : il faut un nombre entier de 0 à 2147483647"),
    # a chosen move previewed on the board, then confirmed
    "chosen_move": ("Chosen: {move}. The board shows where each piece will end up: confirm it, or choose another.",
                    "Scelta: {move}. Il tabellone mostra dove finirà ogni pezzo: confermala, o scegline un'altra.",
                    "Choisi : {move}. Le plateau montre où finira chaque pièce : confirmez, ou choisissez-en un autre."),
    "confirm_move": ("Confirm", "Conferma", "Confirmer"),
    "cancel_move": ("Cancel", "Annulla", "Annuler"),
    # the Quiz tab and the Play tab's Hint button
    "quiz": ("Quiz", "Quiz", "Quiz"),
    "quiz_check": ("Check my answer", "Verifica la risposta", "Vérifier ma réponse"),
    "quiz_next": ("Next question", "Domanda successiva", "Question suivante"),
    "quiz_new": ("New questions", "Nuove domande", "Nouvelles questions"),
    "quiz_file": ("Save or load a question set", "Salva o carica un insieme di domande",
                  "Enregistrer ou charger une série de questions"),
    "quiz_progress": ("Question {i} of {n}", "Domanda {i} di {n}", "Question {i} sur {n}"),
    "quiz_score": ("First try: {right} right of {answered}", "Al primo tentativo: {right} giuste su {answered}",
                   "Du premier coup : {right} justes sur {answered}"),
    "quiz_none": ("No question could be built here.", "Nessuna domanda disponibile qui.",
                  "Aucune question n'a pu être construite ici."),
    "quiz_many": ("Pick every right choice, then check.", "Scegli tutte le risposte giuste, poi verifica.",
                  "Choisissez toutes les bonnes réponses, puis vérifiez."),
    "quiz_one": ("Pick one choice.", "Scegli una risposta.", "Choisissez une réponse."),
    "quiz_right": ("Right!", "Giusto!", "Juste !"),
    "quiz_right_now": ("Right this time (the first try counts in the score).",
                       "Giusto stavolta (nel punteggio conta il primo tentativo).",
                       "Juste cette fois (le score compte le premier essai)."),
    "quiz_missing_one": ("Right so far, but one more choice is right too: pick it and check again.",
                         "Giusto finora, ma anche un'altra risposta è giusta: sceglila e verifica di nuovo.",
                         "Juste jusqu'ici, mais un autre choix est juste aussi : choisissez-le et vérifiez à nouveau."),
    "quiz_missing": ("Right so far, but {n} more choices are right too: pick them and check again.",
                     "Giusto finora, ma anche altre {n} risposte sono giuste: sceglile e verifica di nuovo.",
                     "Juste jusqu'ici, mais {n} autres choix sont justes aussi : choisissez-les et vérifiez à nouveau."),
    "quiz_try_again": ("Not this one. Why, below; try another choice.",
                       "Non questa. Il perché qui sotto; prova un'altra risposta.",
                       "Pas celle-ci. Pourquoi, ci-dessous ; essayez un autre choix."),
    "guide_kind_goal": ("The goal", "Lo scopo", "Le but"),
    "guide_kind_turn": ("A turn", "Un turno", "Un tour"),
    "guide_kind_rule": ("A rule", "Una regola", "Une règle"),
    "guide_kind_tip": ("A tip", "Un consiglio", "Un conseil"),
    "guide_kind_play": ("Play on", "Continua a giocare", "Continuez à jouer"),
    "guide_kind_met": ("Goal met", "Scopo raggiunto", "But atteint"),
    "guide_step": ("Your first game · step {i} of at most {n}", "La tua prima partita · passo {i} di {n} al massimo",
                   "Votre première partie · étape {i} sur {n} au plus"),
    "guide_your_move": ("Your move.", "Tocca a te.", "À vous de jouer."),
    "guide_suggested": ("Suggested: {move} (marked ★); any legal move is fine.",
                        "Mossa consigliata: {move} (segnata ★); va bene qualsiasi mossa legale.",
                        "Coup conseillé : {move} (marqué ★) ; tout coup légal convient."),
    "guide_suggested_tip": ("The move the guide suggests", "La mossa consigliata dalla guida",
                            "Le coup que le guide conseille"),
    "guide_more": ("Other moves", "Altre mosse", "Autres coups"),
    "guide_play_this": ("Play this move", "Gioca questa mossa", "Jouer ce coup"),
    "guide_restart": ("Start again", "Ricomincia", "Recommencer"),
    "guide_on_to_examples": ("On to the rulebook's examples", "Avanti con gli esempi del regolamento",
                             "Passer aux exemples de la règle"),
    "guide_done": ("You have seen the goal met: that is how the game is won. The rulebook's examples come next, simplest first.",
                   "Hai visto raggiungere lo scopo: così si vince. Ora gli esempi del regolamento, dal più semplice.",
                   "Vous avez vu le but atteint : c'est ainsi qu'on gagne. Viennent les exemples de la règle, du plus simple."),
    "guide_not_now": ("That move cannot be played now.", "Questa mossa non si può giocare ora.",
                      "Ce coup ne peut pas être joué maintenant."),
    "guide_as_suggested": ("The suggested move. What it did, and what the others did then:",
                           "La mossa consigliata. Cosa ha fatto, e cosa hanno fatto poi gli altri:",
                           "Le coup conseillé. Ce qu'il a fait, puis ce qu'ont fait les autres :"),
    "guide_other_less": ("A legal move, though the suggested one gained more right now. What it did:",
                         "Una mossa legale, anche se quella consigliata guadagnava di più adesso. Cosa ha fatto:",
                         "Un coup légal, mais le coup conseillé rapportait plus tout de suite. Ce qu'il a fait :"),
    "guide_other_fine": ("A legal move, as good right now as the one suggested. What it did:",
                         "Una mossa legale, buona adesso quanto quella consigliata. Cosa ha fatto:",
                         "Un coup légal, aussi bon pour l'instant que le coup conseillé. Ce qu'il a fait :"),
    "new_game_tip": ("A new deal (its seed is shown: type it to deal it again)",
                     "Una nuova smazzata (il suo seme è indicato: scrivilo per rigiocarla)",
                     "Une nouvelle donne (sa graine est affichée : tapez-la pour la rejouer)"),
    "replay_deal": ("Replay this deal", "Rigioca questa smazzata", "Rejouer cette donne"),
    "play_again": ("Play again", "Gioca ancora", "Rejouer"),
    "rematch": ("Rematch with seats swapped", "Rivincita a posti scambiati", "Revanche en changeant de place"),
    "hint_details": ("The numbers behind it", "I numeri dietro il consiglio", "Les chiffres derrière le conseil"),
    "quiz_reveal": ("Show the answer", "Mostra la risposta", "Voir la réponse"),
    "quiz_revealed": ("The answer, and why each choice is right or wrong:",
                      "La risposta, e perché ogni scelta è giusta o sbagliata:",
                      "La réponse, et pourquoi chaque choix est juste ou faux :"),
    "quiz_level": ("level {level} of 3", "livello {level} di 3", "niveau {level} sur 3"),
    "quiz_wrong": ("Not quite: the right choices are in green.", "Non proprio: le risposte giuste sono in verde.",
                   "Pas tout à fait : les bonnes réponses sont en vert."),
    "quiz_saved": ("{n} questions saved below: copy them to a file.",
                   "{n} domande salvate qui sotto: copiale in un file.",
                   "{n} questions enregistrées ci-dessous : copiez-les dans un fichier."),
    "quiz_loaded": ("{n} questions loaded.", "{n} domande caricate.", "{n} questions chargées."),
    "quiz_other_game": ("These questions are about another game.", "Queste domande riguardano un altro gioco.",
                        "Ces questions portent sur un autre jeu."),
    "your_turn": ("Your turn", "Tocca a te", "À vous"),
    "your_turn_tip": ("Predict each step before it is shown", "Prevedi ogni passo prima di vederlo",
                      "Prévoyez chaque étape avant de la voir"),
    "hint": ("Hint", "Suggerimento", "Indice"),
    "hint_not_now": ("A hint is for a person to move, with their hand shown.",
                     "Il suggerimento è per una persona di turno, con la mano visibile.",
                     "L'indice est pour une personne qui joue, main visible."),
    # the Scenarios tab
    "scenarios": ("Scenarios", "Scenari", "Scénarios"),
    "scn_pick": ("Scenario", "Scenario", "Scénario"),
    "scn_rule": ("Rule", "Regola", "Règle"),
    "scn_level": ("Difficulty", "Difficoltà", "Difficulté"),
    "scn_any": ("any", "tutte", "toutes"),
    "scn_goal": ("Goal: {goal}", "Obiettivo: {goal}", "Objectif : {goal}"),
    "scn_you": ("You play {seat}.", "Giochi come {seat}.", "Vous jouez {seat}."),
    "scn_solved": ("Solved!", "Risolto!", "Résolu !"),
    "scn_not_yet": ("Not yet: the goal is not reached.", "Non ancora: l'obiettivo non è raggiunto.",
                    "Pas encore : l'objectif n'est pas atteint."),
    "scn_moves": ("Moves used: {used} of {moves}", "Mosse usate: {used} di {moves}",
                  "Coups joués : {used} sur {moves}"),
    "scn_progress": ("Solved {solved} of {n} · attempts {attempts}", "Risolti {solved} di {n} · tentativi {attempts}",
                     "Résolus {solved} sur {n} · essais {attempts}"),
    "scn_reset": ("Reset", "Ricomincia", "Recommencer"),
    "scn_solution": ("Show the solution", "Mostra la soluzione", "Montrer la solution"),
    "scn_step": ("Next step of the solution", "Passo successivo", "Étape suivante"),
    "scn_none": ("No scenario matches.", "Nessuno scenario corrisponde.", "Aucun scénario ne correspond."),
    "play_here": ("Play from here", "Gioca da qui", "Jouer à partir d'ici"),
    "scn_wait": ("Waiting for the replies.", "In attesa delle risposte.", "En attente des réponses."),
    # the progress export, saving a position as a scenario
    "scn_exported": ("With them: the Scenarios tab's progress ({solved} solved, {attempts} attempts).",
                     "Con le domande: i progressi degli scenari ({solved} risolti, {attempts} tentativi).",
                     "Avec elles : les progrès des scénarios ({solved} résolus, {attempts} essais)."),
    "scn_goal_kind": ("Goal", "Obiettivo", "Objectif"),
    "scn_goal_n": ("n", "n", "n"),
    "scn_goal_moves": ("Moves", "Mosse", "Coups"),
    "scn_goal_seat": ("Learner", "Allievo", "Élève"),
    "scn_goal_title": ("Title", "Titolo", "Titre"),
    "scn_goal_title_tip": ("the scenario's title (optional)", "il titolo dello scenario (facoltativo)",
                           "le titre du scénario (facultatif)"),
    "scn_save_as": ("Save as scenario", "Salva come scenario", "Enregistrer comme scénario"),
    "scn_saved_as": ("The scenario is in the box above: copy it to a file.",
                     "Lo scenario è nel riquadro qui sopra: copialo in un file.",
                     "Le scénario est dans la zone ci-dessus : copiez-le dans un fichier."),
    # a quiz question's position in a link
    "place_bad_question": ("“{value}” is not a quiz question (question=SEED-INDEX, e.g. question=1-3)",
                           "“{value}” non è una domanda del quiz (question=SEME-INDICE, es. question=1-3)",
                           "« {value} » n'est pas une question du quiz (question=GRAINE-INDICE, ex. question=1-3)"),
    "place_bad_from": ("“{value}” is not a position to play from (from=step plays on from the link's example step, from=quiz from its question)",
                       "“{value}” non è una posizione da cui giocare (from=step continua dal passo dell'esempio del link, from=quiz dalla sua domanda)",
                       "« {value} » n'est pas une position d'où jouer (from=step continue depuis l'étape d'exemple du lien, from=quiz depuis sa question)"),
    "scn_moves_played": ("Moves played: {used}", "Mosse giocate: {used}", "Coups joués : {used}"),
    # a teacher's scenario file opened in the Scenarios tab
    "scn_teacher_file": ("A teacher's scenario file", "File di scenari dell'insegnante",
                         "Fichier de scénarios de l'enseignant"),
    "scn_open": ("Open the scenarios", "Apri gli scenari", "Ouvrir les scénarios"),
    "scn_open_tip": ("Paste a scenario file here (saved from the Play tab), or upload it.",
                     "Incolla qui un file di scenari (salvato dalla scheda Gioca), o caricalo.",
                     "Collez ici un fichier de scénarios (enregistré depuis l'onglet Jouer), ou téléversez-le."),
    "scn_teacher_mark": ("{title} (teacher's)", "{title} (dell'insegnante)", "{title} (de l'enseignant)"),
    "scn_opened": ("New in the list: {n}, marked as the teacher's. Open: {title}.",
                   "Nuovi nella lista: {n}, segnati come dell'insegnante. Aperto: {title}.",
                   "Nouveaux dans la liste : {n}, marqués comme de l'enseignant. Ouvert : {title}."),
    # the link box's Copy button
    "link_copy": ("Copy", "Copia", "Copier"),
    "link_copied": ("Copied: paste it where the class will see it",
                    "Copiato: incollalo dove la classe lo vedrà",
                    "Copié : collez-le là où la classe le verra"),
    "link_copy_failed": ("The browser did not copy it: the address is selected, press Ctrl+C",
                         "Il browser non l'ha copiato: l'indirizzo è selezionato, premete Ctrl+C",
                         "Le navigateur ne l'a pas copié : l'adresse est sélectionnée, appuyez sur Ctrl+C"),
    # positions, games in progress and scenarios carried by a link
    "place_bad_packed": ("the “{part}=” part of this link is damaged (cut short or changed): nothing was opened from it",
                         "la parte «{part}=» di questo link è danneggiata (troncata o modificata): non se ne è aperto nulla",
                         "la partie « {part}= » de ce lien est abîmée (coupée ou modifiée) : rien n'en a été ouvert"),
    # a scenario opened from a link whose moves (``played=``) could not be made again: it is shown at its start
    "place_played_at_start": ("the scenario opens at its start: the link's moves could not be replayed ({why})",
                              "lo scenario si apre dall'inizio: le mosse del link non si sono potute rifare ({why})",
                              "le scénario s'ouvre à son début : les coups du lien n'ont pas pu être rejoués ({why})"),
    "place_played_damaged": ("the scenario opens at its start: the link's moves could not be replayed "
                             "(its “played=” part is damaged: cut short or changed)",
                             "lo scenario si apre dall'inizio: le mosse del link non si sono potute rifare "
                             "(la sua parte «played=» è danneggiata: troncata o modificata)",
                             "le scénario s'ouvre à son début : les coups du lien n'ont pas pu être rejoués "
                             "(sa partie « played= » est abîmée : coupée ou modifiée)"),
    "place_bad_scenario": ("there is no scenario “{value}” in this game's library",
                           "non c'è lo scenario «{value}» tra quelli di questo gioco",
                           "il n'y a pas de scénario « {value} » dans la bibliothèque de ce jeu"),
    "place_bad_position": ("the position in this link is refused ({why}): nothing was opened from it",
                           "la posizione di questo link è rifiutata ({why}): non se ne è aperto nulla",
                           "la position de ce lien est refusée ({why}) : rien n'en a été ouvert"),
    "link_long": ("This link is {n} characters long: a QR code or a chat message may not hold it. "
                  "To share this position safely, save it as a file (Play tab, “{file}”).",
                  "Questo link è lungo {n} caratteri: un codice QR o un messaggio potrebbero non contenerlo. "
                  "Per condividere questa posizione senza rischi, salvala in un file (scheda Gioca, «{file}»).",
                  "Ce lien fait {n} caractères : un code QR ou un message risquent de ne pas le contenir. "
                  "Pour partager cette position sans risque, enregistrez-la dans un fichier (onglet Jouer, « {file} »)."),
    "link_too_long": ("This position is too long for a link ({n} characters): the link opens the page without it. "
                      "Save it as a file (Play tab, “{file}”) and share the file.",
                      "Questa posizione è troppo lunga per un link ({n} caratteri): il link apre la pagina senza di essa. "
                      "Salvala in un file (scheda Gioca, «{file}») e condividi il file.",
                      "Cette position est trop longue pour un lien ({n} caractères) : le lien ouvre la page sans elle. "
                      "Enregistrez-la dans un fichier (onglet Jouer, « {file} ») et partagez le fichier."),
    # presenter=1 in a link
    "place_bad_presenter": ("“{value}” does not say whether presenter mode is on (presenter=1 or presenter=0)",
                            "«{value}» non dice se la modalità proiettore è attiva (presenter=1 o presenter=0)",
                            "« {value} » ne dit pas si le mode projection est actif (presenter=1 ou presenter=0)"),
}


def t(key: str, lang: str = "en", **kwargs) -> str:
    """The string ``key`` in ``lang``; unknown keys show as themselves.

    French gets its no-break space before ``:``, ``;``, ``!`` and ``?``; a seat after a preposition
    its article:

    >>> t("winner", "fr", who="Joueur 1") == "Gagnant\u00a0: Joueur 1"
    True
    >>> t("to_move", "it", who="Giocatore 2"), t("show_hand", "fr", who="Joueur 1")
    ('Tocca al Giocatore 2', 'Montrer la main du Joueur 1')
    """
    row = _STRINGS.get(key) or _game_row(key)
    return _render(row, key, lang, kwargs)


def _game_row(key: str) -> tuple[str, str, str] | None:
    """A key no shared word has, from the game page that defines it (a shared panel asks for a
    game's ``bot_<name>`` or ``ruleset_<name>``)."""
    for table in _TABLES.values():
        if key in table:
            return table[key]
    return None


def _render(row: tuple[str, str, str] | None, key: str, lang: str, kwargs: dict) -> str:
    if row is None:
        text = key
    else:
        text = row[LANGS.index(lang)] if lang in LANGS else row[0]
    if not kwargs:
        return finish_text(text, lang)
    return finish_text(text.format(**{k: counted(v, lang) for k, v in kwargs.items()}), lang)


def colon(lang: str) -> str:
    """The colon after a label ("Legend:"), as the language writes it: French puts a no-break space
    before it ("Légende\u00a0:") (labels built as ``f"{t(key, lang)}:"`` missed it).

    >>> "Légende" + colon("fr") == "Légende\u00a0:", "Legenda" + colon("it")
    (True, 'Legenda:')
    """
    return "\u00a0:" if lang == "fr" else ":"


def add_strings(strings: dict[str, tuple[str, str, str]], namespace: str | None = None) -> Callable[..., str]:
    """Add words (English, Italiano, Français).

    Without ``namespace`` they are shared words (a shared panel's): a key the shared table already
    has with other words is refused.  A game page passes its game's name: its words go to a table
    of their own, where they can never replace a shared word.  Returns the ``t`` to word that
    page's labels with: its own table first, then the shared words.

    >>> t_game = add_strings({"greeting": ("Hello", "Ciao", "Bonjour")}, namespace="doctest-game")
    >>> t_game("greeting", "it"), t_game("next", "it")
    ('Ciao', 'Avanti')
    """
    for key, row in strings.items():
        if len(row) != 3:
            raise ValueError(f"{key}: give the English, Italian and French strings")
    if namespace is None:
        for key, row in strings.items():
            if _STRINGS.get(key, tuple(row)) != tuple(row):
                raise ValueError(f"{key}: a shared word already, with other words")
            _STRINGS[key] = tuple(row)
        return t
    table = _TABLES.setdefault(namespace, {})
    table.update({key: tuple(row) for key, row in strings.items()})

    def t_page(key: str, lang: str = "en", **kwargs) -> str:
        return _render(table.get(key) or _STRINGS.get(key) or _game_row(key), key, lang, kwargs)

    return t_page


def tables() -> dict[str, dict[str, tuple[str, str, str]]]:
    """Every word table by namespace ("" for the shared words), as the tests read them."""
    return {"": dict(_STRINGS), **{name: dict(table) for name, table in _TABLES.items()}}


def missing() -> list[str]:
    """Keys with an empty translation (a test keeps this empty)."""
    return [k for table in tables().values() for k, row in table.items() if any(not s for s in row)]


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
            style={"button_width": "auto"},  # each name its own width: the page's top row keeps to one line
            _dom_classes=["rt-lang"],
        )
        w.link((box, "value"), (self, "lang"))
        self.observe(lambda ch: setattr(box, "description", t("language", ch["new"])), "lang")
        return box
