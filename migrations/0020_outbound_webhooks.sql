-- Outbound webhooks (issue 15 point 5, decision 043): the admin's endpoints, with their signing
-- secret sealed (src/platform/secret-box.ts); one delivery per event and endpoint, with the body sent on
-- every attempt and resend; one row per attempt.
CREATE TABLE webhook_endpoints (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz
);
CREATE INDEX webhook_endpoints_workspace ON webhook_endpoints (workspace_id);

CREATE TABLE webhook_deliveries (
  -- Derived from the event id and the endpoint; also the webhook-id header of every attempt.
  id uuid PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id uuid,
  event_type text NOT NULL,
  payload text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'retrying', 'failed')),
  resends integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);

CREATE TABLE webhook_attempts (
  id serial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  job_id text,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  http_status integer,
  error text,
  duration_ms integer NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempted_at);
