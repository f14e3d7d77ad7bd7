-- One company logo per workspace, kept in the database so every instance serves the same bytes.
CREATE TABLE logos (
  workspace_id integer PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/svg+xml')),
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
