-- Google Business Profile: each workspace's connection state and last sync, the OAuth states in
-- flight (single use), and what a sync learns about each Google review. The refresh token itself
-- stays a sealed setting (gmb_refresh_token), as SPEC.md names it.
CREATE TABLE google_connections (
  workspace_id integer PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  broken_at timestamptz,
  broken_reason text,
  -- The title and Maps page of this location id (the admin may type other ids later).
  location_id text,
  location_title text,
  maps_uri text,
  last_sync_at timestamptz,
  last_sync_outcome text CHECK (last_sync_outcome IN ('success', 'failed')),
  last_sync_error text,
  last_sync_added integer NOT NULL DEFAULT 0,
  last_sync_updated integer NOT NULL DEFAULT 0,
  last_sync_removed integer NOT NULL DEFAULT 0
);

CREATE TABLE oauth_states (
  nonce text PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

-- seen_at: the start of the last complete sync that listed the review; removed_at: Google no longer
-- lists it (deleted by its author); same_as: a CRM delivery of a review the Google sync also brought.
ALTER TABLE reviews
  ADD COLUMN seen_at timestamptz,
  ADD COLUMN removed_at timestamptz,
  ADD COLUMN same_as integer REFERENCES reviews (id) ON DELETE SET NULL;
