"""What the domains' models share: the moment a row was made (every kept row has one) and
"one row per" a set of columns, said once."""

from __future__ import annotations

from django.db import models


class Stamped(models.Model):
    """A row with the moment it was made."""

    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True


def one_row_per(*fields: str, name: str) -> models.UniqueConstraint:
    """At most one row for each combination of `fields` (the database holds it)."""
    return models.UniqueConstraint(fields=list(fields), name=name)
