-- Ingestion that scales with one review (issue 16 point 2): each request keeps the keys the matcher
-- files it under (src/domain/reviews/matching/matcher.ts requestMatchKeys), so a new review selects its few
-- candidate requests in SQL instead of loading every open request. Rows of an older key version
-- (0: written before this migration, or by a path that does not work them out) are brought up to
-- date before a review of their workspace is matched (src/domain/reviews/match-keys.ts).
ALTER TABLE review_requests
  ADD COLUMN match_keys text[] NOT NULL DEFAULT '{}',
  ADD COLUMN match_keys_version smallint NOT NULL DEFAULT 0;
CREATE INDEX review_requests_match_keys ON review_requests USING gin (match_keys);
CREATE INDEX review_requests_match_keys_version ON review_requests (workspace_id, match_keys_version);
CREATE INDEX review_requests_clicked ON review_requests (workspace_id, clicked_at) WHERE clicked_at IS NOT NULL;
