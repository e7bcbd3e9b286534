"""The text catalogues: same keys in every language, SPEC wordings, refusals from the rules."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from game.app import App
from game.render.controls_view import message_lines, message_room
from game.scenes.record_screens import rules_name
from game.texts import CATALOGUES, RULES_TEXT, Texts, format_time
from rules import Refusal, RuleSet
from rules.cards import parse_card
from rules.labels import Label

SPEC_WORDING = {
    "btn_undo": "Deshacer",
    "btn_hint": "Pista",
    "btn_new": "Nuevo reparto",
    "btn_rules": "Reglas",
    "btn_analyse": "¿Aún se gana?",
    "btn_recycle": "Otra vuelta",
    "label_solvable": "Con solución comprobada",
    "label_unsolvable": "Demostrado sin solución",
    "label_unknown": "Sin determinar",
    "label_hidden": "Puede no tener solución",
    "mode_solvable": "solo con solución",
    "mode_random": "totalmente al azar",
    "analysis_busy": "buscando una solución",
    "pass": "vuelta {n} de {p}",
    "removed": "{n} de {total}",
}


SPEC_REFUSALS = {
    Refusal.NOT_13: "esas dos no suman 13",
    Refusal.COVERED: "esa carta sigue cubierta",
    Refusal.NOTHING_TO_DRAW: "no quedan cartas que dar la vuelta",
    Refusal.STOCK_NOT_EMPTY: "podrás reciclar cuando el mazo esté vacío",
    Refusal.NO_RECYCLES_LEFT: "no quedan reciclajes",
    Refusal.WASTE_EMPTY: "no hay nada en la pila de descarte para reciclar",
}
"""SPEC §2's refusal lines, word for word."""


def test_refusals_keep_the_spec_wording_and_the_sum_names_the_cards() -> None:
    """SPEC §2: the rules' lines as quoted; the sum refusal as the game shows it names the two
    cards, as the SPEC's own example («5♣ y 7♥ no suman 13»); and a card covered under the
    overlap rule, tapped with another free card, gets its own reason, not «sigue cubierta»."""
    for refusal, line in SPEC_REFUSALS.items():
        assert refusal.message == line == Texts("es").refusal(refusal)
    five, seven = parse_card("5c"), parse_card("7h")
    assert Texts("es").t("not_sum", a=five, b=seven, sum=13) == "5♣ y 7♥ no suman 13"
    assert Texts("en").t("not_sum", a=five, b=seven, sum=13) == "5♣ and 7♥ do not add up to 13"
    assert Refusal.ONLY_WITH_COVER.message != Refusal.COVERED.message
    assert "cubierta" not in Refusal.ONLY_WITH_COVER.message


def test_every_language_has_the_same_keys_and_fields() -> None:
    spanish = CATALOGUES["es"]
    for lang, catalogue in CATALOGUES.items():
        assert catalogue.keys() == spanish.keys(), lang
        for key, text in catalogue.items():
            assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", spanish[key])), (lang, key)
    assert RULES_TEXT.keys() == CATALOGUES.keys()


def test_spanish_keeps_the_spec_wording() -> None:
    for key, text in SPEC_WORDING.items():
        assert CATALOGUES["es"][key] == text


@pytest.mark.parametrize("refusal", list(Refusal))
def test_spanish_refusals_are_the_rules_own_lines(refusal: Refusal) -> None:
    assert Texts("es").refusal(refusal) == refusal.message
    assert Texts("en").refusal(refusal) != refusal.message


def test_labels_and_plurals() -> None:
    texts = Texts("en")
    assert texts.label(Label.UNKNOWN) == "Undetermined"
    assert texts.moves(1) == "1 move" and texts.moves(2) == "2 moves"
    assert Texts("es").moves(0) == "0 jugadas"


def test_time_format() -> None:
    assert format_time(0) == "0:00"
    assert format_time(75.9) == "1:15"
    assert format_time(3725) == "1:02:05"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="fr"):
        Texts("fr")


def test_statistics_say_games_and_name_one_pass_in_the_singular() -> None:
    """«Jugadas» are moves everywhere; the statistics count games («Partidas»), and the rules
    header says «1 vuelta», "1 pass" (not «1 vueltas», "1 passes")."""
    es, en = Texts("es"), Texts("en")
    assert es.t("stats_played") == "Partidas" and "ugadas" not in es.t("stats_played")
    assert en.t("stats_played") == "Games played"
    assert rules_name(es, RuleSet(passes=1, overlap=True)) == "1 vuelta · superposición: Sí"
    assert rules_name(es, RuleSet(passes=3, overlap=False)) == "3 vueltas · superposición: No"
    assert rules_name(en, RuleSet(passes=1, overlap=False)) == "1 pass · overlap: No"
    assert rules_name(en, RuleSet(passes=3, overlap=True)) == "3 passes · overlap: Yes"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_empty_play_button_reads_as_words_not_as_clipped_text(lang: str) -> None:
    label = Texts(lang).t("dialog_play_empty")
    assert not label.endswith(("…", ".")) and "nº" not in label and "no." not in label


SHARE_KEYS = ("analysis_share", "analysis_share_least", "analysis_cut_share")


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_estimates_count_the_orders_tried_won_not_won_and_unresolved(lang: str) -> None:
    """An estimate from some orders of the unseen cards names how many were tried and what
    they showed, in counts, not a share («al menos el 18 %» read as a loss); «Aún no se sabe»
    when some were left unresolved; cut short by time, it says so first."""
    texts = Texts(lang)
    values = {"n": 40, "w": 12, "l": 10, "u": 18}
    for key in SHARE_KEYS:
        line = texts.t(key, **values)
        assert "%" not in line and "12" in line and "10" in line, (key, line)
        assert ("18" in line) == (key != "analysis_share"), (key, line)
    es = Texts("es")
    assert es.t("analysis_share_least", **values) == (
        "Aún no se sabe: de 40 órdenes probados de las cartas sin ver, se gana en 12, no en 10, "
        "18 sin resolver"
    )
    assert es.t("analysis_cut_share", **values).startswith("Cortado por tiempo: de 40 órdenes probados")
    assert es.t("analysis_share", **values).startswith("Depende de las cartas sin ver: de 40 órdenes")
    assert Texts("en").t("analysis_share_least", **values).startswith("Not known yet: of 40 orders")
    exact = texts.t("analysis_share_exact", p=25)
    assert "25 %" in exact and "~" not in exact


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_the_longest_answers_fit_two_rows_under_the_table_on_the_smallest_window(
    make_app: Callable[..., App], lang: str
) -> None:
    """The line under the table has two rows at most: the longest answers, with two-digit
    counts, fit them at 320×480 without shrinking past a readable size."""
    app = make_app(size=(320, 480), lang=lang)
    layout, texts = app.table.layout, app.ctx.texts
    room = message_room(layout).size
    values = {"n": 40, "w": 12, "l": 10, "u": 18, "p": 100}
    for key in (*SHARE_KEYS, "analysis_share_all", "analysis_share_exact"):
        line = texts.t(key, **values)
        rows = message_lines(app.ctx.assets, layout, line, (0, 0, 0))  # as the table draws it
        assert len(rows) <= 2 and all(row.get_width() <= room[0] for row in rows), key
        assert all(row.get_height() >= 12 for row in rows), key
