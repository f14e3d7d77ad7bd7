-- Domain events (issue 15, decision 042). A milestone (a weekly goal, the challenge target) is
-- announced once: the row is taken in the transaction that raises its event.
CREATE TABLE milestones_reached (
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  key text NOT NULL,
  reached_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, key)
);

-- Slack and Teams alerts: the incoming-webhook URLs sealed (src/platform/secret-box.ts), never sent back
-- to a browser; which events alert; the last failure of each, for the admin's card.
CREATE TABLE alert_settings (
  workspace_id integer PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  slack_url_sealed text,
  teams_url_sealed text,
  events text[] NOT NULL DEFAULT ARRAY['review.matched', 'goal.reached', 'target.reached'],
  slack_error text,
  teams_error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
