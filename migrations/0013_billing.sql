-- Stripe billing (issue 12). A workspace's Stripe customer and its current subscription; the plan
-- itself stays in workspaces.plan, set by the webhook from the subscription's price.
ALTER TABLE workspaces ADD COLUMN stripe_customer_id text UNIQUE;
ALTER TABLE workspaces ADD COLUMN stripe_subscription_id text;

-- Every Stripe event applied, written in the transaction that applies it: Stripe delivers an event
-- more than once, and a replay finds its id here and changes nothing.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  workspace_id integer REFERENCES workspaces (id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
