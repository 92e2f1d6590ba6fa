-- The language a player chose for the client. Twin of migrations/postgres/0010_language.sql.
ALTER TABLE players ADD COLUMN language TEXT;
