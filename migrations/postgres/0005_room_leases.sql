-- Several nodes: which node runs each live room, until when, and the fencing epoch that every commit
-- to the room checks in its own transaction (a node whose lease was taken over can commit no more).
CREATE TABLE room_leases (
    room_code  TEXT PRIMARY KEY REFERENCES rooms (code) ON DELETE CASCADE,
    owner      UUID NOT NULL,
    epoch      BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
-- Renewal (one statement per node) and the failover sweep (expired leases).
CREATE INDEX room_leases_owner ON room_leases (owner);
CREATE INDEX room_leases_expires_at ON room_leases (expires_at);
