-- Reviews pushed by Google through Cloud Pub/Sub (issue 30). Pub/Sub delivers at least once: each
-- message is kept once its look is queued, so a redelivery does nothing. When a workspace last heard
-- from Google is kept on its connection (push health, shown on the Google card).
CREATE TABLE google_push_messages (
  message_id text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  -- The workspaces the notification named (none: a location no workspace is connected to).
  workspace_ids integer[] NOT NULL DEFAULT '{}'
);
CREATE INDEX google_push_messages_received_at ON google_push_messages (received_at);
ALTER TABLE google_connections ADD COLUMN last_push_at timestamptz;
