"""Unlimited passes in the game (SPEC §12): «sin límite» in the settings, the pass counter
without «de N», a dead end said to be proven, no labels yet, saves and the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import main
from game.app import App, launch, make_context
from game.driver import tap_place
from game.platform import parse_page_query
from game.saves import settings_doc, settings_from_doc
from game.scenes.panel import Panel
from game.scenes.record_screens import rules_name
from game.scenes.settings_screen import ROWS
from game.settings import Settings
from game.storage import FileBackend, Storage
from game.texts import Texts
from rules import LAST_DEAL, RuleSet, parse_position
from rules.labels import LabelTable
from rules.variant import REGISTERED, SPANISH, TUT, UNLIMITED

AppFactory = Callable[..., App]


def test_the_settings_offer_sin_limite_for_passes() -> None:
    row = next(row for row in ROWS if row.key == "set_passes")
    assert [row.names(Texts("es"), value) for value in row.values] == ["1", "3", "sin límite"]
    assert row.names(Texts("en"), UNLIMITED) == "unlimited"


def test_the_pass_counter_has_no_limit_to_show(make_app: AppFactory) -> None:
    app = make_app(passes=UNLIMITED)
    assert app.table.play.state.rules.key == "passes=unlimited overlap=on"
    assert app.table.frame().pass_text == "vuelta 1"
    assert make_app(passes=3).table.frame().pass_text == "vuelta 1 de 3"


def test_a_dead_end_is_said_to_be_proven(make_app: AppFactory) -> None:
    position = "pyramid: P21=5h P22=8c P23=2s; stock: 3d 4c; pass: 5; passes: unlimited"
    app = make_app(state=parse_position(position), passes=UNLIMITED)
    tap_place(app, 21)
    tap_place(app, 22)  # 2s with 3d and 4c, round and round: no cycle removes a card
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert panel.title(app.ctx.texts) == "No quedan jugadas"
    assert "está comprobado que no quedan jugadas" in panel.body(app.ctx.texts)[0]
    assert app.table.frame().line.startswith("Comprobado: ninguna vuelta quita ya una carta")


def test_without_labels_the_game_says_it_cannot_promise_a_solution(display: None) -> None:
    table = LabelTable({RuleSet().key: "S" * LAST_DEAL})
    settings = Settings(passes=UNLIMITED)
    play = make_context(settings, table, seed=4).dealer.deal(settings)
    assert play.state.rules.unlimited
    assert play.line is not None and play.line.key == "passes_unlabelled"
    assert Texts("es").t(play.line.key).endswith("puede no tener solución")


def test_settings_save_the_word_unlimited_and_read_it_back() -> None:
    settings = Settings(passes=UNLIMITED)
    doc = settings_doc(settings)
    assert doc["passes"] == "unlimited"
    assert settings_from_doc(doc) == settings
    assert settings_doc(Settings(passes=3))["passes"] == 3  # older saves stay as they were


def test_the_command_line_and_the_page_address_take_unlimited() -> None:
    assert main.parse_args(["--passes", "unlimited"]).passes == UNLIMITED
    assert parse_page_query("?passes=unlimited").overrides() == {"passes": UNLIMITED}


def test_the_statistics_name_the_rule_set() -> None:
    assert rules_name(Texts("es"), RuleSet(UNLIMITED)) == "vueltas sin límite · superposición: Sí"
    spanish = rules_name(Texts("en"), RuleSet(UNLIMITED, False, SPANISH))
    assert spanish.endswith("unlimited passes · overlap: No")


def test_each_variant_brings_its_own_passes_tut_unlimited_by_default() -> None:
    assert [v.name for v in REGISTERED if v.default_passes == UNLIMITED] == ["tut"]
    settings = Settings()
    variant_row = next(row for row in ROWS if row.key == "set_variant")
    passes_row = next(row for row in ROWS if row.key == "set_passes")
    variant_row.set(settings, "tut")
    assert settings.passes == UNLIMITED and settings.rule_set() == RuleSet(UNLIMITED, True, TUT)
    passes_row.set(settings, 1)  # chosen for Tut: it stays Tut's
    variant_row.set(settings, "pyramid")
    assert settings.passes == 3
    passes_row.set(settings, UNLIMITED)
    variant_row.set(settings, "tut")
    assert settings.passes == 1
    variant_row.set(settings, "strict")  # never chosen: its default
    assert settings.passes == 3
    variant_row.set(settings, "pyramid")
    assert settings.passes == UNLIMITED
    doc = settings_doc(settings)  # kept across a restart, unlimited in words
    assert doc["variant_passes"] == {"tut": "1", "pyramid": "unlimited"}
    assert settings_from_doc(doc) == settings


def test_passes_of_an_older_save_are_kept_for_its_variant() -> None:
    settings = settings_from_doc({"variant": "pyramid", "passes": 1})  # saved before passes per variant
    settings.choose_variant("tut")
    assert settings.passes == UNLIMITED
    settings.choose_variant("pyramid")
    assert settings.passes == 1


def test_a_bad_passes_per_variant_document_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="variant_passes"):
        settings_from_doc({"variant_passes": {"tut": "7"}})
    with pytest.raises(ValueError, match="variant_passes"):
        settings_from_doc({"variant_passes": ["tut"]})


def test_asking_for_tut_by_address_brings_its_passes(tmp_path: Path, display: None) -> None:
    storage = Storage(FileBackend(tmp_path))
    app = launch(
        storage, LabelTable(), overrides=parse_page_query("?variant=tut").overrides(), size=(390, 844)
    )
    assert app.table.play.state.rules == RuleSet(UNLIMITED, True, TUT)
    given = parse_page_query("?variant=tut&passes=3").overrides()
    assert launch(storage, LabelTable(), overrides=given, size=(390, 844)).ctx.settings.passes == 3
