"""The daily puzzle: its themes, its assignment, day by day."""
