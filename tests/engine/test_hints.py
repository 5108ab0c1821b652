"""Hints: the best available bot's move for the seat to decide, one sentence why, and the rule."""

from __future__ import annotations

import pytest

from tutor import bots, games, hints
from tutor.games import kamikaze as K
from tutor.games.formula_e import search as formula_e_search

# every game at two and four players (Formula E seats three to six: three and four)
CASES = [(name, n) for name in games.names() for n in ((3, 4) if name == "formula-e" else (2, 4))]


@pytest.fixture(autouse=True)
def no_clock(monkeypatch):
    """Searches end on their iteration count only, so the same position gives the same hint under load."""
    monkeypatch.setattr(hints, "TIME_LIMIT", 60.0)
    monkeypatch.setattr(formula_e_search, "TIME_LIMIT", 60.0)


def _ruleset(game, n):
    return next(r for r in (game.default_ruleset, *game.rulesets) if n in game.info.player_counts(r))


def _positions(game, n, seed):
    """A new table and a few positions of a seeded game between random bots."""
    s = game.new_game(n, seed=seed, ruleset=_ruleset(game, n))
    out = [s]
    for k in range(25):
        if game.current_player(s) is None:
            break
        s = game.apply(s, bots.RandomBot().choose(game, s))
        if k % 8 == 7 and game.current_player(s) is not None:
            out.append(s)
    return out


@pytest.mark.parametrize("name,n", CASES)
def test_a_legal_move_with_a_sentence_citing_its_rule(name, n):
    game = games.get(name)
    for state in _positions(game, n, seed=n):
        for lang in ("en", "it", "fr"):
            h = hints.hint(game, state, lang=lang)
            assert h.action in game.legal_actions(state)
            assert h.seat == game.current_player(state)
            assert h.rule in game.rules
            title = game.rules[h.rule].wording(lang)[0]
            assert title in h.sentence, (h.sentence, title)  # the sentence cites the rule
            assert len(h.sentence) > len(title) + 10


@pytest.mark.parametrize("name,n", CASES)
def test_same_position_same_hint(name, n):
    game = games.get(name)
    state = _positions(game, n, seed=7)[-1]
    assert hints.hint(game, state) == hints.hint(game, state)


@pytest.mark.parametrize("name,n", CASES)
def test_who_advises(name, n):
    game = games.get(name)
    state = game.new_game(n, seed=1, ruleset=_ruleset(game, n))
    source = hints.hint(game, state).source
    want = {"kamikaze-attack": "coach" if n == 2 else "montecarlo", "tir-nan-og": "search",
            "fire-bulls": "montecarlo", "formula-e": "search"}[name]
    if game.decision(state) in ("place",) or len(game.legal_actions(state)) == 1:
        assert source in (want, "only")
    else:
        assert source == want


def test_a_hint_for_someone_else_or_after_the_end_is_refused():
    game = K.GAME
    s = game.new_game(2, seed=0)
    with pytest.raises(ValueError):
        hints.hint(game, s, seat=1)
    final, _ = bots.play(game, s, [bots.RandomBot(), bots.RandomBot()])
    with pytest.raises(ValueError):
        hints.hint(game, final)


def test_formula_e_switches_to_its_own_search_bot_once_registered(monkeypatch):
    class Search:
        name = "search"

        def choose(self, game, state):
            return game.legal_actions(state)[-1]

    monkeypatch.setitem(bots._BOTS, "formula-e-search", (Search, ("formula-e",)))
    game = games.get("formula-e")
    s = game.new_game(3, seed=2)
    s = game.apply(s, game.legal_actions(s)[0])
    assert isinstance(hints.advisor(game), Search)
    assert hints.hint(game, s).action == game.legal_actions(s)[-1]


# ---------------------------------------------------------- the Kamikaze coach in words
# the base deck: 2 Swordsmen, 2 Shieldbearers, an Archer, a Kamikaze; the rulebook's duel table: the
# Swordsman beats the Archer and retreats before the Shieldbearer; the Swordsman beats the Archer.

def test_the_coach_says_a_card_cannot_lose_this_duel():
    s = K.scenario([["swordsman", "swordsman"], ["archer", "shieldbearer"]],
                   [["shieldbearer", "shieldbearer", "archer", "kamikaze"],
                    ["swordsman", "swordsman", "shieldbearer", "kamikaze"]])
    h = hints.hint(K.GAME, s)
    assert h.action == K.Play("swordsman") and h.source == "coach"
    assert h.sentence.startswith("Swordsman: whatever they play, you cannot lose this duel")
    it = hints.hint(K.GAME, s, lang="it")
    assert it.sentence.startswith("Spadaccino: qualunque carta giochi l'avversario, non puoi perdere questo duello")


def test_the_coach_says_which_card_would_beat_yours():
    s = K.scenario([["archer"], ["swordsman", "shieldbearer"]],
                   [["swordsman", "swordsman", "shieldbearer", "shieldbearer", "kamikaze"],
                    ["swordsman", "shieldbearer", "archer", "kamikaze"]])
    h = hints.hint(K.GAME, s)
    assert h.action == K.Play("archer")
    assert "though their Swordsman would beat it" in h.sentence
    assert h.rule == "kamikaze-attack/duel/swordsman-beats-archer"


def test_the_coach_mixes_in_words_with_its_numbers():
    h = hints.hint(K.GAME, K.GAME.new_game(2, seed=0))
    value, mix = K.coach(K.GAME.new_game(2, seed=0))
    best = max(mix, key=mix.get)
    assert h.action == K.Play(best)
    assert "so vary" in h.sentence and "%" not in h.sentence  # the reason in words
    assert f"{round(100 * mix[best])}%" in h.details  # the coach's numbers, for whoever opens them
    assert "with best play the game is even" in h.details  # the opening is worth 0 by symmetry


@pytest.mark.parametrize("lang,one", [("en", "gains 1 point now"), ("it", "guadagna 1 punto"),
                                      ("fr", "rapporte 1 point ")])
def test_a_move_that_gains_one_point_says_point_not_points(monkeypatch, lang, one):
    """A search bot's move worth one point now: "1 point", as a reader expects (it said "1 points")."""
    class Search:
        name = "search"
        last: dict = {}

        def choose(self, game, state):
            self.last = {"rate": 0.5, "visits": 10}
            return game.legal_actions(state)[0]

    monkeypatch.setitem(bots._BOTS, "formula-e-search", (Search, ("formula-e",)))
    game = games.get("formula-e")
    monkeypatch.setattr(type(game), "greedy_value", lambda self, state, action: 1.0)
    # the generic sentence, worded by tutor.hints for a game without its own reason (advise)
    monkeypatch.setattr(type(game), "advise", lambda self, state, lang="en": None)
    s = game.new_game(3, seed=2)
    details = hints.hint(game, s, lang=lang).details  # the numbers behind a hint are its details
    assert one in details.lower() and "1 points" not in details and "1 punti" not in details


@pytest.mark.parametrize("name,n", CASES)
def test_a_hints_sentence_gives_a_reason_not_a_statistic(name, n):
    """The sentence: the move, a fact of the game and the rule; playouts and rates only in the details."""
    import re

    game = games.get(name)
    for state in _positions(game, n, seed=n + 1)[:3]:
        for lang in ("en", "fr"):
            h = hints.hint(game, state, lang=lang)
            assert not re.search(r"\d\s?%", h.sentence), h.sentence
            for word in ("simulat", "playout", "simulé", "partite giocate", "parties jouées"):
                assert word not in h.sentence.lower(), h.sentence


@pytest.mark.parametrize("name", ["fire-bulls", "formula-e", "tir-nan-og", "kamikaze-attack"])
def test_a_reason_says_nothing_the_seat_cannot_see(name):
    """Two positions that differ only in what the seat cannot see get the same reason for a move."""
    import random

    game = games.get(name)
    n = 3 if name == "formula-e" else 2
    for state in _positions(game, n, seed=4):
        seat = game.current_player(state)
        other = game.resample_hidden(state, seat, random.Random(99))
        assert game.view(other, seat) == game.view(state, seat)
        for action in game.legal_actions(state)[:6]:
            assert hints.reason(game, state, action, seat) == hints.reason(game, other, action, seat)


# Fire Bulls positions built by hand (rulebook 000: a Wu is paid with 2 bulls of its colour; the
# scoring example counts a Bo as 6 points), and the words a player reads on the board.
FIRE_WU = {"en": ("Wu (blue)", "direction 1"), "it": ("Wu (blu)", "direzione 1"), "fr": ("Wu (bleu)", "direction 1")}
FIRE_BO = {"en": ("Bo", "6 points"), "it": ("Bo", "6 punti"), "fr": ("Bo", "6 points")}


def _fire_bulls(slots, hand, reserve=("blue", "red", "yellow")):
    from dataclasses import replace

    game = games.get("fire-bulls")
    s = game.new_game(2, seed=1)
    return game, replace(s, slots=tuple(slots), hands=(tuple(hand), s.hands[1]), reserve=tuple(reserve))


@pytest.mark.parametrize("lang", sorted(FIRE_WU))
def test_fire_bulls_a_reserve_card_is_advised_for_the_wu_it_lets_you_pay(lang):
    from tutor.games.fire_bulls.actions import Action

    # one blue in hand, the blue Wu nearest in direction 1 (G): a second blue pays it
    game, s = _fire_bulls([None] * 6 + ["wu:blue", None, None], ["green", "blue"])
    take = Action.take("blue")
    assert take in game.legal_actions(s)
    sentence, rule = game.hint_reason(s, 0, take, lang)
    assert all(word in sentence for word in FIRE_WU[lang]), sentence
    assert rule == "fire-bulls/pay/exact" and game.rules[rule].wording(lang)[0] in sentence
    # red pays nothing on this board: the sentence says the Wu asks for other cards
    other, why = game.hint_reason(s, 0, Action.take("red"), lang)
    assert FIRE_WU[lang][0] in other and why == "fire-bulls/gather/take-reserve"


@pytest.mark.parametrize("lang", sorted(FIRE_BO))
def test_fire_bulls_an_attack_is_advised_for_the_card_it_takes_and_its_points(lang):
    game, s = _fire_bulls([None] * 7 + ["bo", None], ["green", "yellow", "red", "blue", "brown"])
    attack = next(a for a in game.legal_actions(s) if a.kind == "attack" and a.direction == 3)
    sentence, rule = game.hint_reason(s, 0, attack, lang)
    assert all(word in sentence for word in FIRE_BO[lang]), sentence
    assert rule == "fire-bulls/score/bonus"  # a Bo shows every colour: 1 more for the seat's (worth 7 in all)


def test_the_hint_gives_the_games_own_reason_and_keeps_its_numbers_in_details(monkeypatch):
    from tutor.games.fire_bulls.actions import Action

    game, s = _fire_bulls([None] * 6 + ["wu:blue", None, None], ["green", "blue"])

    class Takes:
        last = {"rate": 0.6, "visits": 12}

        def choose(self, game, state):
            return Action.take("blue")

    monkeypatch.setattr(hints, "advisor", lambda game: Takes())
    h = hints.hint(game, s, lang="fr")
    assert "Wu (bleu)" in h.sentence and "%" not in h.sentence and "12" not in h.sentence
    assert "60 %" in h.details
