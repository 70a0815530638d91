"""The one error the engine raises for bad input, naming where the input is wrong.

A form is checked whole: the problems of every player are gathered (`Problems`) and raised as
one InputError, the first problem, carrying the others in `more`, so that a phone learns about
all of them from one save.

Messages are English templates with named placeholders ("must be at least %(minimum)s") and
their values apart (`params`), so that the web side can show them in the reader's language:
it translates the template, then fills it in (games/sdk/problems.py). Each template is written
inside gettext_noop(...) where it is raised, which is how `manage.py makemessages` finds it
while the engine stays free of Django.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def gettext_noop(message: str) -> str:
    """Marks an English message template for translation, leaving it as it is (the web side
    translates it when it shows it)."""
    return message


class InputError(ValueError):
    """Bad input. `message` is an English template marked with gettext_noop, `params` its values;
    `hand` is 1-based, `player` a name, `field` an input or rule key (any may be None)."""

    def __init__(
        self,
        message: str,
        *,
        params: dict[str, Any] | None = None,
        hand: int | None = None,
        player: str | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.params = params or {}
        super().__init__(self.text)
        self.hand = hand
        self.player = player
        self.field = field
        self.more: list[InputError] = []

    @property
    def text(self) -> str:
        """The message in English with its values filled in (a value may be another InputError:
        the problem this one wraps, such as one group's problem in a set)."""
        if not self.params:
            return self.message
        return self.message % {
            key: value.text if isinstance(value, InputError) else value for key, value in self.params.items()
        }

    @property
    def problems(self) -> list["InputError"]:
        """This problem and the others found with it."""
        return [self, *self.more]

    def __str__(self) -> str:
        where = []
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.player is not None:
            where.append(self.player)
        if self.field is not None:
            where.append(self.field)
        return f"{', '.join(where)}: {self.text}" if where else self.text


class Problems:
    """The InputErrors found while checking one form: each part is checked in `check()`, and
    `raise_found()` raises them together. A second problem in the same player's field is left
    out: the first one already marks it."""

    def __init__(self) -> None:
        self.found: list[InputError] = []

    def __bool__(self) -> bool:
        return bool(self.found)

    @contextmanager
    def check(self) -> Iterator[None]:
        try:
            yield
        except InputError as error:
            self.add(error)

    def add(self, error: InputError) -> None:
        places = {(problem.player, problem.field) for problem in self.found}
        self.found.extend(problem for problem in error.problems if (problem.player, problem.field) not in places)

    def raise_found(self) -> None:
        if self.found:
            first, *more = self.found
            first.more = more
            raise first
