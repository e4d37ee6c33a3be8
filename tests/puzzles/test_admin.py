"""Admin pages render for staff; a run started from the admin is queued."""

import pytest

from puzzles.models import DailyPuzzle, GenerationRun, PoolTarget

pytestmark = pytest.mark.django_db


def test_admin_pages_render(staff_client, make_level):
    level = make_level(size=7)
    PoolTarget.objects.create(size=7, rule="touch", target=3)
    run = GenerationRun.objects.create(size=7, rule="touch", requested=3)
    DailyPuzzle.objects.create(date="2026-12-07", level=level, number=7)
    for url in ["/admin/", "/admin/puzzles/level/", f"/admin/puzzles/level/{level.id}/change/",
                "/admin/puzzles/generationrun/", f"/admin/puzzles/generationrun/{run.id}/change/",
                "/admin/puzzles/generationrun/add/", "/admin/puzzles/pooltarget/",
                "/admin/puzzles/dailypuzzle/"]:
        response = staff_client.get(url)
        assert response.status_code == 200, url
    listing = staff_client.get("/admin/puzzles/level/").content.decode()
    assert "grid-template-columns" in listing  # the board picture


def test_run_started_from_admin_is_queued(staff_client, django_capture_on_commit_callbacks):
    response = staff_client.post(
        "/admin/puzzles/generationrun/add/", {"size": 8, "rule": "touch", "requested": 4}
    )
    assert response.status_code == 302
    run = GenerationRun.objects.get()
    assert (run.size, run.requested, run.status) == (8, 4, "queued")
    assert run.requested_by.username == "admin"


def test_cancel_action(staff_client):
    run = GenerationRun.objects.create(size=7, rule="touch", requested=3)
    staff_client.post("/admin/puzzles/generationrun/",
                      {"action": "cancel_runs", "_selected_action": [run.id]})
    run.refresh_from_db()
    assert run.status == "cancelled"
