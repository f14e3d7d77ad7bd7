-- Every new review searches this index, while requests are added to it one at a time. With GIN's
-- fast update (the default) each new entry waits in a pending list that every search reads through
-- until a vacuum merges it: on the embedded database, which has no autovacuum, that list only grew,
-- and a review's look-up cost more with every request logged. Written straight into the index, a
-- request costs a little more to log and a search stays a search.
ALTER INDEX review_requests_match_keys SET (fastupdate = off);
SELECT gin_clean_pending_list('review_requests_match_keys'::regclass);
