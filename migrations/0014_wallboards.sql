-- Wallboards as things (issue 12, Agency): besides the workspace's own wallboard (its teams have no
-- wallboard), named wallboards each with their own teams, target, weekly goal and kiosk links.
CREATE TABLE wallboards (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  target_reviews integer,
  weekly_goal integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallboards_workspace ON wallboards (workspace_id);

-- Deleting a wallboard hands its teams back to the workspace's own wallboard: nothing is lost.
ALTER TABLE teams ADD COLUMN wallboard_id integer REFERENCES wallboards(id) ON DELETE SET NULL;
-- A share link opens one wallboard; it ends with it.
ALTER TABLE kiosk_links ADD COLUMN wallboard_id integer REFERENCES wallboards(id) ON DELETE CASCADE;

-- Branding per wallboard: a named wallboard may have its own logo beside the workspace's.
ALTER TABLE logos DROP CONSTRAINT logos_pkey;
ALTER TABLE logos ADD COLUMN wallboard_id integer REFERENCES wallboards(id) ON DELETE CASCADE;
CREATE UNIQUE INDEX logos_one_per_workspace ON logos (workspace_id) WHERE wallboard_id IS NULL;
CREATE UNIQUE INDEX logos_one_per_wallboard ON logos (wallboard_id) WHERE wallboard_id IS NOT NULL;
