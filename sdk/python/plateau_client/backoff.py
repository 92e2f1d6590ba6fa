"""The pauses between tries of a ``join`` the server answered "the room is moving to another
server" (docs/protocol.md, "Several nodes"): 250 ms, doubling to 4 s at most, each give or take a
quarter so that a room's players do not all come back at once."""

from __future__ import annotations

import random as _random
from typing import Callable

FIRST_PAUSE_S = 0.25
LONGEST_PAUSE_S = 4.0


def rejoin_pause_s(attempt: int, random: Callable[[], float] = _random.random) -> float:
    """The pause before try ``attempt`` + 1 (attempt 0 is the first refusal)."""
    base = min(FIRST_PAUSE_S * 2 ** min(attempt, 16), LONGEST_PAUSE_S)
    return base * (0.75 + 0.5 * random())
