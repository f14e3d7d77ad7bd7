-- HighLevel request intake (decision 041): a workflow webhook that logs a review request from a
-- HighLevel contact. Its deliveries share the CRM delivery log with the review webhook's; each says
-- which webhook it reached and, when stored, which request it made.
ALTER TABLE crm_deliveries ADD COLUMN kind text NOT NULL DEFAULT 'review' CHECK (kind IN ('review', 'request'));
ALTER TABLE crm_deliveries ADD COLUMN request_id integer REFERENCES review_requests (id) ON DELETE SET NULL;

-- Where requests from HighLevel go: the admin's mapping. One row per workspace.
CREATE TABLE crm_request_settings (
  workspace_id integer PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  default_team_id integer REFERENCES teams (id) ON DELETE SET NULL,
  -- Needed only when several templates are active.
  template_id integer REFERENCES email_templates (id) ON DELETE SET NULL,
  -- Who the request is from when HighLevel names no assigned user; both empty: such a delivery is refused.
  default_staff_first_name text NOT NULL DEFAULT '',
  default_staff_email text NOT NULL DEFAULT '',
  -- [{"email": "...", "teamId": 1}]: a HighLevel user's requests go to their own team.
  user_teams jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per distinct delivery (HighLevel's webhookId, else contact + workflow, else the body's
-- hash). The unique key is what makes two identical deliveries at once log one request: the first
-- claims it ('pending'), logs the request, and marks it 'done'; a refusal removes the claim.
CREATE TABLE crm_request_intake (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  dedupe_key text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'done')),
  request_id integer REFERENCES review_requests (id) ON DELETE SET NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, dedupe_key)
);
