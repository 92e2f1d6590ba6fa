"""plateau-client: a client of Plateau, the board-game server (docs/protocol.md, docs/bots.md)."""

from .backoff import rejoin_pause_s
from .client import PlateauClient
from .errors import PlateauError
from .socket import Connection, Room

__all__ = ["PlateauClient", "PlateauError", "Connection", "Room", "rejoin_pause_s"]
