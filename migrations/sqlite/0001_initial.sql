-- Plateau's schema for SQLite. Twin of migrations/postgres/0001_initial.sql: same tables, columns
-- and meaning; only the column types differ.

-- Guest players. Only a hash of the bearer token is kept.
CREATE TABLE players (
    id          BLOB PRIMARY KEY,
    name        TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL
);

-- Rooms gather players before and during a match. The code is the room's secret and its key.
CREATE TABLE rooms (
    code        TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    players     INTEGER NOT NULL,
    visibility  TEXT NOT NULL,
    options     TEXT NOT NULL,
    host        BLOB NOT NULL REFERENCES players (id),
    status      TEXT NOT NULL,
    match_id    BLOB,
    created_at  TEXT NOT NULL
);
CREATE INDEX rooms_live ON rooms (status);

-- Who sits where. A seat with neither player nor bot is free.
CREATE TABLE room_seats (
    room_code   TEXT NOT NULL REFERENCES rooms (code),
    seat        INTEGER NOT NULL,
    player_id   BLOB REFERENCES players (id),
    bot         BOOLEAN NOT NULL,
    PRIMARY KEY (room_code, seat)
);

-- A match: what is needed to replay it (game, options, seed) and how it ended.
-- Ids are UUID v7 (16-byte BLOBs here), so ordering by id is ordering by start time (the history's cursor).
CREATE TABLE matches (
    id          BLOB PRIMARY KEY,
    room_code   TEXT NOT NULL REFERENCES rooms (code),
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,
    players     TEXT NOT NULL,          -- [{"seat", "id", "name", "bot"}] as they were at the start
    seed        BLOB NOT NULL,          -- secret until the match ends
    commitment  TEXT NOT NULL,           -- hex SHA-256 of the seed, public from the start
    status      TEXT NOT NULL,
    result      TEXT,
    started_at  TEXT NOT NULL,
    ended_at    TEXT,
    plies       INTEGER NOT NULL
);
CREATE INDEX matches_game ON matches (game, id);

-- Seats of a match, for "matches of a player" and player stats.
CREATE TABLE match_players (
    match_id    BLOB NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    player_id   BLOB REFERENCES players (id),
    won         BOOLEAN NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_player ON match_players (player_id, match_id);

-- Every accepted move, in order. client_id lets a resent move be answered with its first ack.
CREATE TABLE moves (
    match_id    BLOB NOT NULL REFERENCES matches (id),
    ply         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    player_id   BLOB,
    client_id   TEXT,
    body        TEXT NOT NULL,
    at          TEXT NOT NULL,
    PRIMARY KEY (match_id, ply)
);
CREATE UNIQUE INDEX moves_client_id ON moves (match_id, player_id, client_id);
