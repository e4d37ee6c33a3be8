"""Reads, one module per domain: levels, runs, pools, daily, play, community. Callers import
the domain they need (`from puzzles.selectors import levels`)."""
