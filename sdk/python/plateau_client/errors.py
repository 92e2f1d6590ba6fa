"""A refusal by the server, over REST or the WebSocket, with the contract's error code
(docs/protocol.md, "Errors"): programs branch on ``code``, people read ``message``."""

from __future__ import annotations

from typing import Any


class PlateauError(Exception):
    def __init__(self, status: int, code: str, message: str, detail: dict[str, Any] | None = None):
        super().__init__(f"{code}: {message}")
        #: The HTTP status; 0 for an ``error`` frame of the WebSocket.
        self.status = status
        self.code = code
        self.message = message
        #: The whole ``error`` object: ``limit`` and ``retry_after_s`` of a 429, ``scope``, ``until``...
        self.detail = detail or {}

    @classmethod
    def from_body(cls, status: int, body: Any) -> "PlateauError":
        error = body.get("error") if isinstance(body, dict) else None
        if isinstance(error, dict) and isinstance(error.get("code"), str):
            return cls(status, error["code"], str(error.get("message", "")), error)
        return cls(status, "internal" if status >= 500 else "unexpected", f"HTTP {status}")
