-- A bot's description by its author (issue 47, point 9; docs/bots.md), shown on its profile:
-- `PUT /api/v1/bot/account` `{"description"}`. Null until set (and for every person). Twin of
-- migrations/postgres/0015_bot_description.sql.
ALTER TABLE players ADD COLUMN description TEXT;
