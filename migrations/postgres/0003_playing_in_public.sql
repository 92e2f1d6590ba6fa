-- Playing in public (docs/protocol.md): clocks, forfeits, agreed draws and rematches.

-- The room's clock as the contract writes it (`{"kind": "fischer", ...}`); NULL: no clock.
ALTER TABLE rooms ADD COLUMN clock JSONB;

-- The code of the rematch room created after this room's match (NULL: none yet), so that every
-- player of the old match is sent to the same new room, also after a restart.
ALTER TABLE rooms ADD COLUMN rematch TEXT;

-- The match's clock, copied from its room at the start: with the moves' times it is all that is
-- needed to know every seat's remaining time, so clocks survive a restart.
ALTER TABLE matches ADD COLUMN clock JSONB;

-- What the server decided that is not a move, in order: forfeits (`{"after_ply", "seat", "reason":
-- "resigned" | "timeout" | "abandoned", "at"}`) and an agreed draw (`"seat": null, "reason":
-- "agreed_draw"`). Each is a version of the match: its version is 1 + plies + rulings so far.
ALTER TABLE matches ADD COLUMN rulings JSONB NOT NULL DEFAULT '[]';

-- Who sits where at the start (`host_first` or `random`: drawn with the match's seed).
ALTER TABLE rooms ADD COLUMN seating TEXT NOT NULL DEFAULT 'host_first';
