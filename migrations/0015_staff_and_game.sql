-- Making it a game (issue 13). Staff become people of the workspace: one row per staff email, shown
-- by first name, renamed, merged (the merged entry points at the person it became) or deactivated by
-- the admin, never deleted, so every request keeps its person.
CREATE TABLE staff (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- Lower-cased and trimmed: the key the log form's staff email is matched on.
  email text NOT NULL,
  first_name text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  merged_into_id integer REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, email)
);

-- Every existing request gets its person: one per workspace and staff email, named by the first name
-- of that email's latest request.
INSERT INTO staff (workspace_id, email, first_name, created_at)
SELECT DISTINCT ON (workspace_id, lower(btrim(staff_email)))
  workspace_id, lower(btrim(staff_email)), staff_first_name,
  min(created_at) OVER (PARTITION BY workspace_id, lower(btrim(staff_email)))
FROM review_requests
ORDER BY workspace_id, lower(btrim(staff_email)), created_at DESC, id DESC;

ALTER TABLE review_requests ADD COLUMN staff_id integer REFERENCES staff (id);
UPDATE review_requests r SET staff_id = s.id
FROM staff s
WHERE s.workspace_id = r.workspace_id AND s.email = lower(btrim(r.staff_email));
ALTER TABLE review_requests ALTER COLUMN staff_id SET NOT NULL;
CREATE INDEX review_requests_staff ON review_requests (staff_id, created_at);

-- "Saw the customer on": the day of the customer interaction, in the workspace's time zone. A request
-- logged long after it does not score (docs/decisions/031). Older requests: the day they were logged.
ALTER TABLE review_requests ADD COLUMN interaction_date date;
-- The one reminder email a request may get, sent when its person asks from the "Follow up" list.
ALTER TABLE review_requests ADD COLUMN reminder_sent_at timestamptz;

-- Weekly goals: per team (optional; the workspace's is the `weekly_goal` setting).
ALTER TABLE teams ADD COLUMN weekly_goal integer;

-- When asking works best, per template (the workspace's default is `request_timing_tip`).
ALTER TABLE email_templates ADD COLUMN timing_tip text;

-- Reviews by their request: the people funnel's "reviewed", and deleting a request (ON DELETE SET NULL).
CREATE INDEX reviews_request ON reviews (request_id) WHERE request_id IS NOT NULL;
