from __future__ import annotations

import pytest

from rules.cards import DECK, Card, parse_card, parse_cards
from rules.errors import NotationError


def test_deck_has_52_distinct_cards_in_documented_order() -> None:
    assert len(DECK) == 52 == len(set(DECK))
    assert " ".join(str(c) for c in DECK[:13]) == "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"
    assert str(DECK[13]) == "Ah" and str(DECK[51]) == "Kc"
    assert all(DECK[c.index] is c for c in DECK)


def test_values_ace_one_to_king_thirteen() -> None:
    assert [parse_card(t + "h").rank for t in "A23456789TJQK"] == list(range(1, 14))
    assert parse_card("Kd").is_king and not parse_card("Qd").is_king


def test_suits_never_matter_for_pairing() -> None:
    for suit_a in "shdc":
        for suit_b in "shdc":
            assert parse_card("Q" + suit_a).pairs_with(parse_card("A" + suit_b))
            assert parse_card("5" + suit_a).pairs_with(parse_card("8" + suit_b))
            assert not parse_card("5" + suit_a).pairs_with(parse_card("7" + suit_b))


def test_every_pair_summing_13() -> None:
    pairs = {(a.rank, b.rank) for a in DECK for b in DECK if a.pairs_with(b) and a.rank < b.rank}
    assert pairs == {(1, 12), (2, 11), (3, 10), (4, 9), (5, 8), (6, 7)}


@pytest.mark.parametrize("token", ["Ts", "ts", "TS", "10s", "10♠", "T♠"])
def test_parse_card_accepts_common_spellings(token: str) -> None:
    assert parse_card(token) == Card(10, "s")


def test_format_is_canonical_and_symbol_reads_well() -> None:
    assert str(Card(10, "h")) == "Th"
    assert Card(10, "h").symbol == "10♥"
    assert Card(1, "s").symbol == "A♠"


@pytest.mark.parametrize("token", ["1s", "Zs", "Tx", "", "AAs", "11h"])
def test_bad_card_token_is_named(token: str) -> None:
    with pytest.raises(NotationError, match="is not a card"):
        parse_card(token)


def test_parse_cards_names_position_of_bad_token() -> None:
    with pytest.raises(NotationError, match=r"token 3: 'Xx'"):
        parse_cards("As 2s Xx 4s")


def test_card_rejects_impossible_values() -> None:
    with pytest.raises(ValueError):
        Card(14, "s")
    with pytest.raises(ValueError):
        Card(3, "x")
