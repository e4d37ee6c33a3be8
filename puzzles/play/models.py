"""A player's solves and reveals of a level, and staff strikes of a solve."""


from django.conf import settings
from django.db import models

from puzzles.core.model_bases import Stamped, one_row_per
from puzzles.core.vocabulary import (
    Category,
)
from puzzles.levels.models import Level


class Solve(Stamped):
    """One player's dealings with one level: when they first opened it, the hints they were
    given, and their solve (seconds measured by the server) or reveal."""

    level = models.ForeignKey(Level, on_delete=models.CASCADE, related_name="solves")
    player = models.CharField(max_length=64)
    opened_at = models.DateTimeField(null=True, blank=True)
    seconds = models.PositiveIntegerField(null=True, blank=True)
    hints = models.PositiveIntegerField(default=0)
    revealed = models.BooleanField(default=False)
    # When a check found the player's queens to be the solution (a solve, recorded or not).
    solved_at = models.DateTimeField(null=True, blank=True)
    # The recorded solve counts in the level's rankings: plausibly fast, and not one of too
    # many from one address.
    ranked = models.BooleanField(default=False)
    # The client address it came from, keyed (HMAC), never stored plainly: solves are also
    # counted per address, so fresh cookies do not multiply one player.
    address = models.CharField(max_length=32, blank=True, default="")
    # Checks of a full board that was not the solution ("a wrong move checked").
    wrong_checks = models.PositiveIntegerField(default=0)
    # The technique of each hint given, in order ("mistake" for a wrong queen pointed out).
    techniques = models.JSONField(default=list, blank=True)
    # The client's move log sent with the solve, [[ms_since_open, row, col, mark], ...].
    moves = models.JSONField(null=True, blank=True)
    # The leaderboard category the recorded solve earned (puzzles.play.move_log verified its log and
    # its timing); blank: kept, shown to its player, on no board.
    category = models.CharField(max_length=16, choices=Category.choices, blank=True, default="")
    # Why a recorded solve is on no board or ranking (blank when it is ranked).
    unranked = models.CharField(max_length=16, blank=True, default="")

    class Meta:
        constraints = [
            one_row_per("level", "player", name="solve_level_player")
        ]
        indexes = [models.Index(fields=["level", "revealed", "seconds"], name="solve_ranking"),
                   models.Index(fields=["level", "address"], name="solve_address"),
                   # "Any" difficulty asks how many levels a player has solved.
                   models.Index(fields=["player", "solved_at"], name="solve_player"),
                   # A daily's leaderboard, rebuilt from here when Redis lost it.
                   models.Index(fields=["level", "category", "seconds"],
                                name="solve_board")]

    def __str__(self) -> str:
        return f"Solve of level {self.level_id} by {self.player[:8]}"


class AddressMark(Stamped):
    """A mark a client address (keyed, as Solve.address) leaves on a level, by any player
    there, guest or account. Kept apart from the players' rows, which a merge or a deletion
    rewrites: a throwaway cookie's mark, or a deleted account's, still counts. Each kind
    declares its own key to the level (its related name) and its one row per level and
    address (the constraint's name)."""

    address = models.CharField(max_length=32)

    class Meta:
        abstract = True


class Reveal(AddressMark):
    """A level's solution shown at a client address: that address's later solves of the
    level are not ranked."""

    level = models.ForeignKey(Level, on_delete=models.CASCADE, related_name="reveals")

    class Meta:
        constraints = [one_row_per("level", "address", name="reveal_level_address")]

    def __str__(self) -> str:
        return f"Level {self.level_id} revealed at {self.address[:8]}"


class HintShown(AddressMark):
    """Hints shown at a client address on a play begun at another: a play's hints are counted
    on its Solve, under the address it began at, so a throwaway cookie that began there and
    asked every hint here left this address's count at nothing."""

    level = models.ForeignKey(Level, on_delete=models.CASCADE, related_name="hints_shown")
    hints = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [one_row_per("level", "address", name="hint_shown_level_address")]

    def __str__(self) -> str:
        return f"Level {self.level_id}: {self.hints} hints at {self.address[:8]}"


class Strike(Stamped):
    """Staff took a recorded solve off the boards (a top time they judged not a person's),
    with their reason; the category it had is kept."""

    solve = models.OneToOneField(Solve, on_delete=models.CASCADE, related_name="strike")
    reason = models.TextField()
    category = models.CharField(max_length=16, blank=True, default="")
    struck_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="+")

    def __str__(self) -> str:
        return f"Strike of solve {self.solve_id}"
