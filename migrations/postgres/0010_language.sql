-- The language a player chose for the client (docs/protocol.md, `PUT /api/v1/players/me/language`):
-- an account carries it to every device it signs in on. NULL: none chosen.
ALTER TABLE players ADD COLUMN language TEXT;
