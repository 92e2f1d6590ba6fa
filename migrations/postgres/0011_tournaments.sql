-- Tournaments (issue 33). Twin of migrations/sqlite/0010_tournaments.sql.

-- A tournament room's match starts by itself at this time with whoever has come (the seats of
-- those who have not forfeit, `no_show`); a room nobody came to is abandoned. Null: no deadline.
ALTER TABLE rooms ADD COLUMN start_by TIMESTAMPTZ;

-- A tournament's settings, where it stands, and which node directs it (its lease: the director's
-- writes check `director` and `director_epoch` in their own statement, so a node that lost the
-- lease pairs nobody).
CREATE TABLE tournaments (
    id             UUID PRIMARY KEY,
    name           TEXT NOT NULL,
    kind           TEXT NOT NULL,           -- arena | swiss | round_robin
    game           TEXT NOT NULL,
    match_size     INTEGER NOT NULL,        -- seats of each match
    options        JSONB NOT NULL,
    clock          JSONB NOT NULL,
    rated          BOOLEAN NOT NULL,
    visibility     TEXT NOT NULL,           -- public | private
    creator        UUID NOT NULL REFERENCES players (id),
    starts_at      TIMESTAMPTZ NOT NULL,
    rounds         INTEGER,                 -- Swiss: how many rounds
    minutes        INTEGER,                 -- arena: how long
    join_secs      INTEGER NOT NULL,        -- time to come to a match before forfeiting it
    status         TEXT NOT NULL,           -- upcoming | running | finished
    created_at     TIMESTAMPTZ NOT NULL,
    ended_at       TIMESTAMPTZ,
    director       UUID,
    director_epoch BIGINT NOT NULL DEFAULT 0,
    director_until TIMESTAMPTZ
);
CREATE INDEX tournaments_status ON tournaments (status, starts_at);

-- Who entered, in order of entry (an entrant's number is its index in the pairing rules).
CREATE TABLE tournament_entrants (
    tournament_id UUID NOT NULL REFERENCES tournaments (id),
    entrant       INTEGER NOT NULL,
    player_id     UUID NOT NULL REFERENCES players (id),
    joined_at     TIMESTAMPTZ NOT NULL,
    withdrawn     BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (tournament_id, entrant),
    UNIQUE (tournament_id, player_id)
);

-- Every pairing: the entrants seat by seat (null for a bot), its room (null for a bye or a match
-- forfeited without one), and once it is over each seat's points, doubled (2 a win, 1 a draw; for
-- 3 or 4 seats 2 x the place's points). Standings are computed from these rows alone.
CREATE TABLE tournament_pairings (
    tournament_id UUID NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    entrants      JSONB NOT NULL,
    room_code     TEXT REFERENCES rooms (code),
    points_x2     JSONB,
    created_at    TIMESTAMPTZ NOT NULL,
    finished_at   TIMESTAMPTZ,
    PRIMARY KEY (tournament_id, round, board)
);
