"""Reads of play: how a solve ranks, recordings to race or watch."""
