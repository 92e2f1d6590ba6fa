-- An idle tournament costs nothing (issue 45): the director looks only at the tournaments that are
-- due, not at every open one every half second. Twin of migrations/sqlite/0011_tournament_wake.sql.

-- When the director must look at the tournament next (its start, an arena's end, a round's
-- deadline); set to now by anything that changes it from outside (an entrant joining or
-- withdrawing, a match of its ending). Null: never again (finished).
ALTER TABLE tournaments ADD COLUMN wake_at TIMESTAMPTZ;
-- Counts the changes from outside: a director going back to sleep sets its next wake only if
-- nothing stirred the tournament since it read it.
ALTER TABLE tournaments ADD COLUMN stirred BIGINT NOT NULL DEFAULT 0;
-- Counts every change a follower sees (the above and the director's writes): the live frames read
-- a tournament again only when it moved.
ALTER TABLE tournaments ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
UPDATE tournaments SET wake_at = starts_at WHERE status IN ('upcoming', 'running');
CREATE INDEX tournaments_wake_at ON tournaments (wake_at);
-- The creation budget counts a creator's tournaments.
CREATE INDEX tournaments_creator ON tournaments (creator, created_at);
-- A match ending finds its tournament by its room.
CREATE INDEX tournament_pairings_room ON tournament_pairings (room_code);
