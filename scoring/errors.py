"""The one error the engine raises for bad input, naming where the input is wrong.

A form is checked whole: the problems of every player are gathered (`Problems`) and raised as
one InputError, the first problem, carrying the others in `more`, so that a phone learns about
all of them from one save.
"""

from contextlib import contextmanager


class InputError(ValueError):
    """Bad input. `hand` is 1-based, `player` a name, `field` an input or rule key (any may be None)."""

    def __init__(self, message, *, hand=None, player=None, field=None):
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.player = player
        self.field = field
        self.more = []

    @property
    def problems(self):
        """This problem and the others found with it."""
        return [self, *self.more]

    def __str__(self):
        where = []
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.player is not None:
            where.append(self.player)
        if self.field is not None:
            where.append(self.field)
        return f"{', '.join(where)}: {self.message}" if where else self.message


class Problems:
    """The InputErrors found while checking one form: each part is checked in `check()`, and
    `raise_found()` raises them together. A second problem in the same player's field is left
    out: the first one already marks it."""

    def __init__(self):
        self.found = []

    def __bool__(self):
        return bool(self.found)

    @contextmanager
    def check(self):
        try:
            yield
        except InputError as error:
            self.add(error)

    def add(self, error):
        places = {(problem.player, problem.field) for problem in self.found}
        self.found.extend(problem for problem in error.problems if (problem.player, problem.field) not in places)

    def raise_found(self):
        if self.found:
            first, *more = self.found
            first.more = more
            raise first
