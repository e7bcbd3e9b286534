"""The game side of the variants: the settings choose one (from the next deal), the settings
screen scrolls when its rows do not fit, the rules screen explains each variant, the deal chip,
``--variant``, the page address and the copied link carry it, saves and statistics are keyed by
it, and a Spanish deal is drawn and named with Spanish cards."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from families import big_windows_slow

import main
from game import config
from game.app import App, display_surface, launch, make_context
from game.driver import play_by_taps, press_key, step, tap, tap_button
from game.platform import BadOption, PageOptions, deal_link, deal_query, parse_page_query
from game.play import welcome_line
from game.render.assets import face_name
from game.render.card_look import face_rect
from game.render.widgets import line_height
from game.scenes.deal_dialog import DealDialog
from game.scenes.panel import Panel
from game.scenes.rules_screen import RulesScreen
from game.scenes.settings_rows import settings_note
from game.scenes.settings_screen import ROWS, VARIANT_ROW, SettingsScreen
from game.scenes.settings_shape import NOTE_SHARE
from game.settings import Settings
from game.storage import FileBackend, Storage
from game.texts import Texts
from rules import LAST_DEAL, Move, RuleSet, State
from rules.cards import SPANISH_DECK, parse_card
from rules.labels import LabelTable, load_table
from rules.variant import OFFERED, PYRAMID, REGISTERED, SPANISH, VARIANTS, Variant
from solver import Search, Verdict

AppFactory = Callable[..., App]


def settings_screen(app: App) -> SettingsScreen:
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    return screen


def row_of(key: str) -> int:
    return next(i for i, row in enumerate(ROWS) if row.key == key)


# --- settings ------------------------------------------------------------------------------------
def test_the_variant_row_offers_every_registered_variant_and_no_other() -> None:
    assert VARIANT_ROW in ROWS
    assert VARIANT_ROW.values == tuple(variant.name for variant in REGISTERED)
    for lang in ("es", "en"):
        names = [VARIANT_ROW.names(Texts(lang), value) for value in VARIANT_ROW.values]
        assert len(set(names)) == len(names) and all(names)
    assert Texts("es").t("variant_spanish") == "Baraja española"


def test_the_variant_applies_from_the_next_deal(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    screen = settings_screen(app)
    row = row_of("set_variant")
    tap(app, screen.options[row][VARIANT_ROW.values.index("spanish")].center)
    assert app.ctx.settings.variant == "spanish"
    assert app.ctx.settings.rule_set() == RuleSet(variant=SPANISH)
    press_key(app, pygame.K_ESCAPE)
    assert app.table.play.state.rules.variant == PYRAMID  # this deal keeps its rules
    press_key(app, pygame.K_n)
    for key in (pygame.K_7, pygame.K_7, pygame.K_RETURN):
        press_key(app, key)
    state = app.table.play.state
    assert state.rules == RuleSet(variant=SPANISH) and app.table.play.number == 77
    assert state == State.from_deal(77, RuleSet(variant=SPANISH))
    assert all(card.deck == SPANISH_DECK for card in state.layout.pyramid)


DIALOG_SIZES = [(320, 480), (360, 640), (480, 800), (640, 360), (800, 480), (1280, 720), (3840, 2160),
                (2160, 3840)]  # fmt: skip


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", big_windows_slow(DIALOG_SIZES))
def test_the_deal_dialog_names_the_variant_of_the_next_deal(
    make_app: AppFactory, size: tuple[int, int], lang: str
) -> None:
    """«Nuevo reparto» says which variant the deal it deals will be played under (the settings'
    choice, not the deal on the table), in lines that fit its panel, its keys still fitting."""
    app = make_app(deal=1, size=size, lang=lang)
    texts = Texts(lang)
    for variant in REGISTERED:
        app.ctx.settings.variant = variant.name
        press_key(app, pygame.K_n)
        dialog = app.manager.top
        assert isinstance(dialog, DealDialog)
        expected = texts.t("dialog_variant", name=texts.t(f"variant_{variant.name}"))
        assert " ".join(dialog.prompt).endswith(expected)
        font = app.ctx.assets.font(dialog.font, False)
        assert all(font.size(line)[0] <= dialog.field.width for line in dialog.prompt)
        targets = [dialog.field, *dialog.rects.values()]
        assert all(dialog.panel.contains(rect) and min(rect.size) >= 44 for rect in targets)
        assert pygame.Rect((0, 0), size).contains(dialog.panel)
        step(app)  # drawn without trouble
        press_key(app, pygame.K_ESCAPE)
    assert app.table.play.state.rules.variant == PYRAMID  # the deal on the table is not changed


def test_the_variant_the_dialog_names_is_the_one_dealt(make_app: AppFactory) -> None:
    app = make_app(deal=1, lang="en")
    app.ctx.settings.variant = "giza"
    press_key(app, pygame.K_n)
    dialog = app.manager.top
    assert isinstance(dialog, DealDialog) and dialog.prompt[-1] == "Variant: Giza"
    for key in (pygame.K_4, pygame.K_2, pygame.K_RETURN):
        press_key(app, key)
    assert app.table.play.state.rules.variant == VARIANTS["giza"] and app.table.play.number == 42


def test_a_bad_variant_in_the_settings_is_refused() -> None:
    with pytest.raises(ValueError, match="variant"):
        Settings(variant="klondike")


def post_drag(start: tuple[int, int], dy: int, steps: int = 4) -> None:
    """A press, a move of ``dy`` pixels in ``steps`` reports with the button down, a release."""
    x, y = start
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=True))
    for _ in range(steps):
        y += dy // steps
        rel = (0, dy // steps)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=rel, buttons=(1, 0, 0), touch=True)
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True))


def test_settings_scroll_on_a_phone_by_drag_wheel_and_keyboard(make_app: AppFactory) -> None:
    app = make_app(deal=1, size=(320, 480))
    screen = settings_screen(app)
    assert screen.scrolls and screen.scroll == 0
    last = len(ROWS) - 1
    assert not screen.shown(last)
    before = app.ctx.settings
    saved = (before.variant, before.passes, before.overlap, before.deal_mode, before.lang)
    # a drag that starts on an option scrolls and chooses nothing
    start = screen.options[row_of("set_passes")][0].center
    post_drag(start, -150)
    step(app)
    assert screen.scroll > 0
    assert (before.variant, before.passes, before.overlap, before.deal_mode, before.lang) == saved
    # the wheel scrolls back to the top, and no further
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10))
    step(app)
    assert screen.scroll == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50))
    step(app)
    assert screen.scroll == screen.max_scroll and screen.shown(last)
    # a tap (press and release in place) on an option in sight (the last row's first) chooses it
    spec = ROWS[last]
    assert spec.get(app.ctx.settings) != spec.values[0]
    tap(app, screen.options[last][0].center)
    assert spec.get(app.ctx.settings) == spec.values[0]
    # the keyboard focus keeps its row in sight, going down and wrapping back to the top
    assert screen.focus == last
    while screen.focus > 0:
        press_key(app, pygame.K_UP)
        assert screen.shown(screen.focus)
    assert screen.scroll == 0
    for row in range(len(ROWS)):
        assert screen.focus == row and screen.shown(row)
        press_key(app, pygame.K_DOWN)
    assert screen.shown(len(ROWS) - 1) and screen.scroll > 0
    while screen.focus != 0:  # past the buttons, back to the first row
        press_key(app, pygame.K_DOWN)
    assert screen.shown(0) and screen.scroll == 0
    surface = pygame.display.get_surface()
    assert surface is not None
    app.draw()  # drawn scrolled without error
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top is app.table


def test_settings_that_fit_do_not_scroll_and_choose_on_the_press(make_app: AppFactory) -> None:
    app = make_app(deal=1, size=(1920, 1080))  # 18 rows since the comfort and access settings
    screen = settings_screen(app)
    assert not screen.scrolls
    assert all(screen.shown(row) for row in range(len(ROWS)))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=screen.options[row_of("set_passes")][0].center, button=1
        )
    )
    step(app)
    assert app.ctx.settings.passes == 1


@pytest.mark.parametrize("variant", REGISTERED, ids=lambda v: v.name)
def test_passes_with_sin_limite_wherever_there_is_a_stock(make_app: AppFactory, variant: Variant) -> None:
    """Every variant with a stock offers 1, 3 and «sin límite»; one without (Giza) greys the
    row, says why, and a tap on it changes nothing."""
    app = make_app(deal=1, size=(1280, 800), variant=variant.name)
    screen = settings_screen(app)
    row = row_of("set_passes")
    assert screen.locked(row) is not variant.has_stock
    if variant.has_stock:
        assert [screen.option_name(ROWS[row], v) for v in ROWS[row].values] == ["1", "3", "sin límite"]
        screen.choose(row, 2)
        assert app.ctx.settings.rule_set().unlimited
        return
    assert screen.locked_text(row) == "Sin mazo: no hay vueltas"
    before = app.ctx.settings.passes
    tap(app, screen.options[row][2].center)
    step(app)
    assert app.ctx.settings.passes == before and app.ctx.settings.rule_set().passes == 1
    whole = screen.options[row][0].unionall(screen.options[row][1:])  # greyed, one control
    assert display_surface().get_at((whole.left + 8, whole.centery))[:3] == config.BUTTON_OFF


@pytest.mark.parametrize(("overlap", "one_in"), [(True, 114), (False, 870)])
def test_under_one_percent_the_note_says_one_deal_in_how_many(
    tmp_path: Path, display: None, overlap: bool, one_in: int
) -> None:
    """Tut's Tomb on one pass wins 175 and 23 of 20000 deals: the note says one in 114 and one in
    870, not a rounded «1 %» (nine times too many without the overlap rule)."""
    given = {"variant": "tut", "passes": 1, "overlap": overlap}
    app = launch(Storage(FileBackend(tmp_path)), load_table(), deal=1, overrides=given, size=(1280, 800))
    texts = app.ctx.texts
    note = settings_note(app.ctx)
    assert note.endswith(texts.t("settings_rare_share", n=one_in)), note
    assert f"solo se gana uno de cada {one_in} repartos" in note and "%" not in note
    nothing = LabelTable({app.ctx.settings.rule_set().key: "U" * LAST_DEAL})
    app.ctx.dealer.labels = nothing
    assert settings_note(app.ctx).endswith(texts.t("settings_no_share"))


@pytest.mark.parametrize(("size", "text_size"), [((390, 844), 100), ((1280, 800), 100), ((320, 480), 200)])
def test_the_settings_note_says_how_few_deals_win_where_few_do(
    tmp_path: Path, display: None, size: tuple[int, int], text_size: int
) -> None:
    """Triangle on one pass wins about 15 % of deals (the label table): the note says so, read
    from the table; on three passes (82 %) it says nothing more. The screen makes room for it
    at once; the rows above stay where they were on a phone (the note takes room from the
    scrolling rows' view)."""
    given = {"variant": "triangle", "passes": 3, "text_size": text_size}
    app = launch(Storage(FileBackend(tmp_path)), load_table(), deal=1, overrides=given, size=size)
    screen = settings_screen(app)
    texts = app.ctx.texts
    assert settings_note(app.ctx) == texts.t("settings_note")
    rows_before, close_before = [list(r) for r in screen.options], screen.close_rect.copy()
    screen.choose(row_of("set_passes"), 0)
    assert app.ctx.settings.rule_set().key == "variant=triangle passes=1 overlap=on"
    share = app.ctx.dealer.labels.share(app.ctx.settings.rule_set())
    assert share is not None and 0.1 < share < 0.2
    assert settings_note(app.ctx).endswith(texts.t("settings_small_share", pct=round(share * 100)))
    assert "solo se gana el 15 %" in settings_note(app.ctx)
    step(app, 2)
    if screen.scrolls and text_size == 100:  # (at 200 % the panel may take another arrangement)
        assert [list(r) for r in screen.options] == rows_before and screen.close_rect == close_before
    lines = app.ctx.assets.wrap(settings_note(app.ctx), screen.note_font, screen.panel.width - 24)
    below = screen.close_rect.top if screen.close_rect.top > screen.note_y else screen.panel.bottom
    assert screen.note_y + len(lines) * line_height(screen.note_font) <= below + 2
    assert len(lines) * line_height(screen.note_font) <= size[1] * NOTE_SHARE


def test_without_labels_the_note_says_nothing_of_shares(display: None) -> None:
    settings = Settings(variant="triangle", passes=1)
    ctx = make_context(settings, LabelTable(), seed=1)
    assert settings_note(ctx) == ctx.t("settings_note")


# --- the rules screen ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("current", [variant.name for variant in REGISTERED])
def test_the_rules_explain_every_registered_variant_the_current_one_marked_first(
    lang: str, current: str
) -> None:
    texts = Texts(lang)
    sections = texts.rules_sections(current)
    headings = [heading for heading, _ in sections]
    names = {variant.name: texts.t(f"variant_{variant.name}") for variant in REGISTERED}
    variant_headings = [h for h in headings if any(name in h for name in names.values())]
    assert len(variant_headings) == len(REGISTERED)
    marked = texts.t("rules_variant_now", name=names[current])
    assert variant_headings[0] == marked and headings.count(marked) == 1
    if current != PYRAMID.name:
        assert headings[0] == marked  # a variant other than the default opens the screen
    assert all(paragraphs for _, paragraphs in sections)


def test_the_rules_screen_pages_show_the_variant_sections(make_app: AppFactory) -> None:
    app = make_app(deal=1, size=(480, 800), variant="spanish")
    screen = RulesScreen(app.ctx, app.manager)
    screen.relayout((480, 800))
    lines = [text for page in screen.pages() for column in page for text, _, _ in column]
    joined = " ".join(lines)
    assert "Variante: Baraja española (la que juegas)" in joined
    assert lines[0].startswith("Variante: Baraja española")
    assert "suman 12" in joined


# --- the table: chip, cards, names ---------------------------------------------------------------
def test_the_deal_chip_names_a_variant_other_than_the_default(make_app: AppFactory) -> None:
    assert make_app(deal=5).table.frame().deal_text.startswith("Reparto 5 ·")
    app = make_app(deal=5, variant="spanish")
    assert app.table.frame().deal_text.startswith("Baraja española: reparto 5 ·")
    app.ctx.settings.lang = "en"
    assert app.table.frame().deal_text.startswith("Spanish deck: deal 5 ·")


def far(a: pygame.Color, b: pygame.Color) -> bool:
    return max(abs(x - y) for x, y in zip(a[:3], b[:3], strict=True)) > 6


def test_a_spanish_deal_draws_spanish_cards(make_app: AppFactory) -> None:
    app = make_app(deal=5, variant="spanish", reduced_motion=True)
    app.draw()
    assets = app.ctx.assets
    assert assets.deck_name == "spanish"
    state = app.table.play.state
    card = state.layout.pyramid[21]
    rect = face_rect(app.table.layout.place_rect(21))  # a card is drawn a hairline inside its place
    surface = pygame.display.get_surface()
    assert surface is not None
    face = assets.face(card, rect.size)
    assert face_name("spanish", card.rank, card.suit) == str(card)
    drawn = surface.subsurface(rect).copy()
    # the drawn card is the Spanish face: every sampled pixel agrees (within rounding)
    points = [(x, y) for x in range(4, rect.width - 4, 7) for y in range(4, rect.height - 4, 7)]
    off = [p for p in points if far(drawn.get_at(p), face.get_at(p))]
    assert len(off) <= len(points) // 50, off[:5]
    standard = make_app(deal=5, reduced_motion=True)
    standard.draw()
    assert standard.ctx.assets.deck_name == "standard"


def test_spanish_cards_are_named_in_the_players_language() -> None:
    seven = parse_card("7o", SPANISH_DECK)
    knight = parse_card("Cc", SPANISH_DECK)
    assert Texts("es").card(seven) == "7 de oros" and Texts("es").card(knight) == "Caballo de copas"
    assert Texts("en").card(seven) == "7 of coins" and Texts("en").card(knight) == "Knight of cups"
    assert Texts("es").card(parse_card("7s")) == "7♠"
    assert (
        Texts("es").t("hint_pair", a=seven, b=parse_card("5e", SPANISH_DECK))
        == "Pista: 7 de oros con 5 de espadas"
    )


def test_a_pair_that_does_not_sum_is_named_with_the_decks_sum(make_app: AppFactory) -> None:
    app = make_app(deal=1)  # base row: K♠ K♦ 10♦ 10♣ J♣ 10♥ 8♣
    table = app.table
    table.play.tap(23)
    table.play.tap(24)
    assert table.frame().line == "10♦ y 10♣ no suman 13"
    spanish = make_app(deal=5, variant="spanish")
    play = spanish.table.play
    base = play.state.layout.pyramid
    a, b = next(
        (i, j) for i in range(21, 28) for j in range(i + 1, 28)
        if base[i].rank + base[j].rank not in (12, 13) and not base[i].is_lone and not base[j].is_lone
    )  # fmt: skip
    play.tap(a)
    play.tap(b)
    names = f"{Texts('es').card(base[a])} y {Texts('es').card(base[b])} no suman 12"
    assert spanish.table.frame().line == names
    assert "no suman 12" in Texts("es").t("not_sum", a=base[a], b=base[b], sum=12)
    assert play.session.moves == 0


def test_the_welcome_line_says_the_decks_sum(display: None) -> None:
    table = LabelTable({RuleSet().key: "S" * LAST_DEAL, RuleSet(variant=SPANISH).key: "S" * LAST_DEAL})
    for variant, total in (("pyramid", 13), ("spanish", 12)):
        settings = Settings(variant=variant)
        play = make_context(settings, table, seed=1).dealer.deal(settings, 5)
        assert play.line is not None
        assert Texts("es").t(play.line.key, **play.line.params).endswith(f"sumar {total}")


# --- dealing from the labels ---------------------------------------------------------------------
def test_winnable_only_dealing_uses_whatever_a_variant_has_labelled(display: None) -> None:
    spanish = RuleSet(variant=SPANISH)
    letters = ["?"] * LAST_DEAL
    letters[41] = "S"  # only deal 42 is proven winnable
    table = LabelTable({RuleSet().key: "S" * LAST_DEAL, spanish.key: "".join(letters)})
    settings = Settings(variant="spanish")
    ctx = make_context(settings, table, seed=4)
    for _ in range(5):
        play = ctx.dealer.deal(settings)
        assert play.number == 42 and play.state.rules == spanish
        assert play.line is not None and play.line.key == "welcome"


def test_a_variant_without_labels_deals_at_random_and_says_so(display: None) -> None:
    table = LabelTable({RuleSet().key: "S" * LAST_DEAL})
    settings = Settings(variant="spanish")
    ctx = make_context(settings, table, seed=4)
    numbers = {ctx.dealer.deal(settings).number for _ in range(5)}
    assert len(numbers) > 1
    play = ctx.dealer.deal(settings)
    assert play.line is not None and play.line.key == "variant_unlabelled"
    line = Texts("es").t(play.line.key, **play.line.params)
    assert line.startswith("Baraja española:") and "puede no tener solución" in line
    nothing = make_context(settings, LabelTable(), seed=4)  # no table at all: that is what it says
    line_key = nothing.dealer.deal(settings).line
    assert line_key is not None and line_key.key == "labels_missing"


# --- command line, page address, link ------------------------------------------------------------
def test_variant_on_the_command_line() -> None:
    args = main.parse_args(["--variant", "spanish", "--deal", "77"])
    assert args.variant == "spanish" and args.deal == 77
    assert main.overrides(args)["variant"] == "spanish"
    assert "variant" not in main.overrides(main.parse_args([]))
    for name in OFFERED:
        assert main.parse_args(["--variant", name]).variant == name


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("?variant=spanish&deal=77", PageOptions(deal=77, variant="spanish")),
        ("?deal=77&variant=strict&lang=en", PageOptions(deal=77, lang="en", variant="strict")),
        ("?variant=klondike&deal=7", PageOptions(deal=7, bad=(BadOption("variant", "klondike"),))),
        ("?variant=&deal=7", PageOptions(deal=7, bad=(BadOption("variant", ""),))),
        ("?variant=SPANISH", PageOptions(bad=(BadOption("variant", "SPANISH"),))),
    ],
)
def test_the_page_address_carries_the_variant(query: str, expected: PageOptions) -> None:
    assert parse_page_query(query) == expected


def test_the_deal_link_carries_the_variant_and_reads_back() -> None:
    assert deal_link(77) == "?deal=77" and deal_query(77) == "deal=77"  # natively: no page, the query
    assert deal_link(77, "spanish") == "?variant=spanish&deal=77"
    options = parse_page_query("?" + deal_query(77, "spanish"))
    assert (options.deal, options.variant, options.bad) == (77, "spanish", ())
    assert options.overrides() == {"variant": "spanish"}
    assert parse_page_query("?" + deal_query(77)).variant is None


def test_a_bad_variant_in_the_address_is_one_line_and_a_normal_deal(tmp_path: Path, display: None) -> None:
    options = parse_page_query("?variant=klondike&deal=9")
    storage = Storage(FileBackend(tmp_path))
    app = launch(storage, LabelTable(), deal=options.deal, overrides=options.overrides(), size=(480, 800))
    assert app.table.play.state.rules == RuleSet() and app.table.play.number == 9


@pytest.mark.parametrize("variant", [variant.name for variant in REGISTERED])
def test_every_variant_opens_by_its_address_with_its_own_passes(
    tmp_path: Path, display: None, variant: str
) -> None:
    options = parse_page_query(f"?variant={variant}&deal=77")
    storage = Storage(FileBackend(tmp_path))
    app = launch(storage, load_table(), deal=options.deal, overrides=options.overrides(), size=(390, 844))
    rules = app.table.play.state.rules
    assert (rules.variant, app.table.play.number) == (VARIANTS[variant], 77)
    assert rules.passes == (rules.variant.default_passes if rules.variant.has_stock else 1)
    assert app.table.frame().line != "" and "reserva" not in app.table.frame().line


def test_an_unknown_variant_over_a_saved_game_is_one_line_and_loses_nothing(
    tmp_path: Path, display: None
) -> None:
    """A mistyped (or newer) variant in the address: the saved Triangle game with its move goes
    on, and one line under the table names the bad option."""
    first = launch(Storage(FileBackend(tmp_path)), LabelTable(), deal=5, overrides={"variant": "triangle"})
    play_first_legal(first)
    first.save(force_clock=True)
    state = first.table.play.state
    options = parse_page_query("?variant=reserva&deal=5")
    again = launch(
        Storage(FileBackend(tmp_path)), LabelTable(), deal=options.deal, overrides=options.overrides(),
        bad_options=options.bad, size=(390, 844),
    )  # fmt: skip
    play = again.table.play
    assert play.state == state and play.session.moves == 1 and play.number == 5
    line = again.table.frame().line
    assert "reserva" in line and "\n" not in line


# --- saves and statistics ------------------------------------------------------------------------
def play_first_legal(app: App) -> Move:
    from rules import legal_moves  # noqa: PLC0415

    move = next(iter(legal_moves(app.table.play.state)))
    assert app.table.play.play(move) is not None
    step(app)
    return move


def test_a_spanish_game_resumes_across_a_restart_on_a_real_data_dir(tmp_path: Path, display: None) -> None:
    first = launch(
        Storage(FileBackend(tmp_path)),
        LabelTable(),
        deal=77,
        overrides={"variant": "spanish"},
        size=(480, 800),
    )
    play_first_legal(first)
    first.save(force_clock=True)
    spanish_key = RuleSet(variant=SPANISH).key
    assert spanish_key in (tmp_path / "game.json").read_text(encoding="utf-8")
    assert spanish_key in (tmp_path / "stats.json").read_text(encoding="utf-8")  # counted as played
    moves = first.table.play.session.moves
    again = launch(Storage(FileBackend(tmp_path)), LabelTable(), size=(480, 800))
    play = again.table.play
    assert play.state.rules == RuleSet(variant=SPANISH) and play.number == 77
    assert play.session.moves == moves == 1
    assert again.ctx.keeper.stats.of(spanish_key).played == 1
    assert again.ctx.keeper.stats.of(RuleSet()).played == 0


def test_asking_for_another_variant_replaces_a_fresh_saved_game(tmp_path: Path, display: None) -> None:
    first = launch(Storage(FileBackend(tmp_path)), LabelTable(), deal=12, size=(480, 800))
    first.save(force_clock=True)
    again = launch(
        Storage(FileBackend(tmp_path)), LabelTable(), overrides={"variant": "spanish"}, size=(480, 800)
    )
    step(again)
    assert again.table.play.state.rules.variant == SPANISH  # no move was made: nothing to ask


def test_statistics_name_the_variant_and_offer_its_rule_sets(display: None) -> None:
    from game.scenes.base import SceneManager  # noqa: PLC0415
    from game.scenes.record_screens import StatsScreen, rules_name  # noqa: PLC0415
    from rules.variant import STRICT, rule_sets  # noqa: PLC0415

    texts = Texts("es")
    spanish = RuleSet(variant=SPANISH)
    assert rules_name(texts, RuleSet()) == "3 vueltas · superposición: Sí"
    assert rules_name(texts, spanish) == "Baraja española · 3 vueltas · superposición: Sí"
    ctx = make_context(Settings(), seed=1)
    ctx.keeper.stats.start("a-game", RuleSet(variant=STRICT))  # a strict game played earlier
    screen = StatsScreen(ctx, SceneManager(), spanish)
    assert screen.choices[: len(rule_sets(SPANISH))] == list(rule_sets(SPANISH))
    assert RuleSet() in screen.choices and RuleSet(variant=STRICT) in screen.choices
    names = [rules_name(texts, rules) for rules in screen.choices]
    assert len(set(names)) == len(names)  # no two read the same


@pytest.mark.parametrize("lang", ["es", "en"])
def test_strict_says_stock_and_waste_must_go_too_and_counts_all_52(make_app: AppFactory, lang: str) -> None:
    """Estricta, deal 77, played by the solver's line: the status counts every card (of 52, not
    of the pyramid's 28); the table says from the start, and again when the pyramid is cleared,
    that the stock and the waste must go too; the win panel is about all 52 cards."""

    app = make_app(deal=77, variant="strict", lang=lang)
    texts = app.ctx.texts
    table = app.table
    start = table.frame()
    assert start.status[0] == texts.t("removed_all", n=0, total=52)
    welcome = welcome_line(table.play.state)  # (here the labels' absence is said in its place)
    opening = texts.t(welcome.key, **welcome.params)
    assert ("mazo" if lang == "es" else "stock") in opening and "52" in opening
    result = Search(table.play.state).step(1_000_000)
    assert result is not None and result.verdict is Verdict.SOLVABLE
    moves = list(result.moves)
    cleared = next(i for i, move in enumerate(moves) if 0 in move.places)
    for move in moves[: cleared + 1]:
        play_by_taps(app, move)
    state = table.play.state
    assert state.pyramid == 0 and not state.is_won and app.manager.top is table
    frame = table.frame()
    left = state.stock.bit_count()
    assert frame.status[0] == texts.t("removed_all", n=52 - left, total=52)
    assert frame.status[0] != texts.t("removed", n=28, total=28)
    assert frame.line == texts.t("pyramid_cleared_all")
    for move in moves[cleared + 1 :]:
        play_by_taps(app, move)
    assert table.play.session.is_won
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert panel.title(texts) == texts.t("win_title_all") != texts.t("win_title")
    body = panel.body(texts)
    assert texts.t("win_removed_all", n=52, total=52) in body
    assert not any("28" in line for line in body)
    assert table.frame().line == texts.t("won_line_all")
    if lang == "es":
        assert "52 de 52" in body[0] and panel.title(texts) == "¡Todas las cartas quitadas!"
