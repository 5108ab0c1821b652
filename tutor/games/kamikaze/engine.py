"""The rules of Kamikaze Attack through the game's contract: new games, legal actions, applying them.

Each action is one step (``_step``) that copies the position into a draft and fills it in with the
steps of ``duels`` (a duel, its outcome, the next turn, the end); ``stalemate`` says when nothing can
change any more, ``seat`` what each seat may see and what the bots guess.
"""

from __future__ import annotations

from typing import Any

from tutor.core import Event, short

from .actions import (
    Action,
    Challenge,
    Decline,
    Keep,
    Play,
    PlayOn,
    Stop,
    Swap,
    TakeBack,
    parse,
)
from .cards import (
    DECKS,
    EXPANSION_DECKS,
    ORDER,
    RULE_CHALLENGE,
    RULE_CLERIC,
    RULE_DEAD,
    RULE_EMPTY,
    RULE_FAMILIAR,
    RULE_PLAY,
    RULE_REPEAT,
    RULE_SIMULTANEOUS,
    RULESETS,
    sort_cards,
)
from .duels import (
    ALL_FALSE,
    ONE_HIDDEN,
    SILENT,
    after_commit,
    announce,
    begin_duel,
    finish,
    illegal,
    next_turn,
    put,
    resolve,
    say,
)
from .state import (
    MEMO_LIMIT,
    Draft,
    State,
    add_card,
    copy_state,
    done,
    draft,
    fast_replace,
    memo,
    remove_card,
    set_at,
    set_field,
    to_move,
)

# no game lasts longer (the conformance suite plays random games against it);
# measured: 600 random games of 2 to 5 players all ended within 100 actions
MAX_ACTIONS = 5000


_PHASE_RULE = {"challenge": RULE_CHALLENGE, "commit": RULE_PLAY, "familiar": RULE_FAMILIAR, "cleric": RULE_CLERIC,
               "repeat": RULE_REPEAT}
_ACTION_TYPES = (Challenge, Play, Swap, Keep, TakeBack, Decline, Stop, PlayOn)


def _well_formed(action: Any) -> bool:
    """One of the game's actions with fields of the right kind (a player number, a card)."""
    kind = type(action)
    if kind not in _ACTION_TYPES:
        return False
    if kind is Challenge:
        q = action.opponent
        return type(q) is int and 0 <= q < 5
    if kind in (Play, Swap, TakeBack):
        return type(action.card) is str and action.card in ORDER
    return True


def _step(s: State, action: Any, narrate: bool = True) -> tuple[State, list[Event]]:
    """The state after ``action`` (a State, never a draft) and the narration."""
    after, ev = _step_draft(s, action, narrate)
    return done(after), ev


def _step_draft(s: State, action: Any, narrate: bool) -> tuple[State, list[Event]]:
    """_step's work: the next state may still be a draft (see ``duels``)."""
    if not isinstance(s, State):
        raise TypeError("expected a Kamikaze Attack State")
    ev: list[Event] = [] if narrate else SILENT
    card = action.card if type(action) is Play else None
    if s.phase == "commit" and type(card) is str and card in ORDER:  # a card played: the most frequent step
        me = s.turn
        assert me is not None  # (commit: someone has still to play)
        hand = s.hands[me]
        if card not in hand:
            raise illegal(RULE_PLAY, "{Player} has no {card} in hand", player=me, card=card)
        if s.barred is not None and s.barred == (me, card):
            raise illegal(RULE_REPEAT, "{Player} chose to play on: a card other than the {card} in this duel",
                           player=me, card=card)
        i = hand.index(card)
        d: Any = copy_state(s)  # a draft (see ``duels``), its three changed fields set directly: no call per field
        hands, field, hidden = list(s.hands), list(s.field), list(s.hidden)
        hands[me], field[me], hidden[me] = hand[:i] + hand[i + 1:], card, True
        d.hands, d.field, d.hidden = tuple(hands), tuple(field), tuple(hidden)
        s = d
        if narrate:
            say(ev, RULE_SIMULTANEOUS, "{Player} sets a card aside, face down.", "commit", player=me)
        return after_commit(s, ev), ev
    if s.phase == "over":
        raise illegal({"stalemate": RULE_DEAD, "repetition": RULE_REPEAT}.get(s.end, RULE_EMPTY),
                       "the game is over")
    me = s.mover
    if not _well_formed(action):
        raise illegal(_PHASE_RULE[s.phase], "{action} is not an action of Kamikaze Attack", action=short(action))
    if s.phase == "challenge":
        if not isinstance(action, Challenge):
            raise illegal(RULE_CHALLENGE, "{Player} must first choose an opponent to challenge", player=me)
        q = action.opponent
        if not isinstance(q, int) or not 0 <= q < s.players or q == me:
            raise illegal(RULE_CHALLENGE, "{Player} must challenge another player at the table", player=me)
        if narrate:
            say(ev, RULE_CHALLENGE, "{Player} challenges {opponent}.", "challenge", player=me, opponent=q)
        return begin_duel(draft(s), q, ev), ev
    if s.phase == "commit":  # a well-formed Play was taken above: this is another action
        raise illegal(RULE_PLAY, "{Player} must play a card from hand", player=me)
    if s.phase == "familiar":
        rest = s.pending[1:]
        if isinstance(action, Keep):
            say(ev, RULE_FAMILIAR, "{Player} keeps the Familiar in the duel.", "keep", player=me)
            s = draft(s, pending=rest)
        elif isinstance(action, Swap):
            if action.card == "kamikaze":
                raise illegal(RULE_FAMILIAR, "the Familiar cannot be swapped for the Kamikaze")
            if action.card not in s.hands[me]:
                raise illegal(RULE_FAMILIAR, "{Player} has no {card} in hand", player=me, card=action.card)
            if s.barred == (me, action.card):
                raise illegal(RULE_REPEAT, "{Player} chose to play on: a card other than the {card} in this duel",
                               player=me, card=action.card)
            s = draft(
                s,
                hands=set_at(s.hands, me, remove_card(s.hands[me], action.card)),
                field=set_at(s.field, me, action.card),
                graveyards=set_at(s.graveyards, me, s.graveyards[me] + ("familiar",)),
                swapped=set_at(s.swapped, me, True),
                pending=rest,
            )
            say(ev, RULE_FAMILIAR,
                "{Player} swaps the Familiar for the {card}: the Familiar goes to "
                "{player}'s own graveyard, whatever the duel's outcome.", "swap", player=me, card=action.card)
        else:
            raise illegal(RULE_FAMILIAR, "{Player} must keep the Familiar or swap it for a card in hand", player=me)
        if s.pending:
            return s, ev
        return resolve(put(s, phase="commit"), ev), ev
    if s.phase == "cleric":
        other = s.rival if me == s.active else s.active
        rest = s.pending[1:]
        if isinstance(action, Decline):
            say(ev, RULE_CLERIC, "{Player} takes nothing back.", "decline", player=me)
            s = draft(s, pending=rest)
        elif isinstance(action, TakeBack):
            if action.card == "kamikaze":
                raise illegal(RULE_CLERIC, "the Cleric cannot take back a Kamikaze")
            if action.card not in s.graveyards[other]:
                raise illegal(RULE_CLERIC, "there is no {card} in {opponent}'s graveyard",
                               card=action.card, opponent=other)
            record = tuple((k, v + ((me, action.card),) if k == "taken" else v) for k, v in s.last_duel)
            s = draft(
                s,
                graveyards=set_at(s.graveyards, other, remove_card(s.graveyards[other], action.card)),
                hands=set_at(s.hands, me, add_card(s.hands[me], action.card)),
                pending=rest,
                last_duel=record,
            )
            say(ev, RULE_CLERIC, "The Cleric retreated: {player} takes the {card} back from {opponent}'s graveyard.",
                "take", player=me, card=action.card, source=other, opponent=other)
        else:
            raise illegal(RULE_CLERIC, "{Player} must take a card back or take nothing", player=me)
        if s.pending:
            return s, ev
        return finish(s, ev), ev
    if s.phase == "repeat":
        duelists, cards = s.last("players"), s.last("cards")
        card, other = cards[duelists.index(me)], duelists[1 - duelists.index(me)]
        if isinstance(action, Stop):
            s = draft(s, phase="over", end="repetition", pending=())
            say(ev, RULE_REPEAT,
                "Stalemate: {player} will not play anything but the {card} here, and nothing {opponent} can do "
                "changes anything against it. The game is over; the cards stay in hand.",
                "end", player=me, opponent=other, card=card)
            return announce(s, ev), ev
        if isinstance(action, PlayOn):
            s = draft(s, pending=(), barred=(me, card))
            say(ev, RULE_REPEAT, "{Player} plays on: in the next duel {player} plays a card other than the {card}.",
                "play-on", player=me, card=card)
            return next_turn(s, ev), ev
        raise illegal(RULE_REPEAT, "{Player} must end the game in a stalemate or play on with another card",
                       player=me)
    raise AssertionError(s.phase)



# ---------------------------------------------------------- the game API ----


def new_game(players: int = 2, seed: int = 0, ruleset: str | None = None, **options: Any) -> State:
    """A new game.  ``decks=[...]`` names each seat's deck (see :data:`DECKS`).

    Ruleset "base": 2 players, two base decks.  Ruleset "expansion": 2 to 5
    players; by default seats 1 and 2 hold base decks and every further seat
    one of the three new decks in the rulebook's order; any seat may be given
    any deck.
    """
    if not options and type(players) is int and type(seed) is int:  # a default table: its first position ready
        first = _DEFAULT_FIRST.get((players, ruleset))
        if first is not None:
            d: Any = copy_state(first)  # (fast_replace without its keyword dict and calls)
            d.seed = seed
            d.__class__ = State  # (done: who moves is first's)
            return d
    if ruleset is None:
        ruleset = "base" if players == 2 and all(d == "base" for d in options.get("decks") or ()) else "expansion"
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(RULESETS)}")
    if not isinstance(players, int) or not 2 <= players <= 5:
        raise ValueError("Kamikaze Attack is for 2 to 5 players")
    if ruleset == "base" and players != 2:
        raise ValueError("the base game is for 2 players; use the expansion ruleset for 3 to 5")
    decks = options.pop("decks", None)
    if options:
        raise ValueError(f"unknown options: {', '.join(sorted(options))}")
    if decks is None:
        decks = ["base", "base"] + list(EXPANSION_DECKS[: players - 2])
    decks = tuple(decks)
    if len(decks) != players:
        raise ValueError(f"decks: expected one deck per player ({players}), got {len(decks)}")
    for d in decks:
        if d not in DECKS:
            raise ValueError(f"unknown deck {d!r}; decks: {', '.join(DECKS)}")
    if ruleset == "base" and decks != ("base", "base"):
        raise ValueError("the base game uses two base decks; use the expansion ruleset for the new decks")
    return fast_replace(_first_position(ruleset, decks), seed=int(seed))


# (players, ruleset) -> the first position of a game with the default decks, checked by new_game once
_DEFAULT_FIRST: dict[tuple[int, str | None], State] = {}


def _default_firsts() -> None:
    for players in range(2, 6):
        for ruleset in (None, *RULESETS):
            try:
                _DEFAULT_FIRST[(players, ruleset)] = new_game(players, 0, ruleset)
            except ValueError:  # (the base game has no table of 3 to 5)
                pass


@memo
def _first_position(ruleset: str, decks: tuple[str, ...]) -> State:
    """The position a game with these decks starts in (seed 0; a State is immutable, so shared)."""
    players = len(decks)
    s = State(
        ruleset=ruleset,
        seed=0,
        decks=decks,
        hands=tuple(sort_cards(DECKS[d]) for d in decks),
        graveyards=((),) * players,
        field=(None,) * players,
        hidden=ALL_FALSE[players],
        held=(False,) * players,
        phase="challenge",
        active=0,
        swapped=(False,) * players,
    )
    if players == 2:
        s = done(begin_duel(draft(s), 1, []))
    return s


_default_firsts()
_PLAY = {c: Play(c) for c in ORDER}  # actions are frozen: one of each serves every list
_CHALLENGE = [Challenge(q) for q in range(5)]
_STOP, _PLAY_ON = Stop(), PlayOn()


_PLAYS: dict[tuple[str, ...], tuple[Action, ...]] = {}  # a hand -> a play of each kind of its cards


def legal_actions(s: State) -> list[Action]:
    phase = s.phase
    if phase == "commit":
        hand = s.hands[s.turn]  # type: ignore[index]  # (commit: someone has still to play)
        plays = _PLAYS.get(hand)
        if plays is None:  # hands are kept sorted: each kind once, in order
            if len(_PLAYS) >= MEMO_LIMIT:
                _PLAYS.clear()
            plays = _PLAYS[hand] = tuple(_PLAY[c] for c in dict.fromkeys(hand))
        barred = s.barred
        if barred is not None and barred[0] == s.turn:
            return [a for a in plays if a != _PLAY[barred[1]]]  # (not the card barred after playing on)
        return list(plays)
    if phase == "over":
        return []
    me: Any = s.turn  # (s.mover without the property's calls: the game is running)
    out: list[Action] = []
    if phase == "challenge":
        out += [_CHALLENGE[q] for q in range(s.players) if q != me]
    elif s.phase == "familiar":
        out.append(Keep())
        out += [Swap(c) for c in dict.fromkeys(s.hands[me]) if c != "kamikaze" and s.barred != (me, c)]
    elif s.phase == "cleric":
        other = s.rival if me == s.active else s.active
        out += [TakeBack(c) for c in sort_cards(set(s.graveyards[other])) if c != "kamikaze"]
        out.append(Decline())
    elif s.phase == "repeat":
        out += [_STOP, _PLAY_ON]
    return out


def apply(s: State, action: Any) -> State:
    return _step(s, action, narrate=False)[0]


def apply_silent(s: State, action: Any) -> State:
    """``apply``, on the playout's hot path (``game.apply``): a card committed while the other duelist has
    still to commit (half of all actions) is done here in one call; anything else goes through ``_step``."""
    if type(action) is Play and type(s) is State and s.phase == "commit":
        card = action.card
        me: Any = s.turn
        hand = s.hands[me]
        if type(card) is str and card in hand and s.barred is None:  # (the same checks as _step_draft's)
            i = hand.index(card)
            d: Any = copy_state(s)  # a draft (see ``duels``), its changed fields set directly
            rest, hands, field = hand[:i] + hand[i + 1:], s.hands, s.field
            if len(hands) == 2:  # (two players: each new pair made at once, not a list made a tuple)
                d.hands = (rest, hands[1]) if me == 0 else (hands[0], rest)
                d.field = field = (card, field[1]) if me == 0 else (field[0], card)
            else:
                new_hands, new_field = list(hands), list(field)
                new_hands[me], new_field[me] = rest, card
                d.hands, d.field = tuple(new_hands), tuple(new_field)
                field = d.field
            q: int = s.opponent  # type: ignore[assignment]  # (a duel is under way)
            if field[q] is None:  # the active player committed, the challenged one is next (after_commit waits)
                hidden = s.hidden
                # (the first card down, usually: a table, not a new tuple)
                d.hidden = ONE_HIDDEN[len(hands)][me] if hidden is ALL_FALSE[len(hands)] else set_at(hidden, me, True)
                d.turn = q
            else:  # both cards are down: after_commit turns them face up (hidden) and fights the duel
                if field[s.active] == "familiar" or field[q] == "familiar":
                    d = after_commit(d, SILENT)
                else:  # (after_commit's work without its call: no Familiar to decide on)
                    d.hidden = ALL_FALSE[len(hands)]
                    d = resolve(d, SILENT)
                d.turn = to_move(d)
            d.__class__ = State  # (done)
            return d
    elif type(action) is Challenge and type(s) is State and s.phase == "challenge":
        them = action.opponent
        if type(them) is int and 0 <= them < len(s.hands) and them != s.active:  # (_step_draft's checks)
            d = begin_duel(copy_state(s), them, SILENT)
            d.turn = to_move(d)
            d.__class__ = State  # (done)
            return d
    after: Any = _step_draft(s, action, False)[0]
    if type(after) is Draft:  # (done)
        set_field(after, "turn", to_move(after))
        set_field(after, "__class__", State)
    return after


def explain(s: State, action: Any) -> list[Event]:
    return _step(s, action)[1]


def apply_explained(s: State, action: Any) -> tuple[State, list[Event]]:
    return _step(s, action)


def conserved(s: State) -> dict[str, int]:
    """Every card, wherever it is (hands, graveyards, field), counted by kind."""
    counts: dict[str, int] = {}
    for cards in (*s.hands, *s.graveyards, tuple(c for c in s.field if c is not None)):
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
    return dict(sorted(counts.items()))



def parse_action(s: State, text: str) -> Action:
    return parse(text)


def is_over(s: State) -> bool:
    return s.phase == "over"

