-- What the wallboard counts of a workspace's requests (by team, person and week) changes only when a
-- request is written, not when a review arrives: the database moves requests_version on every write
-- to review_requests, so a count read once is used again until it moves
-- (src/domain/reviews/requests-version.ts). One statement of each kind moves each workspace it
-- touched once, however many rows it wrote (an import of a thousand requests: one move).
ALTER TABLE workspaces ADD COLUMN requests_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION move_requests_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE workspaces SET requests_version = requests_version + 1 WHERE id IN (SELECT DISTINCT workspace_id FROM old_rows);
  ELSE
    UPDATE workspaces SET requests_version = requests_version + 1 WHERE id IN (SELECT DISTINCT workspace_id FROM new_rows);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER review_requests_inserted AFTER INSERT ON review_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_requests_version();
CREATE TRIGGER review_requests_updated AFTER UPDATE ON review_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_requests_version();
CREATE TRIGGER review_requests_deleted AFTER DELETE ON review_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION move_requests_version();
