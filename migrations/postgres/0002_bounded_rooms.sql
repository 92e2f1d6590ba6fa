-- Bounds on rooms (see docs/protocol.md, "Limits"). Twin of migrations/sqlite/0002_bounded_rooms.sql.

-- The waiting rooms a player hosts, counted at each `POST /api/v1/rooms` (`--open-rooms-per-player`).
CREATE INDEX rooms_waiting_host ON rooms (host) WHERE status = 'waiting';

-- Since when a waiting room has had nobody connected to it (NULL: someone is, or was at the last
-- stop); with `--waiting-room-ttl-secs` it tells when the room is abandoned, also across restarts.
ALTER TABLE rooms ADD COLUMN vacant_since TIMESTAMPTZ;
