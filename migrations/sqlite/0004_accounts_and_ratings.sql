-- Accounts and ratings (docs/protocol.md, "Accounts and ratings").

-- A player who set a password: its Argon2id hash (a PHC string, salt and parameters inside), and its
-- name as reserved (NFC, trimmed, lower case): unique, so no two accounts share a name in any case.
-- NULL for both: a guest.
ALTER TABLE players ADD COLUMN password_hash TEXT;
ALTER TABLE players ADD COLUMN reserved_name TEXT;
CREATE UNIQUE INDEX players_reserved_name ON players (reserved_name);

-- Tokens, several per player now (one per sign-in), each kept only as its SHA-256 hash. The first
-- token of every existing player comes along; `players.token_hash` is kept for history only (the
-- hash of the token the player was created with) and no longer signs anyone in.
CREATE TABLE tokens (
    token_hash  TEXT PRIMARY KEY,
    player_id   BLOB NOT NULL REFERENCES players (id),
    created_at  TEXT NOT NULL
);
CREATE INDEX tokens_player ON tokens (player_id);
INSERT INTO tokens (token_hash, player_id, created_at) SELECT token_hash, id, created_at FROM players;

-- Whether the room's matches are rated (every seat a person).
ALTER TABLE rooms ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;

-- Each player's current rating per game, on the Glicko scale (1500, deviation 350 at the start;
-- volatility is Glicko-2's), and the rated matches it counts.
CREATE TABLE ratings (
    player_id   BLOB NOT NULL REFERENCES players (id),
    game        TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (player_id, game)
);
-- The leaderboard: a game's settled ratings, best first.
CREATE INDEX ratings_leaderboard ON ratings (game, rating);

-- Every change of a rating: which match, before and after, when. Written with the match's end.
CREATE TABLE rating_changes (
    match_id          BLOB NOT NULL REFERENCES matches (id),
    player_id         BLOB NOT NULL REFERENCES players (id),
    game              TEXT NOT NULL,
    seat              INTEGER NOT NULL,
    rating_before     REAL NOT NULL,
    deviation_before  REAL NOT NULL,
    rating            REAL NOT NULL,
    deviation         REAL NOT NULL,
    at                TEXT NOT NULL,
    PRIMARY KEY (match_id, player_id)
);
CREATE INDEX rating_changes_history ON rating_changes (player_id, game, at);
