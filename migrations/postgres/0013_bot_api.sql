-- The bot API (issue 47, docs/bots.md). Twin of migrations/sqlite/0011_bot_api.sql.

-- A token a program signs in with: kept only as its SHA-256 hash, as session tokens are, with the
-- scopes it was made with (space-separated: `read`, `board:play`, `bot:play`). Apart from the
-- sessions' `tokens`: a sign-in beyond the sessions' cap must not revoke a bot's token, and a
-- personal token signs in only where a route names the scope it needs.
CREATE TABLE access_tokens (
    id          UUID PRIMARY KEY,
    player_id   UUID NOT NULL REFERENCES players (id),
    token_hash  TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    scopes      TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX access_tokens_player ON access_tokens (player_id, created_at);

-- A bot account (`POST /api/v1/bot/account/upgrade`), for good: it plays only through the bot API,
-- never in quick pairing, and its ratings make a leaderboard of their own.
ALTER TABLE players ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;

-- Challenges (POST /api/v1/challenges): a private room seating the challenger, and the players
-- challenged, each seated when it accepts. Open until every one accepts (then the room starts),
-- one declines, or it expires (--challenge-ttl-secs).
CREATE TABLE challenges (
    id             UUID PRIMARY KEY,
    room_code      TEXT NOT NULL,
    challenger_id  UUID NOT NULL REFERENCES players (id),
    game           TEXT NOT NULL,
    status         TEXT NOT NULL,           -- open | accepted | declined | canceled
    reason         TEXT,
    created_at     TIMESTAMPTZ NOT NULL,
    expires_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX challenges_challenger ON challenges (challenger_id, status);

CREATE TABLE challenge_targets (
    challenge_id  UUID NOT NULL REFERENCES challenges (id),
    player_id     UUID NOT NULL REFERENCES players (id),
    accepted      BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (challenge_id, player_id)
);
CREATE INDEX challenge_targets_player ON challenge_targets (player_id);
