"""Levels and their generation: the Level model, generation runs and pools, the level cache."""
