"""Writes about levels: saving levels, topping up pools, generation runs."""
