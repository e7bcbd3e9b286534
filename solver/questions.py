"""The player's questions to the solver, one object per purpose, each answered in node budgets.

«¿Aún se gana?» (:class:`WinnableQuestion`), «Pista» (:class:`HintQuestion`), «volver al último
paso ganable» (:class:`RewindQuestion`) and the best score a par deal allowed
(:class:`BestScoreQuestion`) share one shape, sunfish's: the caller owns the clock and calls
``step(nodes)`` (True once the answer is final) as often as it can spare the time;
:attr:`Question.answer` is the final answer (None before), and :meth:`Question.partial` what the
work so far proves at any moment, marked cut short and claiming nothing unproven.

Every answer is a :class:`~solver.analysis.Answer` stamped with its purpose. The analysis
questions of one deal share an :class:`~solver.analysis.AnswerCache` (:func:`answer_cache`), so
a hint reuses what «¿Aún se gana?» found, the rewind reuses both, and a question asked again
goes on where it stopped. The backend is the solver's own choice (:func:`solver.configure`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from rules.session import Session
from rules.verdict import Verdict
from solver.analysis import Answer, AnswerCache, Purpose
from solver.backends import default_backend
from solver.models import has_stock_model
from solver.rewind import Rewind
from solver.score import Best, BestScore

BEST_SCORE_NODE_LIMIT = 3_000_000
"""The best-score search gives up past this many nodes (deals 1-40 took at most 920k: bench/par_score.py)."""


def answer_cache() -> AnswerCache:
    """A fresh cache of answers for one deal, searching with the solver's chosen backend."""
    return AnswerCache(default_backend())


class Work(Protocol):
    """A search run in node budgets (:class:`~solver.analysis.Analysis`, :class:`~solver.rewind.Rewind`)."""

    @property
    def done(self) -> bool: ...

    def step(self, nodes: int) -> bool: ...


class Question:
    """One question about the position of a session when it was asked, answered by ``work``."""

    purpose: Purpose

    def __init__(self, work: Work) -> None:
        self.work = work

    @property
    def done(self) -> bool:
        """The answer is final."""
        return self.work.done

    def step(self, nodes: int) -> bool:
        """Search about ``nodes`` more nodes; True once the answer is final."""
        return self.work.step(nodes)

    def partial(self) -> Answer:
        """The answer now: the final one once :attr:`done`, else what the work so far proves,
        marked cut short."""
        raise NotImplementedError

    @property
    def answer(self) -> Answer | None:
        """The final answer (None before)."""
        return self.partial() if self.done else None


class WinnableQuestion(Question):
    """«¿Aún se gana?»: the analysis of the position (:class:`~solver.analysis.Analysis`)."""

    purpose = Purpose.ASK

    def __init__(self, session: Session, cache: AnswerCache) -> None:
        self.analysis = cache.get(session.state, session.seen_mask)
        super().__init__(self.analysis)

    def partial(self) -> Answer:
        return replace(self.analysis.partial(), purpose=self.purpose)


class HintQuestion(WinnableQuestion):
    """«Pista»: final once the hint is settled (:meth:`Analysis.hint_done`), which may be before
    the verdict is (the answer then says the verdict was cut short)."""

    purpose = Purpose.HINT

    @property
    def done(self) -> bool:
        return self.analysis.hint_done()

    def step(self, nodes: int) -> bool:
        return self.analysis.step(nodes, hint=True)


class RewindQuestion(Question):
    """Back to the last earlier position that wins in every order (:class:`~solver.rewind.Rewind`);
    the answer's :attr:`~Answer.back` says how many moves to undo (0: none was found)."""

    purpose = Purpose.REWIND

    def __init__(self, session: Session, cache: AnswerCache) -> None:
        self.rewind = Rewind(list(reversed(session.history)), session.seen_mask, cache)
        super().__init__(self.rewind)

    def partial(self) -> Answer:
        rewind = self.rewind
        cut_short = not rewind.done
        back, certain = rewind.result if rewind.result is not None else rewind.partial()
        if back:
            return Answer(
                Verdict.SOLVABLE, purpose=self.purpose, back=back, certain=certain, cut_short=cut_short
            )
        proven = rewind.none_wins and not cut_short
        return Answer(
            Verdict.UNSOLVABLE if proven else Verdict.UNKNOWN,
            purpose=self.purpose,
            cut_short=cut_short,
            none_proven=proven,
            none_in_all_orders=rewind.none_in_all_orders and not cut_short,
        )


def question(purpose: Purpose, session: Session, cache: AnswerCache) -> Question:
    """The question of ``purpose`` about ``session``'s position now."""
    if purpose is Purpose.REWIND:
        return RewindQuestion(session, cache)
    if purpose is Purpose.HINT:
        return HintQuestion(session, cache)
    return WinnableQuestion(session, cache)


class BestScoreQuestion:
    """The best score the deal of ``session`` allowed from its start (:class:`~solver.score.BestScore`),
    given up past ``node_limit`` nodes. Nothing is known before the end: :attr:`answer` is None
    until the search is complete, and stays None when it was :attr:`given_up`."""

    def __init__(self, session: Session, node_limit: int = BEST_SCORE_NODE_LIMIT) -> None:
        # the best score counts passes, on the stock model's nodes
        self.applies = has_stock_model(session.start_state.rules.variant)
        """The variant has a best score to search (not one without a one-waste stock model)."""
        self.search = BestScore(session.start_state) if self.applies else None
        self.node_limit = node_limit
        self.given_up = not self.applies
        """The search passed ``node_limit`` nodes and was left unfinished, or was never run."""

    @property
    def answer(self) -> Best | None:
        return None if self.search is None else self.search.result

    @property
    def done(self) -> bool:
        """Answered, or given up."""
        return self.search is None or self.search.result is not None or self.given_up

    def step(self, nodes: int) -> bool:
        """``nodes`` more of the search; True once it is over (answered or given up)."""
        search = self.search
        if search is not None and not self.done and search.step(nodes) is None:
            self.given_up = search.work >= self.node_limit
        return self.done
