-- Accounts closed by their players (docs/protocol.md, "Closing an account"). Twin of
-- migrations/postgres/0008_closed_accounts.sql. The row stays, so that the matches the player
-- played stay whole for their opponents; its name is "deleted player", its password, reserved
-- name, tokens and ratings are gone.
ALTER TABLE players ADD COLUMN closed_at TEXT;
