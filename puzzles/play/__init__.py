"""Play: solves, reveals, hints, checks of a board, move logs, replays and the tutorial."""
