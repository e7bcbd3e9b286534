"""Error types of the rules engine. All of them are ``ValueError``s: bad input, never a bug."""


class NotationError(ValueError):
    """A card, move, deal or position text could not be read. The message names the bad part."""


class DealNumberError(ValueError):
    """A deal number is not an integer in the allowed range."""


class IllegalMoveError(ValueError):
    """:func:`rules.apply` was asked to make a move the rules refuse; ``refusal`` says why."""

    def __init__(self, refusal: object, move: object) -> None:
        super().__init__(f"{move}: {refusal}")
        self.refusal = refusal
        self.move = move


class RecordError(ValueError):
    """A saved game record is not one this version can rebuild: a missing or mistyped field,
    counters that contradict the moves, or a move the rules refuse. The message names the field."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
        """For a move the rules refuse: its place in the move log (how many moves came before it)."""
