"""The WebSocket (docs/protocol.md, "WebSocket"): one connection authenticates, joins rooms, and
keeps each room's view by applying the RFC 6902 patches the server sends, asking a ``snapshot``
with ``sync`` whenever a patch does not start from the version held. After a drop it connects
again, joins its rooms again (a snapshot each) and sends again the moves not yet acknowledged,
with their ids: a move the server had stored is acknowledged again, never played twice. A ``join``
answered "the room is moving to another server" is tried again after a growing pause."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any, Callable, Optional

import jsonpatch
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .backoff import rejoin_pause_s
from .errors import PlateauError
from .frames import Frame, Move, View

#: Close codes after which connecting again is pointless: the token is unknown, the player banned.
FINAL_CLOSE_CODES = {4001, 4003}


class Connection:
    def __init__(self, url: str, token: str, legal: Optional[str], reconnect: bool):
        self._url = url.replace("http", "ws", 1).rstrip("/") + "/api/v1/ws"
        self._token = token
        self._legal = legal
        self._reconnect = reconnect
        self._socket: Optional[ClientConnection] = None
        self._reader: Optional[asyncio.Task] = None
        self._closed_by_us = False
        self._moves: dict[str, tuple[asyncio.Future, Frame]] = {}
        self._listeners: list[Callable[[Frame], None]] = []
        #: The player the token signs in.
        self.player: dict = {}
        #: The games whose ``you.legal`` comes in short notation on this connection.
        self.short_legal: list[str] = []
        self.rooms: dict[str, Room] = {}
        #: Set once the connection has ended for good.
        self.closed = asyncio.Event()

    @classmethod
    async def open(cls, url: str, token: str, *, legal: Optional[str] = None, reconnect: bool = True) -> "Connection":
        connection = cls(url, token, legal, reconnect)
        await connection._authenticate()
        connection._reader = asyncio.create_task(connection._read())
        return connection

    def on_frame(self, listener: Callable[[Frame], None]) -> Callable[[], None]:
        """Every server frame, as it comes (after the connection has handled it)."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    async def send(self, frame: Frame) -> None:
        # A frame sent while the socket is down is lost; what matters is sent again on reconnect.
        try:
            await self._socket.send(json.dumps(frame))
        except ConnectionClosed:
            pass

    async def join(self, code: str, as_: str = "player") -> "Room":
        """Joins a room; returns once the server has answered with the room (and its view)."""
        code = code.upper()
        room = self.rooms.get(code)
        if room is None:
            room = self.rooms[code] = Room(self, code, as_)
        await room.join_again()
        return room

    async def close(self) -> None:
        """Closes the connection for good."""
        self._closed_by_us = True
        await self._socket.close()
        if self._reader:
            await self._reader

    async def drop(self) -> None:
        """Drops the connection as a network failure would, to see it come back (tests)."""
        await self._socket.close(4000, "dropped by the client")

    async def send_move(self, frame: Frame) -> int:
        future = asyncio.get_running_loop().create_future()
        self._moves[frame["id"]] = (future, frame)
        await self.send(frame)
        return await future

    async def _authenticate(self) -> None:
        try:
            self._socket = await connect(self._url, max_size=2**22)
        except (OSError, InvalidStatus) as e:
            raise PlateauError(0, "closed", f"cannot connect: {e}") from e
        auth: Frame = {"type": "auth", "token": self._token}
        if self._legal:
            auth["legal"] = self._legal
        await self._socket.send(json.dumps(auth))
        try:
            welcome = json.loads(await self._socket.recv())
        except ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd else 1006
            raise PlateauError(0, "closed", f"the WebSocket closed with {code}", {"close_code": code}) from e
        self.player = welcome["player"]
        self.short_legal = welcome.get("short_legal", [])

    async def _read(self) -> None:
        while True:
            try:
                async for text in self._socket:
                    self._handle(json.loads(text))
            except ConnectionClosed:
                pass
            code = self._socket.close_code or 1006
            if self._closed_by_us or not self._reconnect or code in FINAL_CLOSE_CODES:
                return self._ended(code)
            if not await self._come_back():
                return self._ended(code)

    async def _come_back(self) -> bool:
        """After a drop: connect again until it works, then join every room again."""
        attempt = 0
        while not self._closed_by_us:
            await asyncio.sleep(rejoin_pause_s(attempt))
            attempt += 1
            try:
                await self._authenticate()
            except PlateauError as e:
                if e.detail.get("close_code") in FINAL_CLOSE_CODES:
                    return False
                continue
            for room in list(self.rooms.values()):
                await room._send_join()
            for _, frame in list(self._moves.values()):
                await self.send(frame)
            return True
        return False

    def _ended(self, code: int) -> None:
        error = PlateauError(0, "closed", f"the connection ended ({code})")
        for future, _ in self._moves.values():
            if not future.done():
                future.set_exception(error)
        self._moves.clear()
        for room in self.rooms.values():
            room._connection_ended(error)
        self.closed.set()

    def _handle(self, frame: Frame) -> None:
        kind = frame.get("type")
        if kind == "ack":
            future, _ = self._moves.pop(frame["id"], (None, None))
            if future and not future.done():
                future.set_result(frame["version"])
        elif kind == "error" and frame.get("id") in self._moves:
            self._move_refused(frame)
        elif kind == "room":
            room = self.rooms.get(frame["room"]["code"])
            if room:
                room._handle(frame)
        elif isinstance(frame.get("room"), str):
            room = self.rooms.get(frame["room"].upper())
            if room:
                room._handle(frame)
        for listener in list(self._listeners):
            listener(frame)

    def _move_refused(self, frame: Frame) -> None:
        future, move = self._moves[frame["id"]]
        room = self.rooms.get((frame.get("room") or "").upper())
        if frame["code"] in ("internal", "not_joined") and room:
            # The room is moving (or the database is away), or the connection came back and the
            # move overtook the join: join it again, then send the move again with its id.
            async def again() -> None:
                try:
                    await room.join_again()
                except PlateauError as e:
                    self._moves.pop(frame["id"], None)
                    if not future.done():
                        future.set_exception(e)
                    return
                await self.send(move)

            asyncio.ensure_future(again())
            return
        del self._moves[frame["id"]]
        if not future.done():
            future.set_exception(PlateauError(0, frame["code"], frame["message"], frame))


class Room:
    """One room joined on a connection: its info, the view held, the legal moves."""

    def __init__(self, connection: Connection, code: str, role: str):
        self._connection = connection
        self.code = code
        self.role = role
        self.info: Optional[dict] = None
        #: The view at ``version``, kept up to date by the patches; None before the match.
        self.view: Optional[View] = None
        #: The ``ended`` frame, once the match has ended.
        self.ended: Optional[Frame] = None
        self._syncing = False
        self._joining: list[asyncio.Future] = []
        self._rejoin_attempt = 0
        self._changed = asyncio.Condition()
        self._listeners: list[Callable[["Room", Frame], None]] = []

    @property
    def version(self) -> int:
        return self.view["version"] if self.view else 0

    @property
    def seat(self) -> Optional[int]:
        """The seat of the connection's player; None for a spectator or before the match."""
        you = self.view.get("you") if self.view else None
        return you["seat"] if you else None

    @property
    def legal(self) -> list[Move]:
        """Every move the player may send now (empty when it has nothing to do)."""
        you = self.view.get("you") if self.view else None
        return (you or {}).get("legal") or []

    def on_change(self, listener: Callable[["Room", Frame], None]) -> Callable[[], None]:
        """Told of every frame of this room, after the room has applied it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    async def wait_for(self, ready: Callable[["Room"], bool], timeout: float = 30) -> None:
        """Returns once ``ready(room)`` holds (checked now and at each frame of the room)."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: ready(self)), timeout)

    async def move(self, move: Move, version: Optional[int] = None) -> int:
        """Plays a move chosen on the view held; returns the version after it."""
        frame = {"type": "move", "room": self.code, "id": str(uuid.uuid4()),
                 "version": self.version if version is None else version, "move": move}
        return await self._connection.send_move(frame)

    async def start(self, bots: bool = False, bot_level: Optional[str] = None) -> None:
        frame: Frame = {"type": "start", "room": self.code, "bots": bots}
        if bot_level:
            frame["bot_level"] = bot_level
        await self._connection.send(frame)

    async def chat(self, text: str) -> None:
        await self._connection.send({"type": "chat", "room": self.code, "text": text})

    async def resign(self) -> None:
        await self._connection.send({"type": "resign", "room": self.code})

    async def draw(self, offer: bool) -> None:
        await self._connection.send({"type": "draw", "room": self.code, "offer": offer})

    async def claim(self, result: str) -> None:
        await self._connection.send({"type": "claim", "room": self.code, "result": result})

    async def rematch(self) -> None:
        await self._connection.send({"type": "rematch", "room": self.code})

    async def sync(self) -> None:
        """Asks the whole view again (a ``snapshot``)."""
        self._syncing = True
        await self._connection.send({"type": "sync", "room": self.code})

    async def leave(self) -> None:
        await self._connection.send({"type": "leave", "room": self.code})
        self._connection.rooms.pop(self.code, None)

    async def join_again(self) -> None:
        """Sends ``join``; returns at the ``room`` frame that answers it."""
        future = asyncio.get_running_loop().create_future()
        self._joining.append(future)
        if len(self._joining) == 1:
            self._send_join_soon(0)
        await future

    def _send_join_soon(self, delay: float) -> None:
        async def send() -> None:
            await asyncio.sleep(delay)
            await self._send_join()

        asyncio.ensure_future(send())

    async def _send_join(self) -> None:
        self._syncing = True  # the snapshot that follows a join replaces the view
        await self._connection.send({"type": "join", "room": self.code, "as": self.role})

    def _connection_ended(self, error: Exception) -> None:
        for future in self._joining:
            if not future.done():
                future.set_exception(error)
        self._joining.clear()
        asyncio.ensure_future(self._notify({"type": "closed"}))

    def _handle(self, frame: Frame) -> None:
        kind = frame["type"]
        if kind == "room":
            self.info = frame["room"]
            self._rejoin_attempt = 0
            if self.info["status"] == "waiting":
                self._syncing = False
            for future in self._joining:
                if not future.done():
                    future.set_result(None)
            self._joining.clear()
        elif kind == "snapshot":
            self.view = frame["view"]
            self._syncing = False
        elif kind == "patch" and not self._syncing:
            if self.view is not None and frame["from"] == self.view["version"]:
                self.view = jsonpatch.apply_patch(self.view, frame["ops"])
            else:
                asyncio.ensure_future(self.sync())  # a patch missed: the whole view again
                self._syncing = True
        elif kind == "ended":
            self.ended = frame
        elif kind == "error":
            self._refused(frame)
        asyncio.ensure_future(self._notify(frame))

    async def _notify(self, frame: Frame) -> None:
        for listener in list(self._listeners):
            listener(self, frame)
        async with self._changed:
            self._changed.notify_all()

    def _refused(self, frame: Frame) -> None:
        if not self._joining:
            return
        if frame["code"] == "internal" and not frame.get("id"):
            # "The room is moving to another server; try again in a few seconds."
            self._send_join_soon(rejoin_pause_s(self._rejoin_attempt))
            self._rejoin_attempt += 1
            return
        error = PlateauError(0, frame["code"], frame["message"], frame)
        for future in self._joining:
            if not future.done():
                future.set_exception(error)
        self._joining.clear()
