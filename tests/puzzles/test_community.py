"""Community levels on the site: the Community page (order, filters, pages), the level page
with its byline, share link and Open Graph picture, text escaped everywhere."""

import json
import re

import pytest

from generator_ext import generate
from puzzles.models import Level, Solve

pytestmark = pytest.mark.django_db


def publish(client, seed, size=6, tier="easy", **text):
    body = {"regions": generate(size, seed=seed, tier=tier).regions, **text}
    response = client.post("/api/builder/publish/", json.dumps(body),
                           content_type="application/json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_the_community_page_orders_filters_and_pages(client):
    ids = [publish(client, seed, title=f"Board {seed}") for seed in range(1, 5)]
    big = publish(client, 9, size=9, tier="medium", title="Nine")
    for player in ("a", "b", "c"):
        Solve.objects.create(level_id=ids[0], player=player)
    page = client.get("/community/").content.decode()
    assert page.index("Nine") < page.index("Board 4") < page.index("Board 1")  # newest first
    played = client.get("/community/?order=played").content.decode()
    assert played.index("Board 1") < played.index("Nine") and "3 plays" in played
    only_nine = client.get("/community/?size=9").content.decode()
    assert "Nine" in only_nine and "Board 1" not in only_nine
    assert "Board 1" not in client.get("/community/?tier=medium").content.decode()
    # A bad filter is a 400 with its sentence, as in the API; a page number out of range
    # shows the nearest page.
    for bad, sentence in (("?size=abc", "board size"), ("?size=99", "board size"),
                          ("?tier=bogus", "unknown tier"), ("?order=x", "unknown order")):
        answer = client.get("/community/" + bad)
        assert answer.status_code == 400 and sentence in answer.content.decode(), bad
    for lenient in ("?page=zz", "?page=99"):
        assert client.get("/community/" + lenient).status_code == 200, lenient
    Level.objects.filter(id=big).update(hidden=True)
    assert "Nine" not in client.get("/community/").content.decode()


def test_pagination(client, monkeypatch):
    from puzzles.web.views import builder

    monkeypatch.setattr(builder, "COMMUNITY_PAGE_SIZE", 2)
    for seed in range(1, 6):
        publish(client, seed, title=f"P{seed}")
    first = client.get("/community/").content.decode()
    # Whole words: a CSRF token may hold "P3" by chance.
    assert "Page 1 of 3" in first and re.search(r"\bP5\b", first)
    assert not re.search(r"\bP3\b", first)
    last = client.get("/community/?page=3").content.decode()
    assert "P1" in last and 'rel="prev"' in last


def test_the_level_page_names_the_level_and_its_maker_escaped(client):
    level_id = publish(client, 3, title="Tom & Jerry's \"maze\"", maker_name="A&B")
    page = client.get(f"/levels/{level_id}/").content.decode()
    assert "Tom &amp; Jerry&#x27;s &quot;maze&quot;" in page and "by A&amp;B" in page
    assert f"/levels/{level_id}/og.png" in page and 'class="share-url"' in page
    community = client.get("/community/").content.decode()
    assert "Tom &amp; Jerry" in community and "Tom & Jerry" not in community


def test_the_open_graph_picture_is_a_png_of_the_board(client, make_level):
    from io import BytesIO

    from PIL import Image

    level_id = publish(client, 4, title="Picture")
    response = client.get(f"/levels/{level_id}/og.png")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image = Image.open(BytesIO(response.content))
    assert image.size == (1200, 630)
    generated = make_level(size=8, seed=2)
    assert client.get(f"/levels/{generated.id}/og.png").status_code == 200
    Level.objects.filter(id=level_id).update(hidden=True)
    from puzzles.levels import cache as level_cache

    level_cache.forget_all()
    assert client.get(f"/levels/{level_id}/og.png").status_code == 404


def test_a_community_level_keeps_the_colours_its_maker_painted(client):
    from generator_ext import REGION_COLORS, region_colors

    level = generate(7, seed=6, tier="easy")
    level_id = publish(client, 6, size=7, title="Mine")
    assert client.get(f"/api/levels/7/{level_id}/").json()["colors"] == list(range(7))
    assert region_colors(level.regions) != list(range(7))  # the engine would have changed them
    card = client.get("/community/").content.decode()
    first_region = level.regions[0][0]
    assert f"--region:{REGION_COLORS[first_region][1]};" in card


def test_fresh_cookies_from_one_address_are_one_play_a_day(client):
    """Plays are addresses on a day: a script starting the level with a fresh cookie each
    time (the same address) is one play; another address is another; a solve row of the
    day before is a play of its own."""
    from datetime import timedelta

    from django.test import Client
    from django.utils import timezone

    level_id = publish(client, 5, title="Counted")
    url = f"/api/levels/6/{level_id}/start/"
    for _ in range(30):
        answer = Client(REMOTE_ADDR="10.30.0.1").post(url, "{}", content_type="application/json")
        assert answer.status_code in (200, 201, 429), answer.content
    assert Solve.objects.filter(level_id=level_id).count() > 1  # each cookie has its row
    Client(REMOTE_ADDR="10.30.0.2").post(url, "{}", content_type="application/json")
    assert re.search(r"\b2 plays\b", client.get("/community/").content.decode())
    Solve.objects.filter(level_id=level_id).order_by("id").filter(
        id=Solve.objects.filter(level_id=level_id).order_by("id").first().id).update(
        created_at=timezone.now() - timedelta(days=1))
    assert re.search(r"\b3 plays\b", client.get("/community/").content.decode())
    publish(client, 6, title="Unplayed")
    assert re.search(r"\b0 plays\b", client.get("/community/").content.decode())


def test_the_builders_motif_picker_groups_letters_digits_and_pictures(client):
    """Issue 35: 48 motifs in one flat list. The picker groups them, every motif once, named
    in the page's language."""
    from generator_ext import motifs

    page = client.get("/create/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    picker = re.search(r'<select id="motif">(.*?)</select>', page, re.S).group(1)
    groups = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', picker, re.S)
    assert [label for label, _ in groups] == ["Buchstaben", "Ziffern", "Bilder"]
    values = [re.findall(r'value="([^"]+)"', options) for _, options in groups]
    assert values[0] == [m for m in motifs() if m.isalpha() and len(m) == 1]
    assert values[1] == [m for m in motifs() if m.isdigit()]
    assert "heart" in values[2] and sum(map(len, values)) == len(motifs())
    assert ">Herz<" in groups[2][1]
