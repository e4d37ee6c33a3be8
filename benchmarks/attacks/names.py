"""Names that look like the reserved ones (row 18)."""

from __future__ import annotations

from benchmarks.attacks.common import Client, Result, row

LOOK_ALIKES = ["ɑdmin", "Admın", "ᴀᴅᴍɪɴ", "Staƒƒ", "Adm1n", "0fficial", "moderat0r"]


@row(18)
def reserved_look_alikes(stack, quick: bool) -> Result:
    """Each name as a room's display name (the same check as sign-up's), from an address of
    its own (rooms are limited per address)."""
    accepted = [name for name in LOOK_ALIKES
                if Client(stack.url).post("/api/rooms/", {"size": 6, "tier": "easy",
                                                          "boards": 1, "name": name}
                                          ).status == 201]
    return Result(18, "reserved look-alike names", not accepted,
                  f"{len(accepted)} of {len(LOOK_ALIKES)} accepted: {' '.join(accepted)}")
