-- Plateau's schema for PostgreSQL. Twin of migrations/sqlite/0001_initial.sql: same tables, columns
-- and meaning; only the column types differ.

-- Guest players. Only a hash of the bearer token is kept.
CREATE TABLE players (
    id          UUID PRIMARY KEY,
    name        TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  TIMESTAMPTZ NOT NULL
);

-- Rooms gather players before and during a match. The code is the room's secret and its key.
CREATE TABLE rooms (
    code        TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    players     INTEGER NOT NULL,
    visibility  TEXT NOT NULL,
    options     JSONB NOT NULL,
    host        UUID NOT NULL REFERENCES players (id),
    status      TEXT NOT NULL,
    match_id    UUID,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX rooms_live ON rooms (status);

-- Who sits where. A seat with neither player nor bot is free.
CREATE TABLE room_seats (
    room_code   TEXT NOT NULL REFERENCES rooms (code),
    seat        INTEGER NOT NULL,
    player_id   UUID REFERENCES players (id),
    bot         BOOLEAN NOT NULL,
    PRIMARY KEY (room_code, seat)
);

-- A match: what is needed to replay it (game, options, seed) and how it ended.
-- Ids are UUID v7, so ordering by id is ordering by start time (the history's cursor).
CREATE TABLE matches (
    id          UUID PRIMARY KEY,
    room_code   TEXT NOT NULL REFERENCES rooms (code),
    game        TEXT NOT NULL,
    options     JSONB NOT NULL,
    players     JSONB NOT NULL,          -- [{"seat", "id", "name", "bot"}] as they were at the start
    seed        BYTEA NOT NULL,          -- secret until the match ends
    commitment  TEXT NOT NULL,           -- hex SHA-256 of the seed, public from the start
    status      TEXT NOT NULL,
    result      JSONB,
    started_at  TIMESTAMPTZ NOT NULL,
    ended_at    TIMESTAMPTZ,
    plies       BIGINT NOT NULL
);
CREATE INDEX matches_game ON matches (game, id);

-- Seats of a match, for "matches of a player" and player stats.
CREATE TABLE match_players (
    match_id    UUID NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    player_id   UUID REFERENCES players (id),
    won         BOOLEAN NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_player ON match_players (player_id, match_id);

-- Every accepted move, in order. client_id lets a resent move be answered with its first ack.
CREATE TABLE moves (
    match_id    UUID NOT NULL REFERENCES matches (id),
    ply         BIGINT NOT NULL,
    seat        INTEGER NOT NULL,
    player_id   UUID,
    client_id   TEXT,
    body        JSONB NOT NULL,
    at          TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (match_id, ply)
);
CREATE UNIQUE INDEX moves_client_id ON moves (match_id, player_id, client_id);
