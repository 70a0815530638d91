"""What every game module returns from score()."""

from dataclasses import dataclass, field


@dataclass
class Result:
    """Points per hand (player -> int, 0 for a player not in it), running totals and progress.

    progress holds what the table shows next: "dealer" (name of who deals next), "game_over",
    "winner" (a name or None), and anything game-specific such as "round" or "out".
    """

    points: list = field(default_factory=list)
    totals: dict = field(default_factory=dict)
    progress: dict = field(default_factory=dict)
