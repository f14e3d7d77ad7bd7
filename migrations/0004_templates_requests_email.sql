-- Email templates, what a review request needs to be sent and tracked, the outbox of every message
-- the product sends (or would send), and private feedback left on the review link page.
CREATE TABLE email_templates (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  subject text NOT NULL,
  html_content text NOT NULL,
  phone_script text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_templates_workspace ON email_templates (workspace_id);

ALTER TABLE review_requests
  ADD COLUMN template_id integer REFERENCES email_templates (id) ON DELETE SET NULL,
  ADD COLUMN email_subject text NOT NULL DEFAULT '',
  ADD COLUMN email_html text NOT NULL DEFAULT '',
  ADD COLUMN token text UNIQUE,
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN clicked_at timestamptz;

CREATE TABLE email_outbox (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  request_id integer REFERENCES review_requests (id) ON DELETE CASCADE,
  to_address text NOT NULL,
  from_name text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'not sent: no SMTP')),
  error text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX email_outbox_workspace ON email_outbox (workspace_id, created_at);

CREATE TABLE private_feedback (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  request_id integer REFERENCES review_requests (id) ON DELETE CASCADE,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX private_feedback_workspace ON private_feedback (workspace_id, created_at);
