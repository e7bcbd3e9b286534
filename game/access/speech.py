"""What is said: one sentence after each action, and the answers of the keys that ask.

Pure functions of positions and texts (no pygame, no clock): the native voice, the live node
of the accessibility tree and a browser page all say the same words.

After an action: the cards removed, the cards it freed, the stock's count and the pass
(«Quitas 7 de corazones y 6 de picas. Queda libre 9 de diamantes. Quedan 13 en el mazo,
vuelta 1 de 3.»). The keys that ask: every pair playable now, the stock and the waste, the
cards seen and not yet seen (only what the player has seen: cards still face down are counted,
never named), and the last «¿Aún se gana?» answer.
"""

from __future__ import annotations

from game.texts import Texts, reserve_counts
from rules import Card, Kind, Move, Session, State, legal_moves
from rules.legality import playable_places
from rules.moves import reserve_place

from .words import card_words, cards_words, counted, piles_words


def _playable(state: State) -> list[Card]:
    """The cards that can be used now, in place order."""
    cards = [state.card_at(place) for place in playable_places(state)]
    return [card for card in cards if card is not None]


def _waste_tops(state: State) -> list[Card]:
    cards = [state.card_at(place) for place in state.waste_places()]
    return [card for card in cards if card is not None]


def _sentences(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def move_words(texts: Texts, before: State, after: State, move: Move) -> str:
    """What ``move`` (made from ``before``, giving ``after``) did."""
    was = set(_playable(before))
    if move.kind is Kind.RECYCLE:
        said = counted(texts, "say_recycled", before.waste_count)
        return _sentences(said, piles_words(texts, after))
    if move.kind is Kind.DRAW:
        turned = [card for card in _waste_tops(after) if card not in set(_waste_tops(before))]
        freed = [card for card in _playable(after) if card not in was and card not in turned]
        said = texts.t("say_drawn", cards=cards_words(texts, turned)) if turned else ""
        return _sentences(said, _freed(texts, freed), piles_words(texts, after))
    removed = [card for card in (before.card_at(place) for place in move.places) if card is not None]
    freed = [card for card in _playable(after) if card not in was]
    said = texts.t("say_removed", cards=cards_words(texts, removed))
    return _sentences(said, _freed(texts, freed), piles_words(texts, after))


def _freed(texts: Texts, cards: list[Card]) -> str:
    if not cards:
        return ""
    return texts.t("say_freed_one" if len(cards) == 1 else "say_freed_many", cards=cards_words(texts, cards))


def undo_words(texts: Texts, before: State, after: State, undone: list[Move]) -> str:
    """What taking back ``undone`` (the moves, last first) did: ``before`` → ``after``."""
    if len(undone) != 1:
        return _sentences(texts.t("say_undo_many", n=len(undone)), free_words(texts, after))
    move = undone[0]
    if move.kind is Kind.RECYCLE:
        return _sentences(texts.t("say_undo_recycled"), piles_words(texts, after))
    if move.kind is Kind.DRAW:
        back = [card for card in _waste_tops(before) if card not in set(_waste_tops(after))]
        said = counted(texts, "say_undo_drawn", len(back), cards=cards_words(texts, back))
        return _sentences(said, piles_words(texts, after))
    cards = [card for card in (after.card_at(place) for place in move.places) if card is not None]
    return _sentences(texts.t("say_undo_removed", cards=cards_words(texts, cards)), piles_words(texts, after))


def free_words(texts: Texts, state: State) -> str:
    """«Libres: …» — every card that can be used now."""
    cards = _playable(state)
    return texts.t("say_free_one" if len(cards) == 1 else "say_free_many", cards=cards_words(texts, cards))


def selection_words(texts: Texts, state: State, selected: int | None, released: int | None,
                    partners: list[int]) -> str:  # fmt: skip
    """A card lifted (with what it pairs with now) or let go."""
    if selected is not None:
        card = state.card_at(selected)
        if card is None:
            return ""
        name = card_words(texts, card)
        mates = [c for c in (state.card_at(p) for p in partners) if c is not None]
        if not mates:
            return texts.t("say_selected_alone", card=name)
        return texts.t("say_selected", card=name, partners=cards_words(texts, mates))
    card = None if released is None else state.card_at(released)
    return "" if card is None else texts.t("say_released", card=card_words(texts, card))


# --- the keys that ask ----------------------------------------------------------------------------
def pairs_words(texts: Texts, state: State) -> str:
    """Every removal the rules allow now («7 de corazones con 6 de picas», «rey de tréboles
    sola»), then whether the stock can be drawn from or recycled."""
    moves = legal_moves(state)
    said = []
    for move in moves:
        if not move.is_removal:
            continue
        cards = [state.card_at(place) for place in move.places]
        names = [card_words(texts, card) for card in cards if card is not None]
        if len(names) == 2:
            said.append(texts.t("ask_pair", a=names[0], b=names[1]))
        else:
            said.append(texts.t("ask_alone", a=names[0]))
    pairs = texts.t("ask_pairs", pairs=", ".join(said)) if said else texts.t("ask_pairs_none")
    kinds = {move.kind for move in moves}
    if Kind.DRAW in kinds:
        return _sentences(pairs, texts.t("ask_draw"))
    if Kind.RECYCLE in kinds:
        return _sentences(pairs, texts.t("ask_recycle"))
    return pairs if said else _sentences(pairs, texts.t("ask_no_move"))


def piles_ask_words(texts: Texts, state: State) -> str:
    """The stock's count and the pass, the waste's count and its top card(s); then a reserve
    row's cards, left to right («Reserva: 10 de corazones, 5 de tréboles.»)."""
    if not state.rules.variant.has_stock:
        return texts.t("ask_all_open")
    tops = _waste_tops(state)
    waste = counted(texts, "ask_waste", state.waste_count, cards=cards_words(texts, tops))
    said = _sentences(piles_words(texts, state), waste)
    places = [reserve_place(index) for index in range(reserve_counts(state)[1])]  # none without one
    if not places:
        return said
    reserve = [card for card in map(state.card_at, places) if card is not None]
    return _sentences(said, counted(texts, "ask_reserve", len(reserve), cards=cards_words(texts, reserve)))


def seen_words(texts: Texts, session: Session) -> str:
    """The stock cards the player has seen that are still in play (named), and how many they
    have not seen yet (counted, never named: that would tell what lies face down)."""
    state = session.state
    if not state.rules.variant.has_stock:
        return texts.t("ask_all_open")
    stock = state.layout.stock
    seen = session.seen_mask
    in_play = [stock[i] for i in range(len(stock)) if state.stock >> i & 1 and seen >> i & 1]
    unseen = len(stock) - seen.bit_count()
    return _sentences(
        counted(texts, "ask_seen", len(in_play), cards=cards_words(texts, in_play)),
        counted(texts, "ask_unseen", unseen),
    )


def answer_words(texts: Texts, answer: str | None, moves_since: int) -> str:
    """The last «¿Aún se gana?» answer of this deal and when it was given: ``moves_since`` is 0
    when the position is the one it answered, else the moves made since."""
    if answer is None:
        return texts.t("ask_answer_none")
    when = texts.t("ask_when_here") if moves_since == 0 else counted(texts, "ask_when_back", moves_since)
    return texts.t("ask_answer", when=when, answer=answer)
