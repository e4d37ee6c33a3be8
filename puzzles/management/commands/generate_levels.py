"""generate_levels --size 8 [--count 20] [--rule touch] [--stars 2] [--tier hard]
[--family islands] [--style mirror] [--motif heart] [--rating-min 1400] [--rating-max 1700]
[--seed 1]: a generation run, the admin's
run form's options checked by the same rule, worked here and now; its progress reported as the
admin shows it."""

import time

from django.core.management.base import BaseCommand, CommandError

from puzzles.core import vocabulary as domain
from puzzles.core.errors import ServiceError
from puzzles.levels import rating_band
from puzzles.levels.models import RunStatus
from puzzles.levels.services import runs


class Command(BaseCommand):
    help = ("Generate and store levels now: a generation run with the admin's options, "
            "worked in this process.")

    def add_arguments(self, parser):
        # The admin's run form's fields (GenerationRun's), named from the one vocabulary.
        parser.add_argument("--size", type=int, required=True,
                            help=f"{domain.SERVED_SIZES[0]} to {domain.SERVED_SIZES[-1]}")
        parser.add_argument("--count", type=int, default=10,
                            help="levels to store (the run's requested)")
        parser.add_argument("--rule", default=domain.Rule.TOUCH, choices=domain.Rule.values)
        parser.add_argument("--stars", type=int, default=1, choices=domain.STAR_COUNTS,
                            help="stars per row, column and region")
        parser.add_argument("--tier", default="", choices=["", *domain.Tier.values],
                            help="blank: whatever tier the engine draws")
        parser.add_argument("--family", default="", choices=["", *dict(domain.FAMILY_CHOICES)],
                            help="the composition family (blank: each level's drawn)")
        parser.add_argument("--style", default="", choices=["", *dict(domain.STYLE_CHOICES)],
                            help="the composition's symmetries (blank: any)")
        parser.add_argument("--motif", default="", metavar="MOTIF",
                            help="a region drawn as this motif (generator_ext.motifs())")
        parser.add_argument("--rating-min", type=int, default=None,
                            help="the lowest predicted rating a level may have (none: no floor)")
        parser.add_argument("--rating-max", type=int, default=None,
                            help="the highest predicted rating (none: no ceiling)")
        parser.add_argument("--seed", type=int, default=None,
                            help="the same levels again: level k from seed + k")

    def handle(self, *args, size, count, rule, stars, tier, family, style, motif, seed,
               rating_min=None, rating_max=None, **options):
        try:
            run = runs.create_run(size=size, rule=rule, requested=count, tier=tier,
                                  style=style, motif=motif, stars=stars, family=family,
                                  rating_min=rating_min, rating_max=rating_max, send=False)
        except ServiceError as error:  # the admin form's sentence for the same mistake
            raise CommandError(str(error)) from error
        started = time.monotonic()
        said = [None]

        def progress(run):
            if (run.produced, run.duplicates, run.rejected) != said[0]:
                said[0] = (run.produced, run.duplicates, run.rejected)
                rejected = f", {run.rejected} outside the band" if run.banded else ""
                self.stdout.write(f"{run} ({run.duplicates} duplicates{rejected})")
                self.stdout.flush()

        self.stdout.write(f"{run}: {describe(run)}")
        try:
            run = runs.run_here(run.id, seed=seed, progress=progress)
        except KeyboardInterrupt:
            raise CommandError(f"interrupted: run {run.id} cancelled") from None
        took = f"in {time.monotonic() - started:.1f} s"
        if run.status != RunStatus.SUCCEEDED:
            raise CommandError(f"run {run.id} {run.status} after {run.produced} of "
                               f"{run.requested} levels {took}: {run.error}")
        rejected = f", {run.rejected} rejected outside the band" if run.banded else ""
        self.stdout.write(self.style.SUCCESS(
            f"run {run.id} succeeded: {run.produced} levels stored ({run.duplicates} "
            f"duplicates{rejected}) {took}"))


def describe(run) -> str:
    """What the run makes, in the admin's words."""
    parts = [f"{run.size}×{run.size}", run.rule]
    if run.stars != 1:
        parts.append(f"{run.stars}★")
    parts += [f"tier {run.tier}" if run.tier else "any tier"]
    parts += [f"family {run.family}"] if run.family else []
    parts += [f"style {run.style}"] if run.style else []
    parts += [f"motif {run.motif}"] if run.motif else []
    parts += [f"rated {rating_band.words(run.rating_min, run.rating_max)}"] \
        if run.banded else []
    return ", ".join(parts)
