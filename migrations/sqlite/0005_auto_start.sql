-- Whether a room's match starts by itself once every seat is taken by a person (rooms of Play now
-- and rematch rooms; offered at creation). Rooms from before wait for their host's `start`.
ALTER TABLE rooms ADD COLUMN auto_start BOOLEAN NOT NULL DEFAULT FALSE;
