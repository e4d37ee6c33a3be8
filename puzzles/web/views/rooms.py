"""The race rooms' pages: making a room (/rooms/) and a room (/rooms/<code>/). The race
itself runs over the room's WebSocket (puzzles.rooms.consumers)."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from puzzles.core.errors import ServiceError
from puzzles.players import selectors as player_selectors
from puzzles.rooms import selectors as room_selectors
from puzzles.rooms import services as rooms
from puzzles.web.views.context import base_context


def suggested_name(request) -> str:
    player = player_selectors.player_of(request.player)
    return player.name if player is not None and player.name else ""


@never_cache
def new_room(request):
    return render(request, "rooms_new.html", base_context(
        name=suggested_name(request), boards=rooms.ROOM_BOARDS))


@never_cache
def room_page(request, code: str):
    try:
        room = room_selectors.room_by_code(rooms.normalise_code(code))
    except ServiceError:
        room = None
    if room is None:
        raise Http404("there is no room with this code (rooms expire once empty)")
    return render(request, "room.html", base_context(room=room, name=suggested_name(request)))
