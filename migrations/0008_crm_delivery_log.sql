-- Every CRM webhook delivery, stored or not, with its reason and body, so that none is lost without
-- trace (HighLevel does not retry a refusal). A stored delivery's row is written in the transaction
-- that stores its review, so "received" always means "stored". Repeated deliveries are recognised by
-- the review's external id, which includes the delivery's id when the CRM sends no review id: the
-- old table of delivery ids, written apart from the review, is gone.
CREATE TABLE crm_deliveries (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  received_at timestamptz NOT NULL DEFAULT now(),
  -- The CRM's webhookId, or one made at receipt: what a review without an id of its own is keyed by.
  delivery_key text NOT NULL,
  status text NOT NULL CHECK (status IN ('stored', 'duplicate', 'refused')),
  reason text,
  review_id integer REFERENCES reviews (id) ON DELETE SET NULL,
  content_type text,
  signature text,
  body text NOT NULL,
  body_complete boolean NOT NULL
);
CREATE INDEX crm_deliveries_newest ON crm_deliveries (workspace_id, id DESC);

DROP TABLE webhook_deliveries;

-- Where a CRM says a review was written (Google, Facebook, ...).
ALTER TABLE reviews ADD COLUMN platform text;
