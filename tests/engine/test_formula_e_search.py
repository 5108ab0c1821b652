"""The Formula E search bot: registered beside the other bots, seeded, a legal answer in every
kind of decision (the Tiger window and the Cobra discards too), a hint that names its rule, and stronger
than the greedy bot it plays against."""

from __future__ import annotations

import random

import pytest

from tutor import bots, games, hints
from tutor.games.formula_e import GAME, SearchBot, hint
from tutor.games.formula_e import duel as formula_e_duel
from tutor.games.formula_e import search as formula_e_search
from tutor.games.formula_e.actions import Allow, Cancel, Discard, Give, Play, PlayPair, RatTo, Steal
from tutor.games.formula_e.cards import sort_cards
from tutor.games.formula_e.base import replace

# the kinds of decision the rulebook's cards ask of a player (every one but "over")
KINDS = ("place", "turn", "tiger", "move", "rat", "cow", "monkey", "prayer", "snake", "second", "discard")


def _one_of_each_kind() -> dict[str, object]:
    """The first position of each kind met in seeded random games (4 and 5 players)."""
    found: dict[str, object] = {}
    for seed in range(60):
        players = 4 + seed % 2
        s = GAME.new_game(players, seed)
        pick = random.Random(seed).choice
        while GAME.current_player(s) is not None and len(found) < len(KINDS):
            found.setdefault(GAME.decision(s), s)
            s = GAME.apply(s, pick(GAME.legal_actions(s)))
        if len(found) == len(KINDS):
            break
    return found


def test_search_is_offered_at_formula_e_and_still_at_tir_nan_og():
    tno = games.get("tir-nan-og")  # a game's package registers its bots when it is loaded
    assert "search" in bots.names("formula-e")
    assert "search" in bots.names("tir-nan-og")
    assert "search" not in bots.names("fire-bulls") and "search" not in bots.names("kamikaze-attack")
    bot = bots.get("search")  # what a seat of the shell gets: one name, each game's own search
    s = GAME.new_game(4, seed=3)
    assert bot.choose(GAME, s) in GAME.legal_actions(s)
    t = tno.new_game(2, 5)
    assert bot.choose(tno, t) in tno.legal_actions(t)


def test_same_position_same_choice():
    # the iteration count, not the clock, ends these searches
    found = _one_of_each_kind()
    for kind in ("turn", "move", "tiger"):
        s = found[kind]
        first = SearchBot(iterations=24, seconds=60).choose(GAME, s)
        assert SearchBot(iterations=24, seconds=60).choose(GAME, s) == first


def test_a_legal_answer_in_every_kind_of_decision():
    found = _one_of_each_kind()
    assert set(found) == set(KINDS), f"random games never met {set(KINDS) - set(found)}"
    bot = SearchBot(iterations=8, seconds=60)
    for kind, s in found.items():
        action = bot.choose(GAME, s)
        assert action in GAME.legal_actions(s), kind
        GAME.apply(s, action)  # and the engine takes it
    tiger = bot.choose(GAME, found["tiger"])
    assert isinstance(tiger, (Allow, Cancel))
    assert isinstance(bot.choose(GAME, found["discard"]), Discard)


def _rival_at_the_line_plays_a_purple_6():
    """A rival one space from the red line plays a purple 6; the next seat holds a Tiger (the window asks it)."""
    s = GAME.new_game(3, seed=1)
    while GAME.decision(s) == "place":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    last = s.track.rows_count - 1
    rival, me = s.active, (s.active + 1) % 3
    el = list(s.elephants)
    el[rival] = next((last, lane) for lane in range(s.track.width)
                     if s.track.on_board((last, lane)) and (last, lane) not in s.cows)
    hands = list(s.hands)
    hands[rival] = sort_cards(("g1", "g2", "g3", "p5", "p6", "cow"))
    hands[me] = sort_cards(("g1", "g1", "g2", "g2", "g3", "tiger"))
    hands[3 - rival - me] = sort_cards(("g1", "g2", "g3", "g4", "cow", "rat"))
    # keep the cards conserved: take the cards now in hands from the deck and put the old ones back
    pool = list(s.deck) + [c for h in s.hands for c in h]
    for h in hands:
        for c in h:
            pool.remove(c)
    s = replace(s, elephants=tuple(el), hands=tuple(hands), deck=tuple(pool))
    s = GAME.apply(s, Play("p6"))
    assert GAME.decision(s) == "tiger" and GAME.current_player(s) == me
    return s


def test_the_tiger_window_cancels_a_rival_about_to_win():
    assert SearchBot(iterations=12, seconds=60).choose(GAME, _rival_at_the_line_plays_a_purple_6()) == Cancel("p6")


@pytest.mark.parametrize("lang, why", [
    ("en", "elephant across the red line to win the race"),
    ("it", "oltre la linea rossa, a vincere la corsa"),
    ("fr", "franchir la ligne rouge à l'éléphant")])
def test_the_hint_button_gives_formula_e_own_reason_and_rule(monkeypatch, lang, why):
    """The generic hint (tutor.hints, what the Hint button asks) says why in Formula E's terms: the Tiger out of
    turn (rule tiger/cancel) against the purple 6 that would carry a rival across the red line."""
    monkeypatch.setattr(formula_e_search, "TIME_LIMIT", 60.0)  # the iteration count ends the search
    h = hints.hint(GAME, _rival_at_the_line_plays_a_purple_6(), lang=lang)
    assert h.action == Cancel("p6") and h.source == "search" and h.rule == "formula-e/tiger/cancel"
    said = GAME.action_text(Cancel("p6"), lang)
    assert h.sentence.startswith(said[0].upper() + said[1:] + ("\u00a0: " if lang == "fr" else ": "))
    assert why in h.sentence.lower() and "formula-e/" not in h.sentence  # rule ids are the teacher's
    assert GAME.rules["formula-e/tiger/cancel"].wording(lang)[0] in h.sentence
    assert h.details and "%" not in h.sentence  # the search's numbers are the details


def test_hint_says_the_move_why_and_the_rule_in_three_languages():
    found = _one_of_each_kind()
    s = found["turn"]
    rules = {r.id for r in GAME.rules}
    for lang, word in (("en", "simulated deals"), ("it", "smazzate simulate"), ("fr", "donnes simulées")):
        text = hint(GAME, s, SearchBot(iterations=12, seconds=60), lang)
        assert word in text and ": " in text
        titles = {GAME.rules[r].wording(lang)[0] for r in rules}
        assert any(f"({t})" in text for t in titles), text  # the rule cited by its title in the language
        said = text.split(":")[0].strip()
        assert said in [GAME.action_text(a, lang).capitalize() for a in GAME.legal_actions(s)]


@pytest.mark.parametrize("players, seeds, least", [(3, range(100, 112), 4)])
def test_search_beats_greedy_more_often_than_an_equal_share(players, seeds, least):
    """Search in one seat, greedy in the others (the seat turns round), 40 playouts a move (the count, not the
    clock, ends each search, so the games replay exactly). Measured on these 12 seeds: the search bot wins 7
    (a greedy bot in that seat wins 2, a random bot 0; an equal share is 4), so it must win at least 4."""
    wins = 0
    for k, seed in enumerate(seeds):
        seat = k % players
        seats = [bots.get("greedy") for _ in range(players)]
        seats[seat] = SearchBot(iterations=40, seconds=60)
        final, _ = bots.play(GAME, GAME.new_game(players, seed), seats)
        wins += final.winner == seat
    assert wins >= least


def _dealt(s, hands: dict[int, tuple[str, ...]]):
    """``s`` with these seats' hands (the cards swapped with the deck, so that every card is still there once)."""
    pool = list(s.deck) + [c for h in s.hands for c in h]
    new = list(s.hands)
    for q, h in hands.items():
        new[q] = sort_cards(h)
    for h in new:
        for c in h:
            pool.remove(c)
    return replace(s, hands=tuple(new), deck=tuple(pool))


def _four_on_the_grid():
    s = GAME.new_game(4, seed=7)
    while GAME.decision(s) == "place":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    return s


def test_a_movement_card_that_resolved_tells_the_bot_no_rival_holds_a_tiger():
    """Every rival holding a Tiger is asked before a card resolves (and every bot cancels a movement card with
    it): when the seat's green 2 comes to its move uncancelled, the worlds the bot imagines give no rival a
    Tiger, where an uninformed deal gives one to some; the discards the table saw stay where they are."""
    s = _four_on_the_grid()
    me = s.active
    plain = ("g1", "g2", "g3", "g4", "p5", "cow")
    s = _dealt(s, {me: ("g2", "g3", "p5", "p6", "cow", "rat"), **{q: plain for q in range(4) if q != me}})
    s = GAME.apply(s, Play("g2"))  # no rival holds a Tiger: no window
    assert GAME.decision(s) == "move" and GAME.current_player(s) == me
    bot = SearchBot(iterations=8, seconds=60)
    old = bot.remember(s, me)[0]
    assert old == {q: 6 for q in range(4) if q != me}
    rng = random.Random(0)
    worlds = [formula_e_search.deal(s, me, rng, old) for _ in range(50)]
    assert not any("tiger" in w.hands[q] for w in worlds for q in range(4) if q != me)
    assert all(w.discard == s.discard and w.hands[me] == s.hands[me] for w in worlds)
    blind = [formula_e_search.deal(s, me, rng, {}) for _ in range(50)]
    assert any("tiger" in w.hands[q] for w in blind for q in range(4) if q != me)


def test_in_its_own_tiger_window_the_bot_knows_only_the_seats_asked_before_it_had_none():
    s = _four_on_the_grid()
    mover = s.active
    first, me, last = ((mover + k) % 4 for k in (1, 2, 3))
    s = _dealt(s, {mover: ("g2", "g3", "p5", "p6", "cow", "rat"), first: ("g1", "g1", "g2", "g3", "g4", "p5"),
                   me: ("g1", "g2", "g3", "g4", "p5", "tiger"), last: ("g1", "g2", "g3", "g4", "p5", "tiger")})
    s = GAME.apply(s, Play("g2"))
    assert GAME.current_player(s) == first  # the window asks in turn order, a Tiger or not
    s = GAME.apply(s, Allow())
    assert GAME.current_player(s) == me
    assert formula_e_search.no_tiger_now(s, me) == [first]
    assert SearchBot(iterations=8, seconds=60).remember(s, me)[0] == {first: 6}


def _told(bot, s, action):
    """Apply ``action`` and tell ``bot`` about it, as a game's runner does (tutor.bots.tell)."""
    after = GAME.apply(s, action)
    bots.tell([bot], GAME, s, action, after)
    return after


def test_a_rival_card_with_no_tiger_window_tells_a_watching_bot_the_others_hold_none():
    """A card is played and no Tiger window opens: nobody but its player holds a Tiger (every holder is asked).
    The bot watching the table (not its own turn) then deals no Tiger to those rivals, all six of their cards
    known; the player's hand stays unknown, and so do the cards it draws."""
    s = _four_on_the_grid()
    mover = s.active
    me = (mover + 2) % 4
    others = [q for q in range(4) if q not in (me, mover)]
    plain = ("g1", "g2", "g3", "g4", "p5", "cow")
    s = _dealt(s, {mover: ("g2", "g3", "p5", "p6", "tiger", "rat"), **{q: plain for q in range(4) if q != mover}})
    bot = SearchBot(iterations=8, seconds=60)
    s = _told(bot, s, Play("g2"))
    assert GAME.decision(s) == "move"  # no window: the card resolves at once
    old = bot.told(s, me)[0]
    assert old == {q: 6 for q in others}
    s = _told(bot, s, GAME.legal_actions(s)[0])  # the move, then the turn ends and the mover draws back to six
    while GAME.current_player(s) == mover:
        s = _told(bot, s, GAME.legal_actions(s)[-1])
    old = bot.told(s, me)[0]
    assert old == {q: 6 for q in others}
    rng = random.Random(1)
    worlds = [formula_e_search.deal(s, me, rng, old) for _ in range(50)]
    assert not any("tiger" in w.hands[q] for w in worlds for q in others)
    assert any("tiger" in w.hands[mover] for w in worlds)


def test_a_rival_who_lets_a_movement_card_resolve_is_known_to_hold_no_tiger_and_a_tiger_played_shows():
    s = _four_on_the_grid()
    mover = s.active
    first, second, third = ((mover + k) % 4 for k in (1, 2, 3))
    s = _dealt(s, {mover: ("g2", "g3", "p5", "p6", "cow", "rat"), first: ("g1", "g1", "g2", "g3", "g4", "p5"),
                   second: ("g1", "g2", "g3", "g4", "tiger", "tiger"), third: ("g1", "g2", "g3", "g4", "p5", "cow")})
    bot = SearchBot(iterations=8, seconds=60)
    s = _told(bot, s, Play("g2"))
    assert GAME.current_player(s) == first and bot.told(s, third)[0] == {}  # a window: someone holds a Tiger
    s = _told(bot, s, Allow())
    assert bot.told(s, third)[0] == {first: 6}
    s = _told(bot, s, Cancel("g2"))  # the second seat's Tiger: its other five cards may hide another
    assert bot.told(s, third)[0] == {first: 6}


def test_a_bot_that_missed_a_move_forgets_what_it_was_told():
    s = _four_on_the_grid()
    bot = SearchBot(iterations=8, seconds=60)
    me = (s.active + 1) % 4
    s = _told(bot, s, GAME.legal_actions(s)[0])
    assert bot.told(s, me) is not None
    s = GAME.apply(s, GAME.legal_actions(s)[0])  # not told
    assert bot.told(s, me) is None  # it falls back on what it sees at its own decisions (remember)
    assert bot.choose(GAME, s) in GAME.legal_actions(s)


def test_the_playouts_play_exactly_the_greedy_bots_ties():
    """Every seat of a playout plays what the greedy bot would (``quick``): in each turn, move and placing of
    seeded 4-player games between greedy bots, the actions the playouts choose among are exactly those the
    greedy bot ties on (the game's ``greedy_value``): the card that goes furthest, then the hand's size (a pair
    rather than a green that leaves the turn waiting, a path that ends on a banana tree, with no card that
    moves any discard at all; after a green, a second card only if it gains)."""
    greedy = bots.get("greedy")
    met = {"turn": 0, "move": 0, "place": 0, "second": 0, "pair": 0, "idle": 0}
    for seed in range(3):
        s = GAME.new_game(4, seed)
        while GAME.current_player(s) is not None:
            acts = GAME.legal_actions(s)
            mine = formula_e_search.greedy_choices(s)
            if mine is not None and len(acts) > 1:
                values = [GAME.greedy_value(s, a) for a in acts]
                assert set(mine) == {a for a, v in zip(acts, values) if v == max(values)}, (seed, s.turns)
                met[s.phase] += 1
                met["pair"] += any(isinstance(a, PlayPair) for a in mine)
                met["idle"] += sum(isinstance(a, Discard) for a in mine) > 1
            s = GAME.apply(s, greedy.choose(GAME, s))
    assert min(met.values()) > 0, met


def test_a_greedy_rival_that_moved_a_green_1_is_dealt_no_bigger_card_among_those_it_kept():
    """A greedy player plays the card that goes furthest: a rival seen moving one row with a green 1, when the
    lane ahead was open, kept no card of 2 or more.  The bot told of it deals that rival's five kept cards from
    the rest (the card it drew after is anyone's); dealt blind, the rival often holds two or more."""
    s = _four_on_the_grid()
    mover = s.active
    me = (mover + 1) % 4
    plain = ("g1", "g2", "g3", "g4", "p5", "cow")
    s = _dealt(s, {mover: ("g1", "g1", "g1", "cow", "rat", "snake"), **{q: plain for q in range(4) if q != mover}})
    bot = SearchBot(iterations=8, seconds=60)
    greedy = bots.get("greedy")
    while GAME.current_player(s) == mover:
        s = _told(bot, s, greedy.choose(GAME, s))
    assert s.hands[mover].count("g1") == 2 and len(s.hands[mover]) == 6  # played a green 1, drew one card
    known = bot.told(s, me)
    assert known is not None
    kept, blocked = known[3][mover]
    assert kept == 5 and {"g2", "g3", "g4", "p5", "p6"} <= blocked and "g1" not in blocked
    big = {"g2", "g3", "g4", "p5", "p6"}
    rng = random.Random(2)
    worlds = [formula_e_search.deal(s, me, rng, known[0], known[3]) for _ in range(60)]
    assert all(sum(c in big for c in w.hands[mover]) <= 1 for w in worlds)
    blind = [formula_e_search.deal(s, me, rng, {}) for _ in range(60)]
    assert any(sum(c in big for c in w.hands[mover]) >= 2 for w in blind)


def test_the_duel_says_which_seats_won_beside_the_same_seeds_with_greedy_bots_only():
    """The bench tells who beat the search bot, by seat after it, and who won the same seeds with a greedy bot in
    its seat (the games replayed here through the generic ``bots.play``), so a seat that wins often against the
    bot can be told from a seat those seeds favour anyway."""
    d = formula_e_duel.duel(3, 3, iterations=4, seed0=8, report=None)
    expected = [0, 0, 0]
    for g in range(3):
        final, _ = bots.play(GAME, GAME.new_game(3, 8 + g), [bots.get("greedy")] * 3)
        expected[(final.winner - g % 3) % 3] += 1
    assert d["greedy_seats"] == expected
    assert d["seats"][0] == d["wins"] and sum(d["seats"]) == 3
    assert "with a greedy bot in its seat, by that seat and the seats 1, 2 after it: " + ", ".join(
        map(str, expected)) in formula_e_duel.summary(d)


def test_the_bot_prays_for_the_green_4_that_crosses_the_line_when_its_own_cards_fall_short():
    """Prayer: take any card from the discards; a green taken may be played at once if no green was played this
    turn (rule card/prayer).  Four rows from the line with greens of 1 and the Prayer, a green 4 on the discards
    and the next player two rows from the line, the bot plays the Prayer (the greedy bot would move one row)."""
    s = GAME.new_game(3, seed=1)
    while GAME.decision(s) == "place":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    me = s.active
    rows = s.track.rows_count
    lane = next(lane for lane in range(s.track.width)
                if all(s.track.kind((r, lane)) in ".oB" and (r, lane) not in s.cows and (r, lane) != s.rat
                       for r in range(rows - 4, rows)))
    rival = (me + 1) % 3  # next to play, two rows from the line in another lane, with cards to cross it
    el = list(s.elephants)
    el[me] = (rows - 4, lane)
    el[rival] = next((rows - 2, x) for x in range(s.track.width) if x != lane
                     and s.track.kind((rows - 2, x)) in ".oB" and s.track.kind((rows - 1, x)) in ".oB"
                     and {(rows - 2, x), (rows - 1, x)}.isdisjoint(s.cows))
    s = replace(s, elephants=tuple(el))
    s = _dealt(s, {me: ("g1", "g1", "g1", "prayer", "cow", "cow"), rival: ("g2", "g3", "g3", "p5", "p6", "cow")})
    pool = list(s.deck)
    pool.remove("g4")
    s = replace(s, deck=tuple(pool), discard=("g4",))
    assert bots.get("greedy").choose(GAME, s) == Play("g1")
    assert SearchBot(iterations=40, seconds=60).choose(GAME, s) == Play("prayer")


def test_a_playout_prays_for_the_card_that_goes_furthest_a_green_while_it_can_be_played_now():
    """In the playouts a Prayer takes the green that goes furthest while no green was played this turn (a green
    taken may be played at once, rule card/prayer), else the movement card that goes furthest."""
    s = _four_on_the_grid()
    me = s.active
    rivals = ("g1", "g2", "g2", "p5", "mango", "carpet")  # no Tiger: no window
    s = _dealt(s, {q: ("g1", "g2", "g3", "prayer", "cow", "cow") if q == me else rivals for q in range(4)})
    pool = list(s.deck)
    for c in ("g1", "g4", "p6", "monkey"):
        pool.remove(c)
    s = replace(s, deck=tuple(pool), discard=("g1", "g4", "p6", "monkey"))
    first = GAME.apply(s, Play("prayer"))
    assert GAME.decision(first) == "prayer"
    assert formula_e_search.quick(first, random.Random(0)).card == "g4"
    after_green = GAME.apply(replace(s, played=("g3",)), Play("prayer"))
    assert GAME.decision(after_green) == "prayer"
    assert formula_e_search.quick(after_green, random.Random(0)).card == "p6"


def _rival_a_step_from_the_line_and_the_seat_holds_a_rat():
    """Seat ``me`` to play, two rows behind a rival two rows from the red line who holds greens up to 3 (it
    crosses next turn unless set back); ``me`` holds the Rat, which reaches that rival (hole to hole counts one
    move, rule card/rat); nobody holds a Tiger (no window).  Returns the position, ``me`` and the rival."""
    s = _four_on_the_grid()
    me = s.active
    rival, second, third = ((me + k) % 4 for k in (1, 2, 3))
    el = [None] * 4
    el[me], el[rival], el[second], el[third] = (16, 1), (18, 2), (12, 1), (5, 0)
    s = replace(s, elephants=tuple(el))
    s = _dealt(s, {me: ("g1", "g2", "rat", "cow", "monkey", "prayer"),
                   rival: ("g1", "g2", "g3", "charge", "monkey", "snake"),
                   second: ("g1", "g1", "g2", "mango", "cow", "snake"),
                   third: ("g1", "g2", "g3", "carpet", "prayer", "snake")})
    return s, me, rival


def test_the_bot_plays_its_rat_against_a_rival_about_to_win_and_aims_it_at_that_rival():
    """The greedy bot plays its green 2 (two rows) and lets the rival cross next turn; the search bot plays the
    Rat and sends it onto that rival's elephant, which it scares three spaces back (rule card/rat-scare).  Before
    the bot aimed its own Rat in its playouts it played the Prayer here; and among the ~50 spaces the Rat
    reaches, ~5 worlds each could not outweigh the head start of the greedy bot's space, which is any."""
    s, me, rival = _rival_a_step_from_the_line_and_the_seat_holds_a_rat()
    assert bots.get("greedy").choose(GAME, s) == Play("g2")
    assert SearchBot(iterations=240, seconds=60).choose(GAME, s) == Play("rat")
    s = GAME.apply(s, Play("rat"))
    assert GAME.decision(s) == "rat"
    target = s.elephants[rival]
    assert SearchBot(iterations=240, seconds=60).choose(GAME, s) == RatTo(target)
    after = GAME.apply(s, RatTo(target))
    assert after.elephants[rival] == (15, 2)  # three spaces back in its lane


def test_in_the_playouts_the_seat_searching_aims_its_rat_at_the_rival_furthest_along():
    """The playouts play the greedy bot's Rat (any space but its own elephant's, at random) for the rivals, and
    the seat searching aims its own Rat at the rival furthest along it can reach, as its search does."""
    s, me, rival = _rival_a_step_from_the_line_and_the_seat_holds_a_rat()
    s = GAME.apply(s, Play("rat"))
    assert all(formula_e_search.quick(s, random.Random(k), me) == RatTo(s.elephants[rival]) for k in range(10))
    anyhow = {formula_e_search.quick(s, random.Random(k)) for k in range(10)}
    assert len(anyhow) > 1 and RatTo(s.elephants[me]) not in anyhow


def test_in_the_playouts_the_seat_searching_gives_its_cobra_and_sends_its_monkey_to_the_rival_furthest_along():
    """The greedy bot gives a Cobra (rule card/snake) and steals with the Monkey (rule card/monkey) from any rival,
    at random, and so do the rivals in the playouts; the seat searching picks the rival furthest along, and its
    search tries that rival first (the greedy choice's head start goes to it)."""
    s, me, rival = _rival_a_step_from_the_line_and_the_seat_holds_a_rat()
    monkey = GAME.apply(s, Play("monkey"))
    assert GAME.decision(monkey) == "monkey"
    assert all(formula_e_search.quick(monkey, random.Random(k), me) == Steal(rival) for k in range(10))
    assert len({formula_e_search.quick(monkey, random.Random(k)) for k in range(10)}) > 1
    assert formula_e_search.candidates(monkey, Steal((me + 3) % 4))[0] == Steal(rival)
    s = _dealt(s, {me: ("g1", "g2", "rat", "cow", "snake", "prayer")})
    snake = GAME.apply(s, Play("snake"))
    assert GAME.decision(snake) == "snake"
    assert all(formula_e_search.quick(snake, random.Random(k), me) == Give(None, rival) for k in range(10))
    assert formula_e_search.candidates(snake, Give(None, (me + 3) % 4))[0] == Give(None, rival)
