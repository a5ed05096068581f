"""Tanto Cuore card effects: serving bonuses, the typed serve primitives, private-maid specials,
event placement (with Claire's reaction) and every pending choice an effect needs.

Effects run as a queue of small task records on the state (`state.tasks`, plain dicts of ids
and faces, so a state clones cheaply and a view can show them). A task that needs a decision
sets `state.pending` = {"kind", "player", ...}; `pending_legal` lists the answers (ordinary
actions) and `answer_pending` applies one; then the queue runs on.

Pending kinds (answers):
- tanya: draw | decline                    (Tanya: draw 1 more, once a turn)
- sainsbury: exchange(card) | decline      (swap a 1 Love in hand for a town card)
- natsumi_self: discard(card) | decline    (then natsumi_victim for each other player with 4+)
- natsumi_victim: discard(card)
- esquine: discard(card) | done            (up to 2, +1 serving each)
- eliza_target: target(target)             (whose deck top to look at)
- eliza_decide: leave | discard
- claire_return: return(card[, value]) | decline
- claire_reaction: [react("claire")] | decline   (the target of an arriving event decides;
  asked whenever Claire is in the town, so the question tells nobody what the target holds)
- nord_keep: keep(card); nord_target: target(target, value=maid)
- sora_from: take(card, target[, value]); sora_to: give(target[, value])
- eugenie_swap: swap | decline
A pending record's `card` names the card whose effect asks (the prompt shows it); for
claire_reaction and sora_to it is the event on its way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardtable.core.actions import Action
from cardtable.core.events import CARD_MOVED, REVEALED, Event, announce, moved, zone
from cardtable.games.tanto_cuore.cards import (
    CARDS,
    CHIEFS,
    DATA,
    DiscardAttack,
    DiscardForServing,
    DrawTrigger,
    Exchange,
    NeighboursBadHabit,
    OthersDraw,
    PeekDeck,
    ReturnEvent,
    Special,
    is_maid,
    sort_faces,
)

if TYPE_CHECKING:
    from cardtable.games.tanto_cuore.rules import TCState

EVENT_PLAYED = "event_played"


def _distinct(cards: list[str]) -> list[str]:
    return sort_faces(list(set(cards)))


def set_pending(state: TCState, kind: str, player: int, **data: Any) -> None:
    state.pending = {"kind": kind, "player": player, **data}


# ====================================================================== tasks
TaskFn = Callable[["TCState", dict[str, Any], list[Event]], None]
TASKS: dict[str, TaskFn] = {}


def task(name: str) -> Callable[[TaskFn], TaskFn]:
    def deco(fn: TaskFn) -> TaskFn:
        TASKS[name] = fn
        return fn
    return deco


def run_task(state: TCState, t: dict[str, Any], ev: list[Event]) -> None:
    TASKS[t["t"]](state, t, ev)


@task("bonus")
def _bonus(state: TCState, t: dict[str, Any], ev: list[Event]) -> None:
    p, card = t["player"], CARDS[t["card"]]
    b = card.bonus
    state.love += b.love
    state.serving += b.serving
    state.employ += b.employ
    if b.draw:
        state.draw(p, b.draw, ev)
        maid_drew(state, p, ev)


def maid_drew(state: TCState, p: int, ev: list[Event]) -> None:
    """Milly / Tanya: the first time each turn one of your served maids makes you draw."""
    face = state.active_private(p)
    if face is None or state.trigger_used:
        return
    ab = CARDS[face].ability
    if not isinstance(ab, DrawTrigger):
        return
    state.trigger_used = True
    if ab.gain == "serving":
        state.serving += 1
        ev.append(announce("tanto_cuore.log.ability", player=p, card=face))
    else:
        set_pending(state, "tanya", p, card=face)


@task("serve_effect")
def _serve_effect(state: TCState, t: dict[str, Any], ev: list[Event]) -> None:
    p, face = t["player"], t["card"]
    eff = CARDS[face].serve[t["i"]]
    if isinstance(eff, Exchange):
        if eff.give in state.hand[p] and _exchange_options(state, eff):
            set_pending(state, "sainsbury", p, card=face)
    elif isinstance(eff, OthersDraw):
        for q in state.order_from(p)[1:]:
            state.draw(q, eff.count, ev)
    elif isinstance(eff, DiscardAttack):
        if state.hand[p]:
            set_pending(state, "natsumi_self", p, card=face)
    elif isinstance(eff, NeighboursBadHabit):
        n = state.num_players
        for q in dict.fromkeys(((p + 1) % n, (p - 1) % n)):
            if q != p:
                state.tasks.append({"t": "nena_habit", "by": p, "target": q})
    elif isinstance(eff, DiscardForServing):
        if state.hand[p]:
            set_pending(state, "esquine", p, card=face, left=eff.max_cards,
                        each=eff.serving_each)
    elif isinstance(eff, PeekDeck):
        if any(state.deck[q] or state.discard[q] for q in range(state.num_players)):
            set_pending(state, "eliza_target", p, card=face)
    elif isinstance(eff, ReturnEvent):
        if state.habits[p] or state.ill_maid_faces(p):
            set_pending(state, "claire_return", p, card=face)
    else:  # pragma: no cover - the data model admits nothing else
        raise AssertionError(f"unknown serve effect {eff!r}")


@task("nena_habit")
def _nena_habit(state: TCState, t: dict[str, Any], ev: list[Event]) -> None:
    q = t["target"]
    if state.options.events and state.town.get("bad_habit", 0) and state.has_maid_at_home(q):
        state.town["bad_habit"] -= 1
        state.tasks.insert(0, {"t": "place_event", "by": t["by"], "target": q,
                               "card": "bad_habit", "maid": None, "src": "town:bad_habit"})


@task("place_event")
def _place_event(state: TCState, t: dict[str, Any], ev: list[Event]) -> None:
    """TC-E1: an event arrives in a private quarters; Claire in hand may send it back.
    When Claire is in the town the target is always asked (a lone "decline" without her):
    asking only a holder of Claire would show everyone that she is in that hand."""
    q = t["target"]
    if "claire" in state.kinds and not t.get("asked"):
        set_pending(state, "claire_reaction", q, **{k: v for k, v in t.items() if k != "t"})
        return
    face, maid = t["card"], t["maid"]
    if face == "illness":
        copy = state.add_illness(q, maid, ev, t.get("copy"))
        dst = zone("illness", q)
        if t.get("pair"):
            # Nord: the second Illness of the pair goes onto this same maid (the first may
            # have been sent back by Claire, and then the second lands as usual)
            for rest in state.tasks:
                if rest["t"] == "place_event" and rest.get("pair") == t["pair"]:
                    rest["copy"] = copy
    else:
        state.habits[q] += 1
        dst = zone("habits", q)
    ev.append(Event(CARD_MOVED, {"src": t["src"], "dst": dst, "face_up": True, "card": face,
                                 "maid": maid}))
    ev.append(Event(EVENT_PLAYED, {"player": t["by"], "card": face, "target": q, "maid": maid,
                                   "blocked": False}))


@task("natsumi_victim")
def _natsumi_victim(state: TCState, t: dict[str, Any], ev: list[Event]) -> None:
    q = t["target"]
    if len(state.hand[q]) >= t["min_hand"]:
        set_pending(state, "natsumi_victim", q, by=t["by"])


@task("illness_pair")
def _illness_pair(state: TCState, t: dict[str, Any], ev: list[Event]) -> None:
    """Nord: up to 2 Illnesses from the town onto one maid (each may meet Claire; among
    chambermaid copies of her face, the second follows the first onto the same copy)."""
    k = min(2, state.town.get("illness", 0))
    for _ in range(k):
        state.town["illness"] -= 1
        state.tasks.insert(0, {"t": "place_event", "by": t["by"], "target": t["target"],
                               "card": "illness", "maid": t["maid"], "src": "town:illness",
                               "pair": "nord"})


# ====================================================================== exchange (Sainsbury)
def _exchange_options(state: TCState, eff: Exchange) -> list[str]:
    out = [f for f in eff.take_cards if state.town.get(f, 0) > 0]
    for f in (*CHIEFS, *sort_faces(list(state.kinds))):
        if state.town.get(f, 0) > 0 and CARDS[f].cost <= eff.max_maid_cost and f not in out:
            out.append(f)
    return out


# ====================================================================== pending choices
LegalFn = Callable[["TCState", dict[str, Any]], list[Action]]
AnswerFn = Callable[["TCState", dict[str, Any], Action, list[Event]], None]
PENDING: dict[str, tuple[LegalFn, AnswerFn]] = {}


def pending(kind: str, legal: LegalFn) -> Callable[[AnswerFn], AnswerFn]:
    def deco(fn: AnswerFn) -> AnswerFn:
        PENDING[kind] = (legal, fn)
        return fn
    return deco


def pending_legal(state: TCState) -> list[Action]:
    pend = state.pending
    assert pend is not None
    return PENDING[pend["kind"]][0](state, pend)


def answer_pending(state: TCState, action: Action, ev: list[Event]) -> None:
    pend = state.pending
    assert pend is not None
    state.pending = None
    PENDING[pend["kind"]][1](state, pend, action, ev)


DECLINE = Action("decline")
REACT_CLAIRE = Action("react", "claire")


def _hand_choices(kind: str) -> LegalFn:
    return lambda s, pd: [Action(kind, f) for f in _distinct(s.hand[pd["player"]])]


@pending("tanya", lambda s, pd: [Action("draw"), DECLINE])
def _tanya(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    if a.kind == "draw":
        ev.append(announce("tanto_cuore.log.ability", player=pd["player"], card=pd["card"]))
        state.draw(pd["player"], 1, ev)


def _sainsbury_legal(state: TCState, pd: dict[str, Any]) -> list[Action]:
    eff = CARDS[pd["card"]].serve[0]
    assert isinstance(eff, Exchange)
    return [*(Action("exchange", f) for f in _exchange_options(state, eff)), DECLINE]


@pending("sainsbury", _sainsbury_legal)
def _sainsbury(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    if a.kind != "exchange":
        return
    p = pd["player"]
    eff = CARDS[pd["card"]].serve[0]
    assert isinstance(eff, Exchange) and a.card is not None
    state.hand[p].remove(eff.give)
    state.town[eff.give] += 1
    ev.append(moved(eff.give, zone("hand", p), f"town:{eff.give}", True))
    state.town[a.card] -= 1
    state.hand[p].append(a.card)
    ev.append(moved(a.card, f"town:{a.card}", zone("hand", p), True))
    ev.append(announce("tanto_cuore.log.exchange", player=p, card=a.card))
    state.check_end(ev)


@pending("natsumi_self", lambda s, pd: [*_hand_choices("discard")(s, pd), DECLINE])
def _natsumi_self(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    p = pd["player"]
    if a.kind != "discard":
        ev.append(announce("tanto_cuore.log.natsumi_declined", player=p))
        return
    card = a.card
    assert card is not None
    state.discard_from_hand(p, card, ev)
    ev.append(announce("tanto_cuore.log.natsumi_paid", player=p, card=card))
    eff = CARDS[pd["card"]].serve[0]
    assert isinstance(eff, DiscardAttack)
    for q in reversed(state.order_from(p)[1:]):
        state.tasks.insert(0, {"t": "natsumi_victim", "by": p, "target": q,
                               "min_hand": eff.min_hand})


@pending("natsumi_victim", _hand_choices("discard"))
def _natsumi_victim_answer(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]
                           ) -> None:
    q, card, by = pd["player"], a.card, pd["by"]
    assert card is not None
    state.discard_from_hand(q, card, ev)
    ev.append(announce("tanto_cuore.log.natsumi_victim", player=q, card=card, by=by))


@pending("esquine", lambda s, pd: [*_hand_choices("discard")(s, pd), Action("done")])
def _esquine(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    if a.kind != "discard":
        return
    p = pd["player"]
    card = a.card
    assert card is not None
    state.discard_from_hand(p, card, ev)
    each = pd["each"]
    state.serving += each
    ev.append(announce("tanto_cuore.log.esquine", player=p, card=card, each=each))
    if pd["left"] > 1 and state.hand[p]:
        set_pending(state, "esquine", p, card=pd["card"], left=pd["left"] - 1,
                    each=pd["each"])


@pending("eliza_target", lambda s, pd: [Action("target", target=q)
                                        for q in s.order_from(pd["player"])
                                        if s.deck[q] or s.discard[q]])
def _eliza_target(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    p, q = pd["player"], a.target
    assert q is not None
    top = state.top_of_deck(q, ev)
    if top is None:
        return
    # whose deck she looks at is public; the card only to her user (the REVEALED secret)
    ev.append(announce("tanto_cuore.log.eliza_peek", player=p, target=q))
    ev.append(Event(REVEALED, {"zone": zone("deck", q), "player": p}, {"cards": [top]},
                    frozenset({p})))
    set_pending(state, "eliza_decide", p, by=p, target=q, card=pd["card"])


@pending("eliza_decide", lambda s, pd: [Action("leave"), Action("discard")])
def _eliza_decide(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    p, q = pd["player"], pd["target"]
    if a.kind == "discard":
        c = state.deck[q].pop()
        state.discard[q].append(c)
        ev.append(moved(c, zone("deck", q), zone("discard", q), True))
        # the discarded card lies face up: it may be named
        ev.append(announce("tanto_cuore.log.eliza_discarded", player=p, target=q, card=c))
    else:  # the card stays hidden on the deck: only that it was left is said
        ev.append(announce("tanto_cuore.log.eliza_left", player=p, target=q))


def _claire_return_legal(state: TCState, pd: dict[str, Any]) -> list[Action]:
    p = pd["player"]
    out = [Action("return", "illness", value=m) for m in state.ill_maid_faces(p)]
    if state.habits[p]:
        out.append(Action("return", "bad_habit"))
    return [*out, DECLINE]


@pending("claire_return", _claire_return_legal)
def _claire_return(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    if a.kind != "return":
        return
    p = pd["player"]
    remove_event(state, p, str(a.card), a.value if a.card == "illness" else None, ev)
    state.town[str(a.card)] += 1
    ev.append(announce("tanto_cuore.log.event_returned", player=p, card=a.card))


def remove_event(state: TCState, q: int, face: str, maid: Any, ev: list[Event]) -> None:
    if face == "illness":
        state.remove_illness(q, str(maid), ev)
        src = zone("illness", q)
    else:
        state.habits[q] -= 1
        src = zone("habits", q)
    ev.append(Event(CARD_MOVED, {"src": src, "dst": f"town:{face}", "face_up": True,
                                 "card": face, "maid": maid}))


@pending("claire_reaction", lambda s, pd: ([REACT_CLAIRE] if "claire" in s.hand[pd["player"]]
                                           else []) + [DECLINE])
def _claire_reaction(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    t = {k: v for k, v in pd.items() if k not in ("kind", "player")}
    q = t["target"]
    if a.kind == "react":
        # The event goes back to the town (wherever it came from).
        state.town[t["card"]] += 1
        ev.append(Event(REVEALED, {"zone": zone("hand", q), "cards": ["claire"], "player": q}))
        ev.append(Event(EVENT_PLAYED, {"player": t["by"], "card": t["card"], "target": q,
                                       "maid": t["maid"], "blocked": True}))
        ev.append(announce("tanto_cuore.log.blocked", player=q, card=t["card"]))
        return
    state.tasks.insert(0, {"t": "place_event", **t, "asked": True})


@pending("nord_keep", _hand_choices("keep"))
def _nord_keep(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    p = pd["player"]
    keep = a.card
    rest = list(state.hand[p])
    rest.remove(str(keep))
    for c in sort_faces(rest):
        state.discard_from_hand(p, c, ev)
    set_pending(state, "nord_target", p, card="nord")


def _illness_targets(state: TCState, p: int) -> list[Action]:
    return [Action("target", target=q, value=m) for q in state.event_targets(p)
            for m in state.home_maid_faces(q)]


@pending("nord_target", lambda s, pd: _illness_targets(s, pd["player"]))
def _nord_target(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    state.tasks.insert(0, {"t": "illness_pair", "by": pd["player"], "target": a.target,
                           "maid": a.value})


def _sora_sources(state: TCState, p: int) -> list[Action]:
    out: list[Action] = []
    for a in state.order_from(p):
        dests = [b for b in state.order_from(p)[1:] if b != a and state.has_maid_at_home(b)]
        if not dests:
            continue
        out.extend(Action("take", "illness", target=a, value=m)
                   for m in state.ill_maid_faces(a))
        if state.habits[a]:
            out.append(Action("take", "bad_habit", target=a))
    return out


@pending("sora_from", lambda s, pd: _sora_sources(s, pd["player"]))
def _sora_from(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    p = pd["player"]
    src = a.target
    assert src is not None
    face = str(a.card)
    remove_event(state, src, face, a.value, ev)
    state.town[face] += 1  # in transit through the town count, taken again on arrival
    set_pending(state, "sora_to", p, card=face, src=src)


def _sora_to_legal(state: TCState, pd: dict[str, Any]) -> list[Action]:
    p, src = pd["player"], pd["src"]
    dests = [b for b in state.order_from(p)[1:] if b != src and state.has_maid_at_home(b)]
    if pd["card"] == "bad_habit":
        return [Action("give", target=b) for b in dests]
    return [Action("give", target=b, value=m) for b in dests for m in state.home_maid_faces(b)]


@pending("sora_to", _sora_to_legal)
def _sora_to(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    face = pd["card"]
    state.town[face] -= 1
    src = zone("habits" if face == "bad_habit" else "illness", pd["src"])
    state.tasks.insert(0, {"t": "place_event", "by": pd["player"], "target": a.target,
                           "card": face, "maid": a.value, "src": src})


@pending("eugenie_swap", lambda s, pd: ([Action("swap")] if s.hand[pd["player"]] else [])
         + [DECLINE])
def _eugenie_swap(state: TCState, pd: dict[str, Any], a: Action, ev: list[Event]) -> None:
    if a.kind != "swap":
        return
    p, q, c = pd["player"], pd["target"], pd["seen"]
    d = state.hand[p][state.rng.randrange(len(state.hand[p]))]
    ev.append(Event(REVEALED, {"zone": zone("hand", p), "player": q}, {"cards": [d]},
                    frozenset({q})))
    state.hand[q].remove(c)
    state.hand[p].remove(d)
    state.hand[p].append(c)
    state.hand[q].append(d)
    ev.append(moved(c, zone("hand", q), zone("hand", p), False, frozenset({p, q})))
    ev.append(moved(d, zone("hand", p), zone("hand", q), False, frozenset({p, q})))
    state.swaps.append((min(p, q), max(p, q)))
    ev.append(announce("tanto_cuore.log.swapped", player=p, target=q))


# ====================================================================== private-maid specials
class SpecialAbility:
    """A private maid's ability with its own code. Start-phase ones list their `ability`
    actions and resolve them; Amber acts in other players' discard phases."""

    def start_actions(self, state: TCState, p: int) -> list[Action]:
        return []

    def use(self, state: TCState, p: int, action: Action, ev: list[Event]) -> None:
        raise NotImplementedError

    def others_discard_phase(self, state: TCState, owner: int, p: int, ev: list[Event]) -> int:
        """Returns how many fewer cards `p` draws for the new hand."""
        return 0


SPECIALS: dict[str, SpecialAbility] = {}


def special(card_id: str) -> Callable[[type[SpecialAbility]], type[SpecialAbility]]:
    def deco(cls: type[SpecialAbility]) -> type[SpecialAbility]:
        SPECIALS[card_id] = cls()
        return cls
    return deco


def check_handlers() -> None:
    for c in DATA.cards:
        if isinstance(c.ability, Special) and c.ability.handler not in SPECIALS:
            raise LookupError(f"card {c.id!r} field 'ability.handler': no handler "
                              f"{c.ability.handler!r} registered with @special")


@special("amber")
class Amber(SpecialAbility):
    """Each other player's discard phase: they discard their deck top; not a maid -> they draw
    1 fewer."""

    def others_discard_phase(self, state: TCState, owner: int, p: int, ev: list[Event]) -> int:
        top = state.top_of_deck(p, ev)
        if top is None:
            return 0
        state.deck[p].pop()
        state.discard[p].append(top)
        ev.append(moved(top, zone("deck", p), zone("discard", p), True))
        ev.append(announce("tanto_cuore.log.amber", player=p, card=top, owner=owner))
        return 0 if is_maid(top) else 1


@special("nord")
class Nord(SpecialAbility):
    """Start: discard all but one card; then 2 Illnesses from the town onto one maid."""

    def start_actions(self, state: TCState, p: int) -> list[Action]:
        if (state.options.events and state.town.get("illness", 0) and len(state.hand[p]) >= 2
                and state.event_targets(p)):
            return [Action("ability", "nord")]
        return []

    def use(self, state: TCState, p: int, action: Action, ev: list[Event]) -> None:
        set_pending(state, "nord_keep", p, card="nord")


@special("sora")
class Sora(SpecialAbility):
    """Start: move one event from any private quarters to another player's."""

    def start_actions(self, state: TCState, p: int) -> list[Action]:
        return [Action("ability", "sora")] if _sora_sources(state, p) else []

    def use(self, state: TCState, p: int, action: Action, ev: list[Event]) -> None:
        set_pending(state, "sora_from", p, card="sora")


@special("eugenie")
class Eugenie(SpecialAbility):
    """Start: look at a random card of another player's hand; you may swap a random one of
    yours for it."""

    def start_actions(self, state: TCState, p: int) -> list[Action]:
        return [Action("ability", "eugenie", target=q) for q in state.order_from(p)[1:]
                if state.hand[q]]

    def use(self, state: TCState, p: int, action: Action, ev: list[Event]) -> None:
        q = action.target
        assert q is not None
        c = state.hand[q][state.rng.randrange(len(state.hand[q]))]
        ev.append(Event(REVEALED, {"zone": zone("hand", q), "player": p}, {"cards": [c]},
                        frozenset({p})))
        set_pending(state, "eugenie_swap", p, card="eugenie", target=q, seen=c)
