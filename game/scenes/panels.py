"""The panels the table opens when a deal ends or the analysis says it is lost."""

from __future__ import annotations

from collections.abc import Callable

from game.context import Context
from game.platform import deal_query
from game.play import Play
from game.table_terms import Line
from game.texts import Texts, format_time, signed, won_key
from rules.labels import Label
from rules.scoring import Match, score_session
from solver import Answer, Purpose

from .base import SceneManager
from .panel import Figures, Panel, PanelButton


def _verdict_lines(texts: Texts, play: Play) -> list[str]:
    """The label revealed at the end of a deal dealt «totalmente al azar»."""
    if play.hidden_at_start and play.label is not Label.UNKNOWN:
        return [texts.t("verdict", label=texts.label(play.label))]
    if play.hidden_at_start:
        return [texts.t("verdict", label=texts.label(Label.UNKNOWN))]
    return []


def par_lines(ctx: Context, play: Play) -> Callable[[Texts], list[str]]:
    """A par deal's score and where the match stands («Puntuación: 50 − 3 cartas = +47»,
    «Partida par: reparto 2 de 6 · total +12»), read when drawn: the deal is entered in the
    match by the save that follows the move which ended it."""
    if not play.par:
        return lambda texts: []
    score = score_session(play.session)
    on_table = play.state.stock.bit_count() if score.cleared_pass is not None else score.cards_left
    paired = on_table - score.cards_left

    def lines(texts: Texts) -> list[str]:
        standing = ctx.keeper.par_standing(play)
        values = {"base": score.base, "left": score.cards_left, "points": signed(score.points), "n": paired}
        found = [texts.t("par_score_paired" if paired else "par_score", **values)]
        if standing is not None:
            found.append(texts.t("par_standing", n=standing[0], total=signed(standing[1])))
        best = play.best.answer if play.best is not None else None
        if best is not None:
            found.append(texts.t("par_best", points=signed(best.points)))
        elif play.best is not None and not play.best.applies:
            found.append(texts.t("par_best_none", variant=play.state.rules.variant))
        elif play.best_given_up:
            found.append(texts.t("par_best_unknown"))
        else:
            found.append(texts.t("par_best_busy"))
        return found

    return lines


def record_lines(ctx: Context, play: Play) -> Callable[[Texts], list[str]]:
    """How this win's time compares with the player's best on this very deal (a replay has a time
    to beat): «Tu mejor tiempo en este reparto: 1:40 (primera victoria)», «¡Tu mejor tiempo en
    este reparto! Antes: 1:40», «Tu mejor tiempo en este reparto: 1:10». Taken when the panel
    opens, before this win is counted; none for a position without a number, nor in a kiosk,
    whose statistics are every visitor's."""
    number = play.number
    if number is None or ctx.kiosk:
        return lambda texts: []
    best = ctx.keeper.stats.deal_time(play.state.rules, number)
    seconds = play.session.clock.elapsed()

    def lines(texts: Texts) -> list[str]:
        if best is None:
            return [texts.t("record_first", t=format_time(seconds))]
        if int(seconds) < int(best):
            return [texts.t("record_beaten", t=format_time(best))]
        return [texts.t("record_best", t=format_time(best))]

    return lines


def _button(key: str, action: Callable[[], None], primary: bool = False) -> PanelButton:
    return PanelButton(lambda t: t.t(key), action, primary)


def _proven_unsolvable(play: Play) -> bool:
    """The player knows this deal has no solution: replaying it is no way out."""
    return play.shown_label is Label.UNSOLVABLE


def _first_primary(buttons: list[PanelButton]) -> list[PanelButton]:
    """The first button is the default (Enter) one, the others are not."""
    return [PanelButton(b.label, b.action, index == 0) for index, b in enumerate(buttons)]


def _closable(
    ctx: Context,
    manager: SceneManager,
    title_key: str,
    body: Callable[[Texts], list[str]],
    buttons: list[PanelButton],
    *,
    title_values: dict[str, object] | None = None,
    figures: Figures | None = None,
) -> Panel:
    """A panel titled ``title_key`` (formatted with ``title_values``) that Esc closes, back to the table."""
    values = title_values or {}
    panel = Panel(
        ctx, manager, title=lambda t: t.t(title_key, **values), body=body, buttons=buttons,
        on_cancel=lambda: manager.pop(panel), figures=figures,
    )  # fmt: skip
    return panel


def win_panel(
    ctx: Context,
    manager: SceneManager,
    play: Play,
    on_new: Callable[[], None],
    on_replay: Callable[[], None],
) -> Panel:
    session = play.session
    number = play.number
    copied: list[bool | None] = [None]
    par_scores = par_lines(ctx, play)
    record = record_lines(ctx, play)

    def link(number: int) -> str:  # the deal's variant goes with it: a shared copy gives the same game
        return ctx.deal_text(number, play.state.rules.variant.name)

    def body(texts: Texts) -> list[str]:
        state = session.state
        left = state.kind.cards_left(state)
        where = "" if state.rules.variant.has_stock else "_columns"  # Giza: what stays is in the columns
        lines = [
            texts.removed(state, "win_removed"),
            texts.t("win_left" + where, cards=", ".join(map(texts.card, left)))
            if left
            else texts.t("win_left_none" + where),
        ]
        lines += record(texts)
        if play.hidden_at_start and play.label is not Label.UNKNOWN:
            lines += _verdict_lines(texts, play)
        lines += par_scores(texts)
        if play.daily is not None:
            clean = session.undos == 0 and session.hints == 0
            streak = ctx.keeper.daily.streak(ctx.keeper.date())
            lines.append(texts.t("win_daily_clean" if clean else "win_daily", n=streak))
        return lines

    def copy_label(texts: Texts) -> str:
        if copied[0] is None:
            return texts.t("win_copy", n=number)
        text = "" if number is None else link(number)
        linked = "?" in text  # the browser copies a link
        named = not linked and text != str(number)  # a variant's deal, named in words
        if copied[0]:
            done = "copied_link" if linked else "copied_name" if named else "copied"
            return texts.t(done, n=number, name=text)
        if linked and number is not None:
            return texts.t("copy_failed_link", q=deal_query(number, play.state.rules.variant.name))
        return texts.t("copy_failed_name" if named else "copy_failed", n=number, name=text)

    def copy() -> None:
        if number is not None:
            copied[0] = ctx.copy_text(link(number))

    buttons = [
        _button("btn_new", on_new, primary=True),
        _button("btn_replay", on_replay),
        _button("btn_look", lambda: manager.pop(panel)),
    ]
    if play.par:  # a par deal is played once
        del buttons[1]
    if number is not None and not ctx.kiosk:  # a kiosk's clipboard is of no use to anyone
        buttons.insert(0, PanelButton(copy_label, copy))

    def figures(texts: Texts) -> list[tuple[str, str]]:  # the time and the moves, in big numbers
        return [
            (format_time(session.clock.elapsed()), texts.t("figure_time")),
            (str(session.moves), texts.t("figure_moves", u=session.undos)),
        ]

    title = won_key(play.state, "win_title")
    panel = _closable(ctx, manager, title, body, buttons, figures=figures)
    panel.low = True  # on a phone held upright the celebration plays over the table above it
    return panel


def dead_end_panel(
    ctx: Context,
    manager: SceneManager,
    play: Play,
    *,
    on_undo: Callable[[], None],
    on_replay: Callable[[], None],
    on_new: Callable[[], None],
) -> Panel:
    par_scores = par_lines(ctx, play)

    def body(texts: Texts) -> list[str]:
        removed = texts.removed(play.state, "win_removed")
        body = "dead_body_cycle" if play.state.rules.unlimited else "dead_body"
        return [texts.t(body), removed, *_verdict_lines(texts, play), *par_scores(texts)]

    if play.par:  # a par deal ends here, scored: on to the next one, or a last look at the board
        panel = _closable(ctx, manager, "dead_title", body, [])
        panel.buttons = _first_primary(
            [_button("btn_new", on_new), _button("btn_look", lambda: manager.pop(panel))]
        )
        return panel
    buttons = [_button("btn_undo_last", on_undo)] if play.session.history else []
    if not _proven_unsolvable(play):
        buttons.append(_button("btn_replay", on_replay))
    buttons.append(_button("btn_new", on_new))
    return _closable(ctx, manager, "dead_title", body, _first_primary(buttons))


def lost_panel(
    ctx: Context,
    manager: SceneManager,
    play: Play,
    answer: Answer,
    *,
    on_undo: Callable[[], None],
    on_rewind: Callable[[], None],
    on_hint: Callable[[], None],
    on_replay: Callable[[], None],
    on_new: Callable[[], None],
) -> Panel:
    """«Ya no se puede ganar», from «¿Aún se gana?» (exits: undo, back to the last winnable
    position, replay, new deal) or from «Pista» (undo, a plain hint, replay, new deal).
    Only exits that work are offered: nothing to undo or go back to at the deal's start, no
    replay of a deal proven unsolvable; «Cerrar» always goes back to the table. The text says
    when the proof was made without knowing some stock cards, or came from the deal's label."""
    from_hint = answer.purpose is Purpose.HINT
    moved = bool(play.session.history)
    proven = _proven_unsolvable(play)
    buttons = [_button("btn_undo", on_undo)] if moved else []
    if from_hint:
        buttons.append(_button("btn_plain_hint", on_hint))
    elif moved and not proven:
        buttons.append(_button("btn_rewind", on_rewind))
    if moved and not proven and not play.par:
        buttons.append(_button("btn_replay", on_replay))
    buttons.append(_button("btn_new", on_new))
    if answer.from_label:
        body_key = "lost_body_label"
    else:
        body_key = "lost_body_unseen" if answer.unseen else "lost_body_hint" if from_hint else "lost_body"
        if body_key == "lost_body_hint" and not play.state.rules.variant.has_stock:
            body_key = "lost_body_open"  # every card was face up from the start
    panel = _closable(ctx, manager, "lost_title", lambda t: [t.t(body_key)], [])
    buttons.append(_button("btn_close", lambda: manager.pop(panel)))
    panel.buttons = _first_primary(buttons)
    panel.focus = 0
    return panel


def confirm_new_panel(
    ctx: Context,
    manager: SceneManager,
    moves: int,
    on_yes: Callable[[], None],
    number: int | None = None,
    *,
    par_points: int | None = None,
) -> Panel:
    """«¿Empezar otro reparto?» («¿Empezar el reparto nº N?» when the new deal's ``number`` is
    known): asked before a game with ``moves`` moves on the table is left (it counts as lost; a
    par deal is scored as it stands, ``par_points``). A kiosk's question says nothing about
    statistics (they are the staff's, not the visitor's). «Seguir jugando» is the default and
    what Esc does."""
    buttons = [
        _button("btn_keep_playing", lambda: manager.pop(panel), primary=True),
        _button("btn_confirm_new", on_yes),
    ]

    def body(texts: Texts) -> list[str]:
        body = "confirm_body_kiosk" if ctx.kiosk else "confirm_body"
        return [texts.t(body, moves=texts.moves(moves)), *par_note(texts, par_points)]

    panel = _closable(
        ctx, manager, "confirm_title" if number is None else "confirm_title_number", body, buttons,
        title_values={"n": number},
    )  # fmt: skip
    return panel


def par_note(texts: Texts, points: int | None = None) -> list[str]:
    return [] if points is None else [texts.t("confirm_par", points=signed(points))]


def match_panel(ctx: Context, manager: SceneManager, match: Match) -> Panel:
    """The summary of a completed par match: the six deals' scores, the total, and whether the
    player made par («Has hecho el par» / «No has hecho el par»)."""

    def body(texts: Texts) -> list[str]:
        scores = "  ".join(signed(points) for points in match.scores)
        return [
            texts.t("match_scores", scores=scores),
            texts.t("match_total", total=signed(match.total)),
            texts.t("match_made" if match.made else "match_not_made"),
        ]

    panel = _closable(ctx, manager, "match_title", body, [])
    panel.buttons = [_button("btn_close", lambda: manager.pop(panel), primary=True)]
    return panel


def notices_panel(ctx: Context, manager: SceneManager, notices: list[Line]) -> Panel:
    """«Archivos guardados aparte»: one line per save document that could not be used."""
    panel = _closable(
        ctx, manager, "notices_title", lambda t: ["• " + t.t(n.key, **n.params) for n in notices], [],
    )  # fmt: skip
    panel.buttons = [_button("btn_close", lambda: manager.pop(panel), primary=True)]
    return panel
