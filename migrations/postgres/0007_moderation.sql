-- Moderation (docs/protocol.md, "Moderation").

-- What a player may do beyond playing: `moderator` (moderation calls) or `admin` (those, and
-- granting the moderator role). The first admin is made from the command line (`plateau admin`).
ALTER TABLE players ADD COLUMN role TEXT NOT NULL DEFAULT 'player'
    CHECK (role IN ('player', 'moderator', 'admin'));

-- A ban: the player's tokens sign nobody in while it lasts. `banned_until` ends a ban for a time;
-- `banned_for_good` has no end. Neither: not banned (a ban in the past is over).
ALTER TABLE players ADD COLUMN banned_until TIMESTAMPTZ;
ALTER TABLE players ADD COLUMN banned_for_good BOOLEAN NOT NULL DEFAULT FALSE;
-- A mute: the player's chat lines are refused until then.
ALTER TABLE players ADD COLUMN muted_until TIMESTAMPTZ;

-- Every moderation action, who made it, on whom, when and why. Append-only: the server only ever
-- inserts and reads it, and the triggers below refuse any change or deletion.
CREATE TABLE audit_log (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at            TIMESTAMPTZ NOT NULL,
    moderator_id  UUID REFERENCES players (id),
    action        TEXT NOT NULL,
    target_player UUID REFERENCES players (id),
    target_room   TEXT,
    -- What the action set, as JSON text (a ban's end, a name before and after...).
    details       TEXT NOT NULL,
    reason        TEXT NOT NULL
);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

-- Players' reports of other players, for moderators to review. One open report per reporter and
-- reported player (the partial unique index); `context` is what the server held when it was made
-- (JSON text: a room's recent chat lines for a chat report).
CREATE TABLE reports (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reporter_id   UUID NOT NULL REFERENCES players (id),
    player_id     UUID NOT NULL REFERENCES players (id),
    reason        TEXT NOT NULL CHECK (reason IN ('chat', 'cheating', 'stalling', 'name', 'other')),
    room          TEXT,
    match_id      UUID,
    text          TEXT,
    context       TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
    resolved_by   UUID REFERENCES players (id),
    resolved_at   TIMESTAMPTZ,
    resolution    TEXT,
    action        TEXT
);
CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, player_id) WHERE status = 'open';
CREATE INDEX reports_by_status ON reports (status, id);
