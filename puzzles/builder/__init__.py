"""The level builder and community levels: drafts, analyses and fix jobs, publishing."""
