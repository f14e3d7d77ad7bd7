-- Answering Google reviews from the product (issue 30): a workspace's reply templates, at most five
-- (the domain counts them under a lock on the workspace's row).
CREATE TABLE reply_templates (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reply_templates_workspace ON reply_templates (workspace_id, id);

-- An alert for a Google review of three stars or fewer links straight to its reply box.
ALTER TABLE alert_posts ADD COLUMN link text;
