-- Players blocking players (docs/protocol.md, "Blocks"). Twin of migrations/postgres/0009_blocks.sql.
CREATE TABLE blocks (
    blocker_id  BLOB NOT NULL REFERENCES players (id),
    blocked_id  BLOB NOT NULL REFERENCES players (id),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);
