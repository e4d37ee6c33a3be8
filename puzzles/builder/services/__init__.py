"""Writes of the builder: a painting checked and analyzed, its jobs, community levels."""
