-- Web push (issue 48). Twin of migrations/sqlite/0013_push.sql.

-- The server's VAPID key pair (RFC 8292), made by the first node to start and shared by all: one
-- row. `private_key` is the P-256 scalar, base64url; the public key is derived from it.
CREATE TABLE push_vapid (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    private_key TEXT NOT NULL
);

-- A browser's push subscription (RFC 8030): where to post, and the keys its payloads are
-- encrypted for (RFC 8291). One endpoint belongs to one player; subscribing it again moves it.
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    player_id UUID NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player_id);
