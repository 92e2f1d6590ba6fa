-- Bounds on rooms and matches (docs/protocol.md, "Limits"), and the indexes the history needs.

-- The waiting rooms a player hosts, counted at each `POST /api/v1/rooms` (`--open-rooms-per-player`).
CREATE INDEX rooms_waiting_host ON rooms (host) WHERE status = 'waiting';

-- Since when a waiting room has had nobody connected to it (NULL: someone is, or was at the last
-- stop); with `--waiting-room-ttl-secs` it tells when the room is abandoned, also across restarts.
ALTER TABLE rooms ADD COLUMN vacant_since TIMESTAMPTZ;

-- The history's listing by status (`GET /api/v1/matches?status=playing`), newest first.
CREATE INDEX matches_status ON matches (status, id);

-- The ply cap the match is played under (`--max-plies` at its start), so that it replays the same
-- after the operator changes the flag. NULL: a match from before the cap, uncapped.
ALTER TABLE matches ADD COLUMN max_plies BIGINT;
