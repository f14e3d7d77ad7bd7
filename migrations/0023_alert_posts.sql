-- Slack and Teams posts still to be made (issue 27, item 18). A post lived only as a job in the
-- queue, which a backup does not carry: after a restore its retries were never made. Each post is
-- now a row, written with its job in the alerts consumer's transaction and queued again at start
-- while it is unsent, as emails (email_outbox) and webhook deliveries (webhook_deliveries) are.
CREATE TABLE alert_posts (
  -- Derived from the event id and the channel; also the job id of the post.
  id uuid PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('slack', 'teams')),
  text text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'retrying', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_posts_unsent ON alert_posts (status) WHERE status IN ('pending', 'retrying');
CREATE INDEX alert_posts_workspace ON alert_posts (workspace_id, created_at);
