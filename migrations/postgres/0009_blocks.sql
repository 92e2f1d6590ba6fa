-- Players blocking players (docs/protocol.md, "Blocks"): the blocker gets none of the blocked
-- player's chat, quick pairing never puts them together, and the blocked player cannot take a seat
-- in a waiting room the blocker hosts.
CREATE TABLE blocks (
    blocker_id  UUID NOT NULL REFERENCES players (id),
    blocked_id  UUID NOT NULL REFERENCES players (id),
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
-- Who blocks a player (quick pairing avoids both directions).
CREATE INDEX blocks_blocked ON blocks (blocked_id);
