-- Customers who unsubscribed from a workspace's review requests (List-Unsubscribe, RFC 8058): that
-- workspace never mails them again. The address is kept lower-cased.
CREATE TABLE unsubscribes (
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  email text NOT NULL,
  unsubscribed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, email)
);

-- The one-click unsubscribe address of each review-request email, sent as its List-Unsubscribe header.
ALTER TABLE email_outbox ADD COLUMN unsubscribe_url text;
