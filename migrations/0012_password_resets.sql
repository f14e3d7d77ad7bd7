-- Password reset links (issue 12, account basics). The link carries a random token; only its SHA-256
-- is kept here, so a database leak opens nothing. A link works once (used_at), for one hour
-- (expires_at); using one, or changing the admin email, ends every other link of the workspace.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_workspace ON password_resets (workspace_id);
