"""Admin pages render for staff; a run started from the admin is queued."""

import pytest

from generator_ext import design_score, rate
from puzzles.models import DailyPuzzle, GenerationRun, Level, PoolTarget, Solve

pytestmark = pytest.mark.django_db


def test_admin_pages_render(staff_client, make_level):
    level = make_level(size=7)
    PoolTarget.objects.create(size=7, rule="touch", target=3)
    run = GenerationRun.objects.create(size=7, rule="touch", requested=3)
    DailyPuzzle.objects.create(date="2026-12-07", level=level, number=7)
    Solve.objects.create(level=level, player="p" * 20, seconds=33, hints=2)
    for url in ["/admin/", "/admin/puzzles/level/", f"/admin/puzzles/level/{level.id}/change/",
                "/admin/puzzles/generationrun/", f"/admin/puzzles/generationrun/{run.id}/change/",
                "/admin/puzzles/generationrun/add/", "/admin/puzzles/pooltarget/",
                "/admin/puzzles/dailypuzzle/", "/admin/puzzles/solve/"]:
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


def test_staff_run_a_family_and_filter_levels_by_family(staff_client, make_level,
                                                       django_capture_on_commit_callbacks):
    """Issue 38: the run form takes a composition family; the level list filters by it."""
    response = staff_client.post("/admin/puzzles/generationrun/add/",
                                 {"size": 9, "rule": "touch", "requested": 2,
                                  "family": "spiral"})
    assert response.status_code == 302
    assert GenerationRun.objects.get().family == "spiral"
    refused = staff_client.post("/admin/puzzles/generationrun/add/",
                                {"size": 9, "rule": "touch", "requested": 2,
                                 "family": "islands", "motif": "A"})
    assert refused.status_code == 200  # the form again, with the engine's sentence
    assert "a motif is drawn by the motif family" in refused.content.decode()
    crossed = make_level(size=9, seed=2, family="cross")
    framed = make_level(size=9, seed=2, family="frames")
    assert (crossed.family, framed.family) == ("cross", "frames")
    listing = staff_client.get("/admin/puzzles/level/?family=cross")
    assert [level.id for level in listing.context["cl"].result_list] == [crossed.id]


def test_a_run_staff_ask_for_waits_on_its_own_queue_not_behind_the_pools(
        staff_client, django_capture_on_commit_callbacks, monkeypatch, settings):
    from puzzles import tasks
    from puzzles.levels.services import pools

    sent = []
    monkeypatch.setattr(tasks.run_generation, "apply_async",
                        lambda args, queue, **kw: sent.append((args[0], queue)) or
                        type("Result", (), {"id": "t"})())
    PoolTarget.objects.create(size=6, rule="touch", tier="easy", target=1)
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post("/admin/puzzles/generationrun/add/",
                          {"size": 8, "rule": "touch", "requested": 4})
        pools.top_up_pools()
    asked = GenerationRun.objects.get(requested_by__isnull=False)
    topped = GenerationRun.objects.get(requested_by__isnull=True)
    assert sorted(sent) == sorted([(asked.id, settings.CELERY_ADMIN_QUEUE),
                                   (topped.id, settings.CELERY_QUEUE)])
    assert settings.CELERY_ADMIN_QUEUE not in (settings.CELERY_QUEUE,
                                               settings.CELERY_BUILDER_QUEUE)


def test_cancel_action(staff_client):
    run = GenerationRun.objects.create(size=7, rule="touch", requested=3)
    staff_client.post("/admin/puzzles/generationrun/",
                      {"action": "cancel_runs", "_selected_action": [run.id]})
    run.refresh_from_db()
    assert run.status == "cancelled"


def test_level_page_lists_its_solving_steps_and_its_map_is_read_only(staff_client, make_level):
    level = make_level(size=7, tier="hard")
    page = staff_client.get(f"/admin/puzzles/level/{level.id}/change/").content.decode()
    steps = rate(level.regions).steps
    assert "hard, score" in page
    assert f"({len(steps)} steps)" in page
    assert steps[0].message.replace("'", "&#x27;") in page
    design = design_score(level.regions)
    assert f"score {design.score:.2f}: symmetry {design.symmetry:.2f}" in page  # its design
    assert 'name="regions"' not in page and 'name="size"' not in page and 'name="rule"' not in page
    assert staff_client.get("/admin/puzzles/level/add/").status_code == 403
    inline = {"solves-TOTAL_FORMS": 0, "solves-INITIAL_FORMS": 0, "solves-MIN_NUM_FORMS": 0,
              "solves-MAX_NUM_FORMS": 0}
    response = staff_client.post(f"/admin/puzzles/level/{level.id}/change/",
                                 {"size": 9, "regions": "[]", **inline})
    assert response.status_code == 302
    level.refresh_from_db()
    assert level.size == 7 and level.regions and not level.is_active


def test_an_invalid_run_is_refused_with_its_error(staff_client):
    for data, message in [({"size": 30, "rule": "touch", "tier": "", "requested": 4}, "size"),
                          ({"size": 4, "rule": "touch", "tier": "medium", "requested": 4},
                           "medium levels are not generated at 4×4"),
                          ({"size": 8, "rule": "touch", "tier": "", "requested": 5000},
                           "requested")]:
        response = staff_client.post("/admin/puzzles/generationrun/add/", data)
        assert response.status_code == 200  # the form again, with the error, not "added"
        assert message in response.content.decode()
        assert "was added successfully" not in response.content.decode()
    assert not GenerationRun.objects.exists()


def test_run_with_a_tier_from_admin(staff_client, django_capture_on_commit_callbacks):
    response = staff_client.post("/admin/puzzles/generationrun/add/",
                                 {"size": 9, "rule": "touch", "tier": "hard", "requested": 2})
    assert response.status_code == 302
    assert GenerationRun.objects.get().tier == "hard"


def test_failed_run_error_is_readable(staff_client):
    run = GenerationRun.objects.create(size=7, rule="touch", requested=3, status="failed",
                                       error="ValueError: <engine> said no\nsecond line")
    page = staff_client.get(f"/admin/puzzles/generationrun/{run.id}/change/").content.decode()
    assert "ValueError: &lt;engine&gt; said no" in page and "white-space:pre-wrap" in page


def test_pool_list_and_top_up_of_the_selected_pools(staff_client, make_level,
                                                   django_capture_on_commit_callbacks):
    make_level(size=6, tier="easy")
    easy = PoolTarget.objects.create(size=6, rule="touch", tier="easy", target=3)
    hard = PoolTarget.objects.create(size=6, rule="touch", tier="hard", target=3)
    page = staff_client.get("/admin/puzzles/pooltarget/").content.decode()
    assert "easy" in page and "hard" in page
    staff_client.post("/admin/puzzles/pooltarget/",
                      {"action": "top_up_now", "_selected_action": [easy.id]})
    run = GenerationRun.objects.get()
    assert (run.size, run.tier, run.requested) == (6, "easy", 2)
    page = staff_client.get("/admin/puzzles/pooltarget/").content.decode()
    assert f"#{run.id} queued 0/2" in page
    assert not GenerationRun.objects.filter(tier=hard.tier).exists()  # not selected
    assert Level.objects.filter(size=6, tier="easy").count() == 1


def test_community_moderation_hides_promotes_and_deletes(staff_client, client):
    import json

    from generator_ext import generate
    from puzzles.models import Level

    published = []
    for seed in (1, 2):
        body = {"regions": generate(6, seed=seed, tier="easy").regions, "title": f"T{seed}",
                "maker_name": "Ada"}
        published.append(client.post("/api/builder/publish/", json.dumps(body),
                                     content_type="application/json").json()["id"])
    page = staff_client.get("/admin/puzzles/communitylevel/")
    html = page.content.decode()
    assert page.status_code == 200 and "T1" in html and "Ada" in html
    assert client.get("/api/levels/6/").status_code == 404  # outside the pools
    staff_client.post("/admin/puzzles/communitylevel/", {
        "action": "promote", "_selected_action": [published[0]]})
    assert Level.objects.get(id=published[0]).is_active
    assert client.get("/api/levels/6/").json()["id"] == published[0]  # in the pool now
    staff_client.post("/admin/puzzles/communitylevel/", {
        "action": "hide", "_selected_action": [published[0]]})
    hidden = Level.objects.get(id=published[0])
    assert hidden.hidden and not hidden.is_active
    assert client.get(f"/levels/{published[0]}/").status_code == 404
    assert client.get("/api/levels/6/").status_code == 404
    response = staff_client.post("/admin/puzzles/communitylevel/", {
        "action": "delete_selected", "_selected_action": [published[1]], "post": "yes"})
    assert response.status_code == 302 and not Level.objects.filter(id=published[1]).exists()


def test_staff_strike_a_top_time_with_a_reason_and_it_leaves_the_boards(
        staff_client, make_level, django_user_model, django_capture_on_commit_callbacks):
    """A new top entry the pace rules let through: staff strike it from the admin, which
    asks for the reason and keeps it; the solve leaves the boards Redis serves at once."""
    from django.utils import timezone

    from puzzles.models import Player, Strike
    from puzzles.players import leaderboards

    level = make_level(size=8, seed=3)
    today = timezone.now().date()
    DailyPuzzle.objects.create(date=today, level=level, number=1)
    user = django_user_model.objects.create_user("topper", password="pw-123456789")
    Player.objects.create(key="k" * 20, user=user, name="Topper")
    top = Solve.objects.create(level=level, player="k" * 20, seconds=9, solved_at=timezone.now(),
                               category="flawless", ranked=True)

    def names():
        board = leaderboards.daily_board(today, "flawless", player_key="nobody")
        return [entry.name for entry in board.entries]

    assert names() == ["Topper"]  # built in Redis
    listing = staff_client.get("/admin/puzzles/solve/").content.decode()
    assert "Strike from the boards" in listing
    asked = staff_client.post("/admin/puzzles/solve/", {"action": "strike",
                                                         "_selected_action": [top.id]})
    assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()
    assert not Strike.objects.exists()  # nothing struck before the reason is given
    empty = staff_client.post("/admin/puzzles/solve/", {
        "action": "strike", "_selected_action": [top.id], "reason": " "})
    assert empty.status_code == 200 and not Strike.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        done = staff_client.post("/admin/puzzles/solve/", {
            "action": "strike", "_selected_action": [top.id],
            "reason": "9 s with the same log as a revealed play"})
    assert done.status_code == 302
    strike = Strike.objects.get(solve=top)
    assert (strike.reason, strike.category, strike.struck_by.username) == (
        "9 s with the same log as a revealed play", "flawless", "admin")
    top.refresh_from_db()
    assert (top.category, top.ranked, top.unranked) == ("", False, "struck")
    assert names() == []  # off the board Redis holds, not only the database
    page = staff_client.get(f"/admin/puzzles/solve/{top.id}/change/").content.decode()
    assert "9 s with the same log as a revealed play" in page
