"""The shapes of what the server sends, as docs/protocol.md describes them ("WebSocket", "The bot
API"), for type checkers and readers: every frame and line is a plain dict at run time."""

from __future__ import annotations

from typing import Any, Literal, Optional, TypedDict, Union

#: A move in the game's canonical JSON (as ``you.legal`` lists it), or its short notation.
Move = Any


class You(TypedDict, total=False):
    seat: int
    #: Present only while the recipient has to act: every move it may send now.
    legal: list[Move]


class ClockView(TypedDict):
    remaining_ms: list[int]
    running: list[int]
    at: str


class View(TypedDict):
    game: str
    version: int
    ply: int
    to_move: list[int]
    status: Literal["waiting", "playing", "finished", "abandoned", "aborted"]
    result: Optional[dict[str, Any]]
    clock: Optional[ClockView]
    #: None for a spectator.
    you: Optional[You]
    #: The game's own state, with ``private`` for the recipient's hidden information.
    state: dict[str, Any]


class FullLine(TypedDict):
    type: Literal["full"]
    room: str
    game: str
    players: list[Optional[dict[str, Any]]]
    options: dict[str, Any]
    clock: Optional[dict[str, Any]]
    rated: bool
    seats: list[dict[str, Any]]
    you: int
    version: int
    view: View


class StateLine(TypedDict):
    type: Literal["state"]
    version: int
    view: View
    clocks: Optional[ClockView]
    events: list[dict[str, Any]]


class EndedLine(TypedDict, total=False):
    type: Literal["ended"]
    match: str
    result: dict[str, Any]
    rating: dict[str, Any]


#: A line of ``GET /api/v1/bot/match/{room}/stream``: also ``chat``, ``draw`` and ``error``.
MatchLine = Union[FullLine, StateLine, EndedLine, dict]

#: A line of ``GET /api/v1/stream/event``: ``challenge``, ``challengeDeclined``,
#: ``challengeCanceled``, ``matchStart``, ``matchFinish``.
BotEvent = dict

#: A frame of the WebSocket, either way: ``{"type": ..., ...}``.
Frame = dict
