"""The admin's command line: generate_levels takes the admin run form's options (stars, tier,
family, style, motif), refuses what the form refuses with the same sentence, and reports a run's
progress as the admin shows it (the run is in the admin too)."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from puzzles.admin.levels import RunForm
from puzzles.models import GenerationRun, Level, RunStatus

pytestmark = pytest.mark.django_db


def generate_levels(*args: str) -> str:
    out = StringIO()
    call_command("generate_levels", *args, stdout=out)
    return out.getvalue()


def test_star_battle_levels_of_a_tier_from_the_command_line():
    out = generate_levels("--size", "10", "--count", "2", "--stars", "2", "--tier", "expert",
                          "--seed", "1")
    run = GenerationRun.objects.get()
    assert (run.size, run.stars, run.tier, run.status, run.produced) == (
        10, 2, "expert", RunStatus.SUCCEEDED, 2)
    assert list(Level.objects.values_list("stars", "tier")) == [(2, "expert")] * 2
    # The run's own words, as the admin lists it, then the end.
    assert "10×10, touch, 2★, tier expert" in out
    assert f"Run {run.id}: 2/2 of 10×10 (0 duplicates)" in out
    assert f"run {run.id} succeeded: 2 levels stored" in out
    assert "\r" not in out and "[###" not in out  # no bar of its own


def test_a_style_and_a_motif_as_in_the_admins_run_form():
    generate_levels("--size", "9", "--count", "1", "--style", "mirror", "--motif", "heart",
                    "--seed", "3")
    run = GenerationRun.objects.get()
    assert (run.style, run.motif) == ("mirror", "heart")
    assert Level.objects.get().motif == "heart"


def test_a_family_as_in_the_admins_run_form():
    """Issue 38: a run of one composition family; each level names it."""
    out = generate_levels("--size", "9", "--count", "2", "--family", "islands", "--seed", "4")
    run = GenerationRun.objects.get()
    assert run.family == "islands" and "9×9, touch, any tier, family islands" in out
    assert list(Level.objects.values_list("family", flat=True)) == ["islands"] * 2


def test_the_same_seed_gives_the_same_levels():
    generate_levels("--size", "8", "--count", "2", "--seed", "5")
    first = set(Level.objects.values_list("canonical_hash", flat=True))
    Level.objects.all().delete()
    generate_levels("--size", "8", "--count", "2", "--seed", "5")
    assert set(Level.objects.values_list("canonical_hash", flat=True)) == first


@pytest.mark.parametrize("args, form", [
    (["--size", "10", "--stars", "2", "--rule", "classic"],
     {"size": 10, "stars": 2, "rule": "classic", "requested": 10}),
    (["--size", "16", "--stars", "3", "--tier", "hard"],
     {"size": 16, "stars": 3, "rule": "touch", "tier": "hard", "requested": 10}),
    (["--size", "20", "--motif", "A"], {"size": 20, "rule": "touch", "motif": "A",
                                         "requested": 10}),
    (["--size", "9", "--family", "islands", "--motif", "A"],
     {"size": 9, "rule": "touch", "family": "islands", "motif": "A", "requested": 10}),
    (["--size", "9", "--family", "cross", "--style", "turn"],
     {"size": 9, "rule": "touch", "family": "cross", "style": "turn", "requested": 10}),
    (["--size", "6", "--family", "motif"],
     {"size": 6, "rule": "touch", "family": "motif", "requested": 10}),
    (["--size", "10", "--stars", "2", "--family", "frames"],
     {"size": 10, "stars": 2, "rule": "touch", "family": "frames", "requested": 10}),
])
def test_what_the_admins_form_refuses_the_command_refuses_in_the_same_words(args, form):
    with pytest.raises(CommandError) as refused:
        generate_levels(*args)
    admin_form = RunForm(data=form)
    assert not admin_form.is_valid()
    assert str(refused.value) in admin_form.non_field_errors()
    assert not GenerationRun.objects.exists()


def test_the_options_vocabulary_is_the_admins():
    from puzzles.management.commands.generate_levels import Command

    parser = Command().create_parser("manage.py", "generate_levels")
    choices = {action.dest: action.choices for action in parser._actions if action.choices}
    form = RunForm()
    assert choices["stars"] == tuple(value for value, _ in form.fields["stars"].choices)
    assert set(choices["tier"]) == {value for value, _ in form.fields["tier"].choices}
    assert set(choices["style"]) == {value for value, _ in form.fields["style"].choices}
    assert set(choices["family"]) == {value for value, _ in form.fields["family"].choices}
    assert set(choices["rule"]) == {value for value, _ in form.fields["rule"].choices} - {""}
