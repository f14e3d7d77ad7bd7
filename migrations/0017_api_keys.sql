-- The public REST API (issue 15, docs/decisions/039). Keys belong to a workspace, are created by its
-- admin and shown once: only the SHA-256 of a key is kept, with a short prefix to recognise it by.
CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('read', 'write')),
  -- The first characters of the key ("rc_live_AbCd"), shown in the admin list.
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Written at most once a minute.
  last_used_at timestamptz,
  revoked_at timestamptz,
  -- The rate limit's fixed window (its start) and the requests counted in it: one row per key, so
  -- every instance counts against the same limit.
  rate_window_start timestamptz,
  rate_count integer NOT NULL DEFAULT 0
);
CREATE INDEX api_keys_workspace ON api_keys (workspace_id, created_at);

-- Idempotency-Key on creates: the first request with a key claims it (the primary key stops a
-- concurrent duplicate), then stores its answer, which a retry with the same body gets back.
CREATE TABLE api_idempotency (
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  -- SHA-256 of the method, the path and the body.
  request_hash text NOT NULL,
  -- Null while the first request is still being answered.
  status integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, idempotency_key)
);
CREATE INDEX api_idempotency_created ON api_idempotency (created_at);
