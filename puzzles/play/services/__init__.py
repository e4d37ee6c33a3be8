"""Writes of play: solves, reveals, hints, strikes."""
