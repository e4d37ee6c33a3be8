"""Reads about levels: levels served, pools, generation runs."""
