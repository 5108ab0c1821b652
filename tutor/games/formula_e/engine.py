"""Formula E's rules: setup and the effect of every action (pure; chance from the seed); the legal actions are
listed in ``legal``, the draw in ``drawing``, the position read in ``reading``.

A turn is a run of ordinary decisions of the active player ("turn", then
"move", "rat", "cow", "monkey", "prayer", "snake" as the card asks, "second"
for the optional second card, "discard" for each Cobra), with the Tiger
window in between: after a card is played, each other player in turn order
decides "tiger" (cancel it with a Tiger, or let it resolve), unless no other
hand holds a Tiger.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from tutor.core import Event, IllegalAction, short
from tutor.rand import randbelow, shuffle

from . import movement as mv
from . import trace as tr
from .actions import (ACTION_TYPES, Allow, Cancel, CowStep, DIRECTIONS, Discard, EndTurn, Give, Move, Place, Play,
                      PlayPair, RatTo, Steal, StopCows, Take, parse)
from .base import (NEW, Narrator, R, RULE_OF_PHASE, SET, SILENT, holds, left_after, pieces, refuse, remove, replace,
                   rng_for, set_hand, update, with_hand, with_pieces)
from .cards import (BANANA_HAND, COMBOS, COW_STEPS, DECK_SIZE, GAME_NAME, HAND_SIZE, MONKEY_STEALS, RAT_MOVES,
                    RAT_SCARE, full_deck, is_green, is_movement, sort_cards, value_of)
from .drawing import draw, draw_cards, sorted_hand
from .legal import (DISCARDS, DISCARD_IDS, Interned, MOVEMENT, PAIRS, PLAY_IDS, RANK_OF, SOLOS, carpet_lands,
                    legal_actions, listed, move_card, move_paths, second_cards)
from .reading import positions, progress
from .state import State
from .track import Cell, Track, cell_name, track_for


# ------------------------------------------------------------------ setup
def new_game(players: int, seed: int, ruleset: str | None = None, track: Track | None = None,
             **options: Any) -> State:
    if not 3 <= players <= 6:
        raise ValueError("Formula E seats 3 to 6 players")
    if ruleset not in (None, "base"):
        raise ValueError(f"unknown ruleset {ruleset!r}")
    track = track or track_for(players)
    rng = random.Random(f"{GAME_NAME}|{seed}|setup")
    first = randbelow(rng, players)  # (``rng.randrange`` and ``rng.shuffle``'s draws with fewer calls)
    deck = full_deck()
    shuffle(rng, deck)
    hands = []
    for _ in range(players):
        hands.append(sort_cards(deck[-HAND_SIZE:]))
        del deck[-HAND_SIZE:]
    return State(track=track, players=players, seed=seed, first=first, active=(first - 1) % players,
                 phase="place", elephants=(None,) * players, cows=track.cows, rat=track.holes[0],
                 hands=tuple(hands), deck=tuple(deck), discard=(), cobras=(0,) * players)


# ------------------------------------------------------------------ apply's fast paths
def turn_discard(s: State, cards: tuple[str, ...]) -> State | None:
    """A turn's discard of ``cards`` (an interned Discard's, sorted) in one copy of the state: what ``do_discard``,
    ``end_turn`` and ``next_turn`` do together (draw back up to six, reshuffling the discards when the deck runs
    out; then the Cobras' discards or the next player's turn), silently.  None when the hand lacks a card (the


    general way refuses it).  ``test_formula_e_fast`` compares it with that way on seeded games."""
    p = s.active
    hands = s.hands
    kept = list(hands[p])
    try:  # (``remove`` alone: a test with ``in`` before it looked for each card twice)
        for c in cards:
            kept.remove(c)
    except ValueError:
        return None
    fields = s.__dict__.copy()
    if "_legal" in fields:  # (no ``_after`` to drop: only a move's position keeps one)
        del fields["_legal"]
    discard = s.discard + cards
    need = HAND_SIZE - len(kept)
    drew = 0
    if need > 0:
        deck = s.deck
        if need < len(deck):  # the common case: the deck lasts (the hand is sorted afterwards, so order is moot)
            cut = len(deck) - need
            kept += deck[cut:]
            kept.sort(key=RANK_OF)
            fields["hands"] = hands[:p] + (tuple(kept),) + hands[p + 1:]
            fields["deck"] = deck[:cut]
            drew = need
        else:  # "draw/reshuffle": the deck runs out, the discards are shuffled into a new deck
            hand, fields["deck"], discard, fields["chance"], drew = draw_cards(s, tuple(kept), deck, discard,
                                                                               HAND_SIZE, SILENT)
            fields["hands"] = hands[:p] + (hand,) + hands[p + 1:]
    else:
        fields["hands"] = hands[:p] + (tuple(kept),) + hands[p + 1:]
    fields["discard"] = discard
    cobras = s.cobras[p]
    if drew and cobras:  # "draw/cobra": one discard for each Cobra (at most the hand) after drawing
        size = len(fields["hands"][p])
        fields["phase"], fields["owed"], fields["resume"] = "discard", cobras if cobras < size else size, "end"
        fields["current_player"] = p
    else:  # the next player's turn (the phase stays "turn")
        fields["active"] = fields["current_player"] = (p + 1) % s.players
        fields["played"], fields["owed"], fields["resume"] = (), 0, ""
        fields["turns"] = s.turns + 1
    new = NEW(State)
    SET(new, "__dict__", fields)
    return new


def cobra_discard(s: State, cards: tuple[str, ...]) -> State | None:
    """A Cobra's discard ("draw/cobra": one card) in one copy of the state, silently: what ``do_discard`` does;
    None for anything but one card the hand holds (the general way refuses it)."""
    p = s.active
    hand = s.hands[p]
    if len(cards) != 1 or cards[0] not in hand:
        return None
    kept = list(hand)
    kept.remove(cards[0])  # still sorted
    fields = s.__dict__.copy()
    if "_legal" in fields:
        del fields["_legal"]
    fields["hands"] = s.hands[:p] + (tuple(kept),) + s.hands[p + 1:]
    fields["discard"] = s.discard + cards
    if kept and s.owed > 1:  # more to discard
        fields["owed"] = s.owed - 1
    elif s.resume == "card":  # the turn goes on after the card that drew (a banana tree)
        fields["owed"], fields["resume"] = 0, ""
        new = NEW(State)
        SET(new, "__dict__", fields)
        return after_card(new, SILENT)
    else:  # the next player's turn
        fields["active"] = fields["current_player"] = (p + 1) % s.players
        fields["phase"], fields["played"], fields["owed"], fields["resume"] = "turn", (), 0, ""
        fields["turns"] = s.turns + 1
    new = NEW(State)
    SET(new, "__dict__", fields)
    return new


# ------------------------------------------------------------------ apply
def apply(s: State, action: Any, say: Narrator = SILENT) -> State:
    """The position after ``action``; ``say`` (``apply_explained``'s) collects its narration."""
    kind = type(action)
    if kind is Discard and say.silent and DISCARD_IDS(id(action)) is action:
        # most of a random playout, checked and made in one copy of the state: an interned discard (its cards
        # sorted, as the table made them) that the hand holds; anything else takes the general way below
        phase = s.phase
        cards: tuple[str, ...] = action.cards  # type: ignore[union-attr]  # (the table's value: never None)
        if phase == "turn":
            done = turn_discard(s, cards)
            if done is not None:
                return done
        elif phase == "discard":
            done = cobra_discard(s, cards)
            if done is not None:
                return done
    elif kind is Allow and s.phase == "tiger" and say.silent:
        # the Tiger window asks the next seat (always open: letting the card resolve needs no check); the last
        # seat's answer resolves the card, the general way below
        asker = s.asker
        assert asker is not None
        nxt = asker + 1
        if nxt == s.players:
            nxt = 0
        if nxt != s.active:
            fields = s.__dict__.copy()
            if "_legal" in fields:
                del fields["_legal"]
            fields["asker"] = fields["current_player"] = nxt
            new = NEW(State)
            SET(new, "__dict__", fields)
            return new
    listed_now = s.__dict__.get("_legal")
    found = False
    if type(listed_now) is tuple:  # is_listed's loop over the list kept on the state, inline (two calls less)
        for a in listed_now:
            if a is action:
                found = True
                break
    if not found and isinstance(action, str):  # (a text is never the very value listed)
        action = parse(action)
    if not found and not is_listed(s, action):  # an action not taken from the list is checked field by field
        if not well_formed(action):
            raise refuse(R + "action/unknown", "{text} is not a Formula E action", text=safe_short(action))
        if not any(type(a) is type(action) and a == action for a in listed(s)):
            raise refusal(s, action)
    handler: Callable[[State, Any, Narrator], State] = HANDLERS[type(action)]
    return handler(s, action, say)


def explain(s: State, action: Any) -> list[Event]:
    return apply_explained(s, action)[1]


def apply_explained(s: State, action: Any) -> tuple[State, list[Event]]:
    say = Narrator()
    return apply(s, action, say), say.events


def is_listed(s: State, action: Any) -> bool:
    """Whether ``action`` is one of the very objects ``legal_actions(s)`` lists (what bots and panels hand back):
    then it needs no check.  A turn's actions are interned values, found by identity and matched to the hand."""
    if s.phase == "turn" and s.hands[s.active]:
        hand = s.hands[s.active]
        if type(action) is Discard:  # (the table's look-up inline: this is most of a random playout)
            return _interned(DISCARDS, action) and left_after(hand, action.cards) is not None
        if type(action) is Play:  # (``_interned`` and ``is_movement``, inline: a play is a tenth of a playout)
            card = action.card
            return PLAY_IDS(id(action)) is action and card in hand and (card in MOVEMENT or card in SOLOS)
        if type(action) is PlayPair:
            return (_interned(PAIRS, action) and action.yellow in hand and action.green in hand
                    and is_green(action.green) and action.yellow in COMBOS
                    and (action.yellow != "carpet" or carpet_lands(s, s.active, action.green)))
        return False
    for a in listed(s):
        if a is action:
            return True
    return False


def _interned(table: Interned, action: Any) -> bool:
    """Whether ``action`` is the very value ``table`` made (then its fields are what the key said)."""
    return bool(table.ids.get(id(action)) is action)


def safe_short(value: Any) -> str:
    try:
        return short(value)
    except Exception:  # noqa: BLE001 - a value whose repr fails is still refused
        return type(value).__name__


def well_formed(action: Any) -> bool:
    """An action value of the game whose every field is what its text says (it reads back from ``str``)."""
    if not isinstance(action, ACTION_TYPES):
        return False
    try:
        return repr(parse(str(action))) == repr(action)
    except Exception:  # noqa: BLE001 - junk fields: a huge number, an unhashable value ...
        return False


def refusal(s: State, action: Any) -> IllegalAction:
    if s.phase == "over":
        return refuse(R + "win/line", "The race is over.")
    if s.phase in ("turn", "second") and isinstance(action, (Play, PlayPair)):
        cards = (action.card,) if isinstance(action, Play) else (action.yellow, action.green)
        if not holds(s.hands[s.active], cards):
            return refuse(R + "turn/choice", "{Player} does not hold {cards}.", player=s.active, cards=cards)
        if isinstance(action, PlayPair) and action.yellow == "carpet" and is_green(action.green):
            return refuse(R + "card/carpet", "The Flying Carpet cannot land {n} spaces ahead, so it cannot be played.",
                          n=value_of(action.green))
    if isinstance(action, Move) and s.phase == "move":
        # "se possibile, deve consumare tutti i punti movimento": a shorter move than one that is open says so
        most = max((len(m.steps) for m in listed(s) if isinstance(m, Move)), default=0)
        if len(action.steps) < most:
            return refuse(R + "move/all-points", "This move covers {used} {used:space|spaces} while one of {most} is "
                          "open: a card's points must all be used when they can be.", used=len(action.steps), most=most)
        return refuse(R + "move/all-points", "It is not one of the moves the rules allow here.")
    return refuse(RULE_OF_PHASE.get(s.phase, R + "turn/choice"), "{Action} is not open now ({decision}).",
                  action=str(action), decision=s.phase)


def do_place(s: State, a: Place, say: Narrator) -> State:
    el = list(s.elephants)
    el[s.active] = a.cell
    say("setup/place-order", "{Player} places the elephant at {cell}.", player=s.active, cell=a.cell)
    s = replace(s, elephants=tuple(el))
    if s.active == s.first:
        say("setup/first-player", "{Player} starts the race.", player=s.first)
        return replace(s, phase="turn")
    return replace(s, active=(s.active - 1) % s.players)


def do_play(s: State, a: Play | PlayPair, say: Narrator) -> State:
    p = s.active
    if isinstance(a, Play):
        cards: tuple[str, ...] = (a.card,)
        if not say.silent:
            say("turn/choice", "{Player} plays {card}.", player=p, card=a.card)
    else:
        cards = (a.yellow, a.green)
        if not say.silent:
            say("turn/pair-order", "{Player} plays {yellow} with {green}: they resolve together.", player=p,
                yellow=a.yellow, green=a.green)
    hands = s.hands
    kept = left_after(hands[p], cards)
    if kept is None:  # (``remove``'s refusal; never for a checked action)
        raise ValueError(f"{cards} not in {hands[p]}")
    changes: dict[str, Any] = {"hands": hands[:p] + (kept,) + hands[p + 1:], "pending": cards,
                               "played": s.played + cards, "cancelled": ""}
    n = s.players
    for k in range(1, n):
        if "tiger" in s.hands[(p + k) % n]:
            changes["phase"], changes["asker"] = "tiger", (p + 1) % n
            return update(s, changes)
    # no other hand holds a Tiger: the card(s) resolve at once; a movement card (what ``resolve`` does with one,
    # nothing cancelled) in the same copy of the state
    if cards[-1] in MOVEMENT:
        changes["phase"], changes["asker"] = "move", None
        changes["mode"] = cards[0] if len(cards) > 1 and cards[0] in COMBOS else ""
        return update(s, changes)
    return resolve(update(s, changes), say)


def do_allow(s: State, a: Allow, say: Narrator) -> State:
    assert s.asker is not None
    if not say.silent:
        say("tiger/window", "{Player} lets it resolve.", player=s.asker)
    nxt = (s.asker + 1) % s.players
    if nxt == s.active:
        return resolve(s, say)  # which sets asker to None whatever it leads to
    return replace(s, asker=nxt)


def do_cancel(s: State, a: Cancel, say: Narrator) -> State:
    q = s.asker
    assert q is not None
    if not say.silent:
        say("tiger/cancel", "{Player} plays a Tiger out of turn and cancels {owner}'s {card}: it counts as played, "
            "with no effect.", player=q, card=a.card, owner=s.active)
    hands, discard = with_hand(s.hands, q, sort_cards(remove(s.hands[q], ("tiger",)))), s.discard + ("tiger",)
    if len(s.pending) == 2 and not s.cancelled:
        other = s.pending[0] if a.card == s.pending[1] else s.pending[1]
        if is_movement(other):
            # the yellow card of a pair cancelled, its movement card not resolved yet: the window goes on for it,
            # from the same player (who may hold another Tiger) on round the table
            if not say.silent:
                say("tiger/pair", "The pair has not begun to resolve: {owner}'s {card} can still be cancelled with "
                    "another Tiger.", owner=s.active, card=other)
            return replace(s, hands=hands, discard=discard, cancelled=a.card)
        if not say.silent:
            say("tiger/pair", "Without its movement card, {owner}'s {card} has nothing to act on: the pair does "
                "nothing.", owner=s.active, card=other)
    if s.cancelled:  # both cards of the pair cancelled: nothing resolves
        return finish_card(replace(s, hands=hands, discard=discard, asker=None), say)
    s = replace(s, hands=hands, discard=discard, cancelled=a.card, asker=None)  # (set_hand's copy and this, in one)
    return resolve(s, say)


def resolve(s: State, say: Narrator) -> State:
    """The played card(s) take effect once the Tiger window has closed."""
    live = list(s.pending)
    if s.cancelled:
        live.remove(s.cancelled)
    moving = [c for c in live if is_movement(c)]
    if moving:
        mode = next((c for c in live if c in COMBOS), "")
        return replace(s, phase="move", mode=mode, asker=None)
    if not live or live[0] in COMBOS:  # a combo card whose green was cancelled does nothing
        return finish_card(s, say)
    card = live[0]
    p = s.active
    if card == "rat":
        return replace(s, phase="rat", asker=None)
    if card == "cow":
        return replace(s, phase="cow", cow_left=COW_STEPS, asker=None)
    if card == "monkey":
        if not any(s.hands[v] for v in range(s.players) if v != p):
            return finish_card(s, say)
        return replace(s, phase="monkey", asker=None)
    if card == "prayer":
        return replace(s, phase="prayer", asker=None)
    if card == "snake":
        return replace(s, phase="snake", asker=None)
    # the Tiger as a yellow card in one's own turn
    cob = list(s.cobras)
    say("card/tiger-yellow", "{Player} drops {n} {n:Cobra|Cobras}.", player=p, n=cob[p])
    cob[p] = 0
    return finish_card(replace(s, cobras=tuple(cob)), say)


def finish_card(s: State, say: Narrator) -> State:
    return after_card(s, say, {"discard": s.discard + s.pending, "pending": (), "cancelled": "", "mode": "",
                               "cow_left": 0, "asker": None})


def after_card(s: State, say: Narrator, changes: dict | None = None) -> State:
    """What follows a resolved card; ``changes`` are the fields still to set on ``s`` (one copy of the table for
    them all, made at the end: they never touch what is read here, the winner, the debt, the cards played, the
    hands)."""
    changes = {} if changes is None else changes
    if s.winner is not None:
        changes["phase"] = "over"
    elif s.owed:
        changes["phase"], changes["resume"] = "discard", "card"
    elif not second_cards(s).isdisjoint(s.hands[s.active]):
        changes["phase"] = "second"
    else:
        return end_turn(s, say, changes)
    return update(s, changes)


def end_turn(s: State, say: Narrator, changes: dict | None = None, hand: tuple[str, ...] | None = None) -> State:
    """Draw back up to six, then the Cobras' discards or the next player's turn; ``changes`` as in ``after_card``
    (it may hold the new discards; never the hands); ``hand``: the active player's hand now, when it is not
    ``s``'s (a discard's)."""
    changes = {} if changes is None else changes
    p = s.active
    if hand is None:
        hand = s.hands[p]
    discard = changes.get("discard", s.discard)
    deck = s.deck
    need = HAND_SIZE - len(hand)
    if 0 < need < len(deck):  # the common case, inline: the deck lasts
        cut = len(deck) - need
        hand, deck, chance, drew = sorted_hand(hand + deck[cut:]), deck[:cut], s.chance, need
    else:
        hand, deck, discard, chance, drew = draw_cards(s, hand, deck, discard, HAND_SIZE, say)
    hands = s.hands
    changes["hands"], changes["deck"], changes["discard"], changes["chance"] = (
        hands[:p] + (hand,) + hands[p + 1:], deck, discard, chance)
    if not say.silent and drew:
        say("draw/up-to-six", "{Player} draws {n} {n:card|cards} back up to six.", player=p, n=drew)
    if drew and s.cobras[p]:
        owed = s.cobras[p] if s.cobras[p] < len(hand) else len(hand)
        say("draw/cobra", "{Player} has {n} {n:Cobra|Cobras}: {n:one discard|one discard for each}.", player=p, n=owed)
        changes["phase"], changes["owed"], changes["resume"] = "discard", owed, "end"
        return update(s, changes)
    return next_turn(s, changes)


def next_turn(s: State, changes: dict | None = None) -> State:
    changes = {} if changes is None else changes
    changes["active"] = (s.active + 1) % s.players
    changes["phase"], changes["played"], changes["owed"], changes["resume"] = "turn", (), 0, ""
    changes["turns"] = s.turns + 1
    return update(s, changes)


def do_discard(s: State, a: Discard, say: Narrator) -> State:
    p = s.active
    hand = left_after(s.hands[p], a.cards)  # still sorted; never None: the action was checked
    assert hand is not None
    if s.phase == "turn":
        if not say.silent:
            say("turn/discard-any", "{Player} discards {cards}.", player=p, cards=a.cards)
        return end_turn(s, say, {"discard": s.discard + a.cards}, hand)
    changes: dict[str, Any] = {"hands": with_hand(s.hands, p, hand), "discard": s.discard + a.cards}
    if not say.silent:
        say("draw/cobra", "{Player} discards {cards} for a Cobra.", player=p, cards=a.cards)
    owed = s.owed - 1 if hand and s.owed > 1 else 0
    if owed:
        changes["owed"] = owed
        return update(s, changes)
    changes["owed"] = 0
    if s.resume == "card":
        changes["resume"] = ""
        return after_card(update(s, changes), say)
    return next_turn(s, changes)


def do_end(s: State, a: EndTurn, say: Narrator) -> State:
    if not say.silent:
        say("turn/pair-order", "{Player} ends the turn.", player=s.active)
    return end_turn(s, say)


def tell_move(s: State, a: Move, say: Narrator, before: mv.Pieces, after: mv.Pieces) -> None:
    p = s.active
    start, end = before.elephants[p], after.elephants[p]
    rule = {"charge": "card/charge", "carpet": "card/carpet", "mango": "card/mango"}.get(s.mode, "move/points")
    if not a.steps:
        say("move/all-points", "{Player}'s elephant cannot move and stays at {cell}.", player=p, cell=end)
    else:
        say(rule, "{Player}'s elephant moves {steps} from {start} to {end}.", player=p, steps=a.steps,
            start=start, end=end, paths=tr.move_paths(s.track, before, p, a.steps, s.mode, after))
    if a.steps and a.steps != ("fly",):
        tell_why(s, a, say, before, after)
    for q in range(s.players):
        moved = after.elephants[q]
        if q != p and before.elephants[q] != moved and moved is not None and moved[0] < s.track.rows_count:
            say("move/push", "{Pushed} is pushed to {cell}.", pushed=q, cell=moved)
    if before.cows != after.cows:
        say("card/charge", "The charge pushes Sacred Cows ahead.")


WHY_BLOCKED = {  # why forward is closed: (rule, template) each, said once per space
    "cow": (("move/cow-obstacle", "A Sacred Cow stands in the way ahead of {cell}, and only Charge! pushes "
             "cows."),),
    "water": (("board/bridge", "Ahead of {cell}, an elephant cannot be pushed onto the bridge or river: it blocks "
               "the way like a Sacred Cow."),
              ("move/no-cross", "An elephant never crosses another: the way ahead of {cell} is closed.")),
    "end": (("move/no-cross", "An elephant never crosses another: the line ahead of {cell} cannot be pushed out "
             "of the lane, so the way is closed."),),
}


def tell_why(s: State, a: Move, say: Narrator, before: mv.Pieces, after: mv.Pieces) -> None:
    """The rules that shaped a move, replayed step by step: what closed the way forward where the elephant stepped
    sideways or stopped short of its points, and each sideways run."""
    p, track, mode = s.active, s.track, s.mode
    points = value_of(move_card(s))
    short = len(a.steps) < points and after.winner is None
    told: set[tuple[str, Cell]] = set()
    here, side = before, ""
    for step in a.steps + (("stop",) if short else ()):
        cell = here.elephants[p]
        assert cell is not None
        if step in mv.SIDES or step == "stop":
            for rule, template in WHY_BLOCKED.get(mv.blocked_by(track, here, p, mode), ()):
                if (rule, cell) not in told:
                    told.add((rule, cell))
                    say(rule, template, cell=cell)
        if step == "stop":
            say("move/all-points", "No move uses all {n} points: {Player}'s elephant stops at {cell} after {used} "
                "{used:point|points}.",
                player=p, n=points, used=len(a.steps), cell=cell)
            break
        if step in mv.SIDES and not side:
            say("move/sideways", "Forward is closed at {cell}: {Player}'s elephant steps sideways.", player=p,
                cell=cell)
        nxt = dict(mv.options(track, here, p, mode, side)).get(step)
        if nxt is None:  # (never: the steps were listed)
            break
        here, side = nxt, step if step in mv.SIDES else ""


def do_move(s: State, a: Move, say: Narrator) -> State:
    p = s.active
    start = s.elephants[p]
    after = dict(s.__dict__.get("_after") or move_paths(s))[a.steps]
    moved_to = {"elephants": after.elephants, "cows": tuple(sorted(after.cows))}
    end = after.elephants[p]
    assert start is not None and end is not None
    if not say.silent:  # nobody reads the events of a plain apply: no trace of the paths either
        tell_move(s, a, say, pieces(s), after)
    if after.winner is not None:
        say("win/line", "{Winner} crosses the red line and wins the race!", winner=after.winner)
        moved_to["winner"] = after.winner
        return finish_card(update(s, moved_to), say)
    moved_to.update(discard=s.discard + s.pending, pending=(), cancelled="", mode="")
    if not (a.steps and end != start and s.track.kind(end) == "B"):
        return after_card(s, say, moved_to)  # the pieces and the card's discard, set with what follows
    s, drew = draw(update(s, moved_to), p, BANANA_HAND, say)
    say("board/banana", "{Player} ends the move on a banana tree and draws {n} {n:card|cards} up to nine.", player=p,
        n=drew)
    owed = min(s.cobras[p], len(s.hands[p])) if drew else 0
    if owed:
        say("draw/cobra", "{Player} has {n} {n:Cobra|Cobras}: {n:one discard|one discard for each}.", player=p, n=owed)
        return replace(s, phase="discard", owed=owed, resume="card")
    return after_card(s, say)


def do_rat(s: State, a: RatTo, say: Narrator) -> State:
    board = pieces(s)
    hit = board.at(a.cell)
    route = () if say.silent else tuple(tr.name(s.track, c)
                                        for c in tr.rat_route(s.track, board, s.rat, a.cell, RAT_MOVES))
    if hit is None or hit[0] != "e":
        say("card/rat", "The Rat runs to {cell}.", cell=a.cell, paths=(("rat", None, route),))
        return finish_card(replace(s, rat=a.cell), say)
    seat = hit[1]
    trail = [board]
    after, moves = mv.scare(s.track, board, seat, RAT_SCARE, trail)
    hole = mv.nearest_hole(s.track, a.cell)
    paths = () if say.silent else (("rat", None, route + (tr.name(s.track, hole),)),) + tr.trail_paths(s.track, trail)
    end = after.elephants[seat]
    sideways = any(m in ("l", "r") for m in moves)
    if sideways:
        say("card/rat-scare", "The Rat scares {pushed}'s elephant: blocked by the end of its lane, it runs back and "
            "sideways from {start} to {end}, and the Rat goes to the hole at {hole}.", pushed=seat, start=a.cell,
            end=end, hole=hole, paths=paths)
    else:
        say("card/rat-scare", "The Rat scares {pushed}'s elephant: it runs back from {start} to {end}, and the Rat "
            "goes to the hole at {hole}.", pushed=seat, start=a.cell, end=end, hole=hole, paths=paths)
    return finish_card(replace(with_pieces(s, after), rat=hole), say)


def do_cow(s: State, a: CowStep, say: Narrator) -> State:
    d = DIRECTIONS[a.direction]  # the step was checked against the list: where it leads needs no search
    target = (a.cell[0] + d[0], a.cell[1] + d[1])
    cows = list(s.cows)
    cows[cows.index(a.cell)] = target
    cows.sort()
    if not say.silent:
        say("card/cow", "{Player} moves the Sacred Cow from {start} to {end}.", player=s.active, start=a.cell,
            end=target, paths=(("cow", None, (cell_name(a.cell), cell_name(target))),))
    s = replace(s, cows=tuple(cows), cow_left=s.cow_left - 1)
    return finish_card(s, say) if s.cow_left == 0 else s


def do_stop_cows(s: State, a: StopCows, say: Narrator) -> State:
    say("card/cow", "{Player} stops moving cows.", player=s.active)
    return finish_card(s, say)


def do_steal(s: State, a: Steal, say: Narrator) -> State:
    victim = list(s.hands[a.victim])
    rng = rng_for(s)
    taken = [victim.pop(randbelow(rng, len(victim))) for _ in range(min(MONKEY_STEALS, len(victim)))]
    s = set_hand(s, a.victim, victim)
    s = set_hand(s, s.active, s.hands[s.active] + tuple(taken))
    say("card/monkey", "{Player} steals {n} {n:card|cards} at random from {victim}.", player=s.active, n=len(taken),
        victim=a.victim)
    return finish_card(replace(s, chance=s.chance + 1), say)


def do_take(s: State, a: Take, say: Narrator) -> State:
    if a.card:
        d = list(s.discard)
        d.reverse()
        d.remove(a.card)
        d.reverse()
        s = replace(set_hand(s, s.active, s.hands[s.active] + (a.card,)), discard=tuple(d))
        say("card/prayer", "{Player} takes {card} from the discards.", player=s.active, card=a.card)
    else:
        say("card/prayer", "The discards are empty: {Player} takes nothing.", player=s.active)
    return finish_card(s, say)


def do_give(s: State, a: Give, say: Narrator) -> State:
    cob = list(s.cobras)
    if a.source is None:
        say("card/snake", "{Player} gives a Cobra to {target}.", player=s.active, target=a.target)
    else:
        cob[a.source] -= 1
        say("card/snake", "All four Cobras are out: {Player} moves one from {source} to {target}.",
            player=s.active, source=a.source, target=a.target)
    cob[a.target] += 1
    return finish_card(replace(s, cobras=tuple(cob)), say)


HANDLERS: dict[type, Callable] = {
    Place: do_place, Play: do_play, PlayPair: do_play, Allow: do_allow, Cancel: do_cancel, Discard: do_discard,
    EndTurn: do_end, Move: do_move, RatTo: do_rat, CowStep: do_cow, StopCows: do_stop_cows, Steal: do_steal,
    Take: do_take, Give: do_give,
}


# ------------------------------------------------------------------ the preview and the greedy value
PREVIEWED = {"move": Move, "rat": RatTo, "cow": CowStep}


def preview(s: State, action: Any) -> dict | None:
    """What a panel shows before a move, a Rat or a cow step is confirmed: where every piece will stand
    (``positions`` of the next state) and the ``trace`` of the paths they take; None for any other action
    or a refused one (nothing to preview: it is played at once)."""
    kind = PREVIEWED.get(s.phase)
    if kind is None or type(action) is not kind:
        return None
    try:
        after, events = apply_explained(s, action)
    except IllegalAction:
        return None
    return {**positions(after), "trace": tr.trace(events)}


def settle(s: State, p: int) -> State:
    """Where ``s`` leads once the Tiger window lets the card resolve and ``p`` makes its best move
    (what a one-move look-ahead sees: a card played now moves the elephant in the next decision)."""
    for _ in range(2 * s.players + 2):
        if s.phase == "tiger":
            s = apply(s, Allow())
        elif s.phase == "move" and s.active == p:
            s = max((after for _, after in [(a, apply(s, a)) for a in legal_actions(s)]),
                    key=lambda t: progress(t, p) + (100 if t.winner == p else 0))
        else:
            break
    return s


def greedy_value(s: State, action: Any) -> float:
    """Most progress along the lap (after the move the card makes), then the larger hand."""
    p = s.current_player if s.current_player is not None else s.active
    after = settle(apply(s, action), p)
    gain = float(progress(after, p) - progress(s, p) + (100 if after.winner == p else 0))
    if s.phase == "tiger" and isinstance(action, Cancel):
        mover = s.active
        allowed = settle(apply(s, Allow()), mover) if s.asker == p else s
        gain += 0.5 * (progress(allowed, mover) - progress(after, mover))  # what the cancel keeps from the mover
    return float(gain) + 0.01 * (len(after.hands[p]) - len(s.hands[p]))


assert DECK_SIZE == 72
