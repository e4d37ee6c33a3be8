"""Live race rooms over WebSockets (Django Channels): who a socket's player is, the room
consumer and its routes. The rules of a race are puzzles.rooms.services'."""
