-- Bounds on rooms (see docs/protocol.md, "Limits"). Twin of migrations/postgres/0002_bounded_rooms.sql.

-- The waiting rooms a player hosts, counted at each `POST /api/v1/rooms` (`--open-rooms-per-player`).
CREATE INDEX rooms_waiting_host ON rooms (host) WHERE status = 'waiting';
