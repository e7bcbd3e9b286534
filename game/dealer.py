"""Choosing deal numbers and starting deals under the current settings.

New random numbers follow the deal mode: «solo con solución» picks among numbers the solver
proved winnable (any number while the label table is missing); «totalmente al azar» picks
any number and keeps its label hidden until the deal ends. A number the player asked for
(``--deal N`` or the dialog) always shows its label. While the label table cannot vouch for
the rules in play (it is missing, unreadable, or lacks them), every deal opens with a line saying
that it may have no solution, in place of the welcome line.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable

from rules import RuleSet, Session, State
from rules.labels import Label, LabelTable
from rules.variant import DEFAULT_RULES

from .analysis import Clock, Pacer
from .play import Play
from .records import DAILY_RULES
from .settings import DealMode, Settings
from .table_terms import Line, Tone


class Dealer:
    def __init__(
        self,
        labels: LabelTable,
        rng: random.Random,
        now: Callable[[], float] = time.monotonic,
        clock: Clock = time.perf_counter,
    ) -> None:
        """``now`` is the time source of every session dealt (the browser's leaves hidden time
        out); ``clock`` times the solver's steps (:class:`~game.analysis.Pacer`) and the frame's
        drawing, in seconds."""
        self.labels = labels
        self.rng = rng
        self.now = now
        self.pacer = Pacer(clock)

    def random_number(self, settings: Settings) -> int:
        solvable_only = settings.deal_mode is DealMode.SOLVABLE
        return self.labels.random_deal(settings.rule_set(), self.rng, solvable_only=solvable_only)

    def deal(self, settings: Settings, number: int | None = None, variant: str | None = None) -> Play:
        """A fresh deal: ``number`` if given, else a random one in the current mode; of
        ``variant`` (by name) when given, the settings' variant otherwise (the settings' overlap
        rule either way; another variant's passes as choosing it in the settings would give
        them, :meth:`Settings.choose_variant`, the settings themselves unchanged)."""
        picked = number is None
        if variant is not None:  # with the passes that variant's would be (its default, or chosen)
            settings = dataclasses.replace(settings, variant_passes=dict(settings.variant_passes))
            settings.choose_variant(variant)
        chosen = self.random_number(settings) if number is None else number
        rules = settings.rule_set()
        session = Session(State.from_deal(chosen, rules), chosen, now=self.now)
        hidden = picked and settings.deal_mode is DealMode.RANDOM
        play = Play(session, self.labels.label(chosen, rules), hidden, pacer=self.pacer)
        play.par = settings.par_scoring
        if not self.labels.can_promise(rules):
            play.line = self.unlabelled_line(rules)
        return play

    def unlabelled_line(self, rules: RuleSet) -> Line:
        """Why no deal can be promised solvable: no label table at all, or none yet for this
        variant (the table has other variants' labels: a variant added since it was made)."""
        if rules.unlimited and self.labels.can_promise(DEFAULT_RULES):  # (no table for them yet)
            return Line("passes_unlabelled", tone=Tone.REFUSAL)
        if rules.variant != DEFAULT_RULES.variant and self.labels.can_promise(DEFAULT_RULES):
            return Line("variant_unlabelled", {"variant": rules.variant}, Tone.REFUSAL)
        return Line("labels_missing", tone=Tone.REFUSAL)

    def resume(self, session: Session, hidden: bool, *, game_id: str, daily: str | None) -> Play:
        """Go on with a session rebuilt from a save, with the label of its deal."""
        number = session.deal_number
        rules = session.start_state.rules
        label = Label.UNKNOWN if number is None else self.labels.label(number, rules)
        return Play(session, label, hidden, game_id=game_id, daily=daily, pacer=self.pacer)

    def daily(self, number: int, day: str, par: bool = False) -> Play:
        """That day's «Reparto del día»: deal ``number`` under the default rules (a deal of the
        par match when ``par``)."""
        rules = DAILY_RULES
        session = Session(State.from_deal(number, rules), number, now=self.now)
        label = self.labels.label(number, rules)
        play = Play(session, label, False, daily=day, pacer=self.pacer)
        play.par = par
        return play

    def position(self, state: State, number: int | None = None) -> Play:
        """Play from an arbitrary position (tests, puzzles, later: saved games)."""
        label = Label.UNKNOWN if number is None else self.labels.label(number, state.rules)
        return Play(Session(state, number, now=self.now), label, False, pacer=self.pacer)
