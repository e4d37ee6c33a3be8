"""The WebSocket routes (queensgame.asgi mounts them under the player's session)."""

from django.urls import path

from puzzles.rooms.consumers import RoomConsumer

websocket_urlpatterns = [path("ws/rooms/<str:code>/", RoomConsumer.as_asgi())]
