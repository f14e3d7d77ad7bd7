-- The deliveries still to be made, found without reading every delivery ever made: at each start, and
-- every minute by each instance for those a process left after its commit (decision 073). Like
-- alert_posts_unsent (migrations/0023).
CREATE INDEX webhook_deliveries_unsent ON webhook_deliveries (created_at) WHERE status IN ('pending', 'retrying');
