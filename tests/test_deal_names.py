"""A deal named as a player reads it («Baraja española: reparto 77»), and read back by the game
wherever a deal can be asked for: the new-deal dialog (pasted), ``--deal`` and ``?deal=``."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

import main
from game.app import App
from game.deal_names import deal_name, parse_deal_name
from game.driver import play_by_taps, press_key, tap
from game.platform import parse_page_query
from game.scenes.deal_dialog import DealDialog
from game.scenes.panel import Panel
from game.texts import Texts
from rules import DealNumberError, RuleSet, State
from rules.variant import REGISTERED, SPANISH, TUT, UNLIMITED
from solver import Search, Verdict

AppFactory = Callable[..., App]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_variants_deal_name_reads_back_in_either_language(lang: str) -> None:
    texts = Texts(lang)
    for variant in REGISTERED:
        for number in (1, 77, 20000):
            name = deal_name(texts, number, variant.name)
            expected = None if variant.name == "pyramid" else variant.name  # «77»: the settings' variant
            assert parse_deal_name(name) == (number, expected), name
    assert deal_name(Texts("es"), 77, "spanish") == "Baraja española: reparto 77"
    assert deal_name(Texts("en"), 77, "spanish") == "Spanish deck: deal 77"
    assert deal_name(texts, 77, "pyramid") == "77"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("77", (77, None)),
        ("  077 ", (77, None)),
        ("Reparto 77", (77, None)),
        ("Reparto nº 77", (77, None)),
        ("Deal 77", (77, None)),
        ("spanish 77", (77, "spanish")),  # what earlier versions copied
        ("Estricta 77", (77, "strict")),
        ("ESTRICTA: REPARTO 77", (77, "strict")),
        ("Baraja espanola: reparto 77", (77, "spanish")),  # typed without the accent
        ("Spanish deck: deal 77", (77, "spanish")),
        ("Pirámide: reparto 5", (5, "pyramid")),
        ("Reparto del día 12", (12, "pyramid")),
    ],
)
def test_what_a_player_may_paste_or_type(text: str, read: tuple[int, str | None]) -> None:
    assert parse_deal_name(text) == read


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Póker 77", "names no variant"),
        ("abc", "whole number"),
        ("spanish 0", "between 1 and 20000"),
        ("-77", "whole number"),
        ("٣", "whole number"),
        ("", "whole number"),
        ("3" * 5000, "5000-digit number"),
    ],
)
def test_what_is_refused_says_why(text: str, says: str) -> None:
    with pytest.raises(DealNumberError, match=says):
        parse_deal_name(text)


def test_a_spanish_deals_copy_is_in_the_players_words_and_the_dialog_opens_it(make_app: AppFactory) -> None:
    """Won Spanish deal 77, «copy» gave ``spanish 77``: an English word in a Spanish game, and
    text the new-deal dialog (digits only) could not take back. Now the copy is the deal chip's
    own words, and pasting it into «Nuevo reparto» (Ctrl+V) plays that very deal, Spanish
    cards and all, whatever variant the settings choose."""
    app = make_app(deal=77, variant="spanish")
    clipboard: list[str] = []
    app.ctx.copy_text = lambda text: clipboard.append(text) is None
    app.ctx.paste_text = lambda: clipboard[-1] if clipboard else None
    result = Search(State.from_deal(77, RuleSet(variant=SPANISH))).step(2_000_000)
    assert result is not None and result.verdict is Verdict.SOLVABLE
    for move in result.moves:
        play_by_taps(app, move)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    tap(app, panel.geometry().buttons[0].center)  # «Reparto nº 77 · tocar para copiar»
    assert clipboard == ["Baraja española: reparto 77"]
    assert panel.buttons[0].label(app.ctx.texts) == "Copiado: Baraja española: reparto 77"
    app.ctx.settings.variant = "pyramid"  # the next deals' variant: not the pasted deal's
    tap(app, panel.geometry().buttons[1].center)  # «Nuevo reparto»
    assert app.table.play.state.rules.variant.name == "pyramid"
    press_key(app, pygame.K_n)
    dialog = app.manager.top
    assert isinstance(dialog, DealDialog)
    press_key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert dialog.number() == 77 and dialog.variant_line() == "Variante: Baraja española"
    press_key(app, pygame.K_RETURN)
    play = app.table.play
    assert (play.number, play.state.rules.variant.name) == (77, "spanish")
    assert app.ctx.settings.variant == "pyramid"  # a shared deal does not change the settings


def test_the_dialog_says_when_the_pasted_text_is_no_deal(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    app.ctx.paste_text = lambda: "Estricta: reparto 9"
    press_key(app, pygame.K_n)
    dialog = app.manager.top
    assert isinstance(dialog, DealDialog)
    press_key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert dialog.number() == 9 and "Variante: Estricta" in dialog.prompt  # shown as it is drawn
    app.ctx.paste_text = lambda: "hola 77"
    press_key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert dialog.error and dialog.number() is None and dialog.error_line() == "«hola 77» no es un reparto"
    assert dialog.variant_line() == "Variante: Pirámide" and "Variante: Pirámide" in dialog.prompt
    app.ctx.paste_text = lambda: None  # nothing on the clipboard (or no clipboard): nothing changes
    press_key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert dialog.digits == ""


def test_the_command_line_and_the_page_address_take_the_name_too() -> None:
    args = main.parse_args(["--deal", "Baraja española: reparto 77"])
    assert (args.deal, args.variant) == (77, "spanish")
    args = main.parse_args(["--deal", "spanish 77", "--variant", "spanish"])
    assert (args.deal, args.variant) == (77, "spanish")
    with pytest.raises(SystemExit):
        main.parse_args(["--deal", "Estricta 77", "--variant", "spanish"])
    options = parse_page_query("?deal=Baraja%20espa%C3%B1ola%3A%20reparto%2077&lang=en")
    assert (options.deal, options.variant, options.lang, options.bad) == (77, "spanish", "en", ())
    clash = parse_page_query("?deal=Estricta%2077&variant=spanish")
    assert clash.variant == "spanish" and clash.deal is None and [b.name for b in clash.bad] == ["deal"]


def test_a_pasted_deal_of_another_variant_comes_with_that_variants_passes(make_app: AppFactory) -> None:
    """«Tumba de Tut: reparto 5» pasted while playing the default game on one pass: Tut's Tomb's
    own passes (unlimited, its default), the player's settings untouched."""
    app = make_app(deal=1, passes=1)
    app.ctx.paste_text = lambda: "Tumba de Tut: reparto 5"
    press_key(app, pygame.K_n)
    press_key(app, pygame.K_v, pygame.KMOD_LCTRL)
    press_key(app, pygame.K_RETURN)
    assert app.table.play.state.rules == RuleSet(UNLIMITED, True, TUT) and app.table.play.number == 5
    settings = app.ctx.settings
    assert (settings.variant, settings.passes, settings.variant_passes) == ("pyramid", 1, {})
