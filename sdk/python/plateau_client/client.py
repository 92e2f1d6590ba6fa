"""One client of a Plateau server as one player: the REST API (``request`` reaches every route),
the bot API's actions and NDJSON streams, and ``connect()`` for the WebSocket. Every refusal raises
a PlateauError carrying the contract's code."""

from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator, Iterable, Optional

import httpx

from .errors import PlateauError
from .frames import BotEvent, MatchLine, Move
from .socket import Connection


#: How many times a request refused ``429`` is sent again, after the pause the server asks.
RATE_LIMIT_RETRIES = 3


def _retry_after_s(answer: httpx.Response) -> float:
    try:
        return min(max(float(answer.headers.get("retry-after", "1")), 0.05), 60.0)
    except ValueError:
        return 1.0


class PlateauClient:
    def __init__(self, url: str, token: Optional[str] = None, *, http: Optional[httpx.AsyncClient] = None):
        self.url = url.rstrip("/")
        self.token = token
        headers = {"authorization": f"Bearer {token}"} if token else {}
        self._http = http or httpx.AsyncClient(base_url=self.url, headers=headers, timeout=30)

    def with_token(self, token: str) -> "PlateauClient":
        """The same server, as the player of another token."""
        return PlateauClient(self.url, token)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> "PlateauClient":
        return self

    async def __aexit__(self, *_: Any) -> None:
        await self.aclose()

    async def request(self, method: str, path: str, *, json: Any = None, params: Any = None) -> Any:
        """Any route of docs/protocol.md: the answer's JSON (None for a 204), or a PlateauError."""
        for attempt in range(RATE_LIMIT_RETRIES + 1):
            answer = await self._http.request(method, path, json=json, params=params)
            if answer.status_code != 429 or attempt == RATE_LIMIT_RETRIES:
                break
            # A bot's actions spend the player's frame budget (`frames_per_player`): wait as asked.
            await asyncio.sleep(_retry_after_s(answer))
        if answer.is_error:
            try:
                body = answer.json()
            except ValueError:
                body = None
            raise PlateauError.from_body(answer.status_code, body)
        return answer.json() if answer.content else None

    # --- Players and tokens -----------------------------------------------------------------

    async def create_player(self, name: str) -> dict:
        """A new player (a guest until it sets a password); its token is shown this once."""
        return await self.request("POST", "/api/v1/players", json={"name": name})

    async def sign_in(self, name: str, password: str) -> dict:
        return await self.request("POST", "/api/v1/sessions", json={"name": name, "password": password})

    async def me(self) -> dict:
        return await self.request("GET", "/api/v1/players/me")

    async def set_password(self, password: str, current: Optional[str] = None) -> None:
        body = {"password": password} if current is None else {"password": password, "current": current}
        await self.request("PUT", "/api/v1/players/me/password", json=body)

    async def create_token(self, name: str, scopes: Iterable[str]) -> dict:
        """A personal access token for a program (only a session token may make one)."""
        return await self.request("POST", "/api/v1/players/me/tokens", json={"name": name, "scopes": list(scopes)})

    async def upgrade_to_bot(self) -> None:
        """Makes this account a bot account, for good (a token with ``bot:play``)."""
        await self.request("POST", "/api/v1/bot/account/upgrade")

    async def games(self) -> list[dict]:
        return await self.request("GET", "/api/v1/games")

    # --- Challenges -------------------------------------------------------------------------

    async def challenge(self, to: list[str], game: str, players: Optional[int] = None, **settings: Any) -> dict:
        """Challenges 1 to 3 players to a private room seating the caller: ``{"id", "room"}``.
        ``settings``: ``options``, ``clock``, ``rated``."""
        body = {"to": to, "game": game, "players": players or len(to) + 1, **settings}
        return await self.request("POST", "/api/v1/challenges", json=body)

    async def accept_challenge(self, id: str) -> dict:
        return await self.request("POST", f"/api/v1/challenges/{id}/accept")

    async def decline_challenge(self, id: str, reason: Optional[str] = None) -> None:
        body = {} if reason is None else {"reason": reason}
        await self.request("POST", f"/api/v1/challenges/{id}/decline", json=body)

    # --- The bot API's streams --------------------------------------------------------------

    async def _lines(self, path: str) -> AsyncIterator[Any]:
        # No read timeout: the server keeps the stream open with an empty line every 6 s.
        timeout = httpx.Timeout(30, read=None)
        async with self._http.stream("GET", path, timeout=timeout) as answer:
            if answer.is_error:
                await answer.aread()
                raise PlateauError.from_body(answer.status_code, _json_or_none(answer))
            async for line in answer.aiter_lines():
                if line.strip():
                    yield json.loads(line)

    def events(self) -> AsyncIterator[BotEvent]:
        """``GET /api/v1/stream/event``: what is under way, then what happens."""
        return self._lines("/api/v1/stream/event")

    def match_stream(self, room: str) -> AsyncIterator[MatchLine]:
        """``GET /api/v1/bot/match/{room}/stream``: ``full``, a ``state`` per version, ..., ``ended``."""
        return self._lines(f"/api/v1/bot/match/{room}/stream")

    # --- The bot API's actions: each answers the room's version after it --------------------

    async def move(self, room: str, move: Move, version: int, id: Optional[str] = None) -> int:
        """Plays ``move`` (chosen on the view at ``version``); returns once it is stored."""
        body = {"move": move, "version": version}
        if id is not None:
            body["id"] = id
        return (await self.request("POST", f"/api/v1/bot/match/{room}/move", json=body))["version"]

    async def resign(self, room: str) -> int:
        return (await self.request("POST", f"/api/v1/bot/match/{room}/resign"))["version"]

    async def draw(self, room: str, offer: bool) -> int:
        """Offers a draw (or accepts the offers standing); ``False`` takes one's offer back."""
        return (await self.request("POST", f"/api/v1/bot/match/{room}/draw", json={"offer": offer}))["version"]

    async def claim(self, room: str, result: str) -> int:
        return (await self.request("POST", f"/api/v1/bot/match/{room}/claim", json={"result": result}))["version"]

    async def chat(self, room: str, text: str) -> int:
        return (await self.request("POST", f"/api/v1/bot/match/{room}/chat", json={"text": text}))["version"]

    # --- The WebSocket ----------------------------------------------------------------------

    async def connect(self, *, legal: Optional[str] = None, reconnect: bool = True) -> Connection:
        """Opens the WebSocket and authenticates with this client's token."""
        if not self.token:
            raise ValueError("connect() needs a token")
        return await Connection.open(self.url, self.token, legal=legal, reconnect=reconnect)


def _json_or_none(answer: httpx.Response) -> Any:
    try:
        return answer.json()
    except ValueError:
        return None
