"""Writes, one module per domain: levels, runs, pools, daily, play, builder, community.
Callers import the domain they need (`from puzzles.services import play`). Arguments after
the subject are keyword-only; no HTTP type or response shape appears here."""
