"""The one error the engine raises for bad input, naming where the input is wrong."""


class InputError(ValueError):
    """Bad input. `hand` is 1-based, `player` a name, `field` an input or rule key (any may be None)."""

    def __init__(self, message, *, hand=None, player=None, field=None):
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.player = player
        self.field = field

    def __str__(self):
        where = []
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.player is not None:
            where.append(self.player)
        if self.field is not None:
            where.append(self.field)
        return f"{', '.join(where)}: {self.message}" if where else self.message
