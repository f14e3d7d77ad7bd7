-- What the matcher found for a review (its signals and scores), each workspace's CRM webhook secret,
-- and the deliveries already received (a repeated delivery is a no-op).
ALTER TABLE reviews ADD COLUMN match_evidence jsonb;

CREATE TABLE crm_webhooks (
  workspace_id integer PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  token_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  delivery_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, delivery_id)
);
