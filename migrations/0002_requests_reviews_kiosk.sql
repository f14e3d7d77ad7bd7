-- Review requests and reviews (the smallest real versions the wallboard counts; later issues add to
-- them), and the kiosk share links that open a wallboard without a session.
CREATE TABLE review_requests (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  team_id integer REFERENCES teams (id) ON DELETE SET NULL,
  staff_first_name text NOT NULL,
  staff_email text NOT NULL,
  customer_first_name text NOT NULL,
  customer_last_name text NOT NULL,
  customer_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_requests_workspace ON review_requests (workspace_id, created_at);

CREATE TABLE reviews (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('google', 'action')),
  source text NOT NULL CHECK (source IN ('google', 'crm', 'test')),
  external_id text NOT NULL,
  reviewer_name text,
  reviewer_photo_url text,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text,
  create_time timestamptz NOT NULL,
  update_time timestamptz,
  owner_reply text,
  owner_reply_time timestamptz,
  review_url text,
  team_id integer REFERENCES teams (id) ON DELETE SET NULL,
  request_id integer REFERENCES review_requests (id) ON DELETE SET NULL,
  match_status text NOT NULL DEFAULT 'unmatched',
  match_confidence integer CHECK (match_confidence BETWEEN 0 AND 100),
  confirmed_at timestamptz,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, source, external_id)
);
CREATE INDEX reviews_workspace_time ON reviews (workspace_id, create_time);

CREATE TABLE kiosk_links (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  label text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX kiosk_links_workspace ON kiosk_links (workspace_id);
