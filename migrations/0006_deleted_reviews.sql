-- Reviews an admin deleted: a later delivery or sync of the same review does not bring it back.
CREATE TABLE deleted_reviews (
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  source text NOT NULL,
  external_id text NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, source, external_id)
);
