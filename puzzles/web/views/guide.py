"""How to play, with pictures of real steps, and the privacy page."""

import functools

from django.conf import settings
from django.shortcuts import render

from generator_ext import (
    DARK_HEXES,
    REGION_COLORS,
    SAFE_DARK_HEXES,
    SAFE_HEXES,
    STAR_TECHNIQUES,
    TECHNIQUES,
    generate,
    rate,
    region_colors,
    region_letter,
)
from puzzles.core.step_words import TECHNIQUE_TITLES, step_message
from puzzles.core.vocabulary import Tier
from puzzles.web.views.context import base_context

# Where the pictures come from: fixed levels, so the page is the same for everyone. The
# example is a small solved level; each technique's picture is its first step in the
# engine's own solve of one of these.
EXAMPLE_SOURCE = (5, 3)  # size, seed
TECHNIQUE_SOURCES = [(6, seed, tier) for seed in range(12)
                     for tier in (Tier.EASY, Tier.MEDIUM, Tier.HARD)] + [(7, 5, Tier.EXPERT)]


def mini_board(regions, queens=(), crosses=(), because=(), new_queens=(), new_crosses=(),
               colors=None, piece="♛"):
    """The cells of a small picture: colour, letter, mark, and what a step reasons about or
    decides."""
    sets = [set(map(tuple, cells)) for cells in (queens, crosses, because, new_queens,
                                                   new_crosses)]
    queens, crosses, because, new_queens, new_crosses = sets
    colors = colors or region_colors(regions)
    return [
        {"hex": REGION_COLORS[colors[g]][1], "dark": DARK_HEXES[colors[g]],
         "safe": SAFE_HEXES[colors[g]], "safe_dark": SAFE_DARK_HEXES[colors[g]],
         "mark": piece if (r, c) in queens | new_queens else "×" if (r, c) in crosses | new_crosses
         else "",
         "new": (r, c) in new_queens | new_crosses, "because": (r, c) in because,
         "letter": region_letter(g)}
        for r, row in enumerate(regions) for c, g in enumerate(row)
    ]


@functools.cache
def example_board() -> tuple[int, list[dict]]:
    """Made on the first visit, not at import: starting the site generates nothing."""
    n, seed = EXAMPLE_SOURCE
    level = generate(n, seed=seed)
    return n, mini_board(level.regions, queens=enumerate(level.solution))


@functools.cache
def technique_examples() -> list[dict]:
    """One real step of each technique, drawn on the board as it stood just before it."""
    examples = {}
    for n, seed, tier in TECHNIQUE_SOURCES:
        level = generate(n, seed=seed, tier=tier)
        queens, crosses = [], []
        for step in rate(level.regions).steps:
            if step.technique not in examples:
                examples[step.technique] = {
                    "title": TECHNIQUE_TITLES[step.technique], "step": step, "n": n,
                    "cells": mini_board(level.regions, queens, crosses, step.because,
                                        step.queens, step.crosses),
                }
            queens, crosses = queens + step.queens, crosses + step.crosses
        if len(examples) == len(TECHNIQUES):
            break
    return [examples[t] for t in TECHNIQUES if t in examples]


# Star Battle's pictures: the first step of each k-star technique in the engine's own solve of
# these 2★ levels (small boards, so the picture reads at a glance).
STAR_SOURCES = [(8, 12)]  # a level whose solve uses every k-star technique: one rating


@functools.cache
def star_technique_examples() -> list[dict]:
    examples = {}
    for n, seed in STAR_SOURCES:
        level = generate(n, seed=seed, stars=2)
        stars, crosses = [], []
        for step in rate(level.regions, stars=2).steps:
            if step.technique not in examples:
                examples[step.technique] = {
                    "title": TECHNIQUE_TITLES[step.technique], "step": step, "n": n,
                    "cells": mini_board(level.regions, stars, crosses, step.because,
                                        step.queens, step.crosses, piece="★"),
                }
            stars, crosses = stars + step.queens, crosses + step.crosses
        if len(examples) == len(STAR_TECHNIQUES):
            break
    return [examples[t] for t in STAR_TECHNIQUES if t in examples]


def worded(examples: list[dict]) -> list[dict]:
    """The pictures' titles and sentences in the language of the request."""
    return [{**example, "title": str(example["title"]), "message": step_message(example["step"])}
            for example in examples]


def how_to_play(request):
    n, example = example_board()
    return render(request, "how_to_play.html", base_context(
        example=example, example_n=n, techniques=worded(technique_examples()),
        star_techniques=worded(star_technique_examples())))


def privacy(request):
    return render(request, "privacy.html", base_context(cookie=settings.QUEENS_PLAYER_COOKIE))
