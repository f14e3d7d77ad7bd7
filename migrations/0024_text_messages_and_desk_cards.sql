-- Issue 29: review requests by text message (Twilio) and a QR code at the desk that credits a person.

-- A workspace's Twilio account. The auth token (or, with an API key, the token entered only to check
-- Twilio's signatures) and the API key's secret are sealed with a key from APP_SECRET, like the
-- Google token: never shown again.
CREATE TABLE sms_accounts (
  workspace_id integer PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  account_sid text NOT NULL,
  auth_token_sealed text,
  api_key_sid text,
  api_key_secret_sealed text,
  messaging_service_sid text,
  from_number text,
  last_error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- How a request reached the customer ('qr': the customer scanned a person's desk card and gave a
-- first name; nothing was sent), and the number it was texted to (E.164). A request without email
-- keeps customer_email ''.
ALTER TABLE review_requests ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms', 'both', 'qr'));
ALTER TABLE review_requests ADD COLUMN customer_phone text;

-- The text of each template; null: the product's default text.
ALTER TABLE email_templates ADD COLUMN sms_body text;

-- Text messages, as email_outbox holds emails: a row per message, written with its queue job in the
-- request's transaction and queued again at start while unsent. `status` is ours until Twilio takes
-- the message ('waiting' for quiet hours to end, 'pending', 'retrying'), then Twilio's, never moved
-- backwards by a late callback; 'refused' when Twilio refused it (error_code says why).
CREATE TABLE sms_outbox (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  request_id integer REFERENCES review_requests (id) ON DELETE CASCADE,
  to_phone text NOT NULL,
  body text NOT NULL,
  status text NOT NULL,
  twilio_sid text UNIQUE,
  error_code integer,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  send_after timestamptz,
  send_round integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_request ON sms_outbox (request_id);
CREATE INDEX sms_outbox_unsent ON sms_outbox (status) WHERE status IN ('waiting', 'pending', 'retrying');

-- Numbers that replied STOP (or that Twilio reports as unsubscribed, error 21610): never texted by
-- this workspace again until they reply START.
CREATE TABLE sms_opt_outs (
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  phone text NOT NULL,
  opted_out_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, phone)
);

-- A person's desk card: the walk-in link /q/{token}. One live card per person; rotating revokes it.
CREATE TABLE desk_cards (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE UNIQUE INDEX desk_cards_live ON desk_cards (staff_id) WHERE revoked_at IS NULL;

-- Each scan of a desk card that reached the page in a browser (a bare GET counts nothing): an open in
-- that person's funnel, and the request it became when the customer gave a first name.
CREATE TABLE desk_card_scans (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  desk_card_id integer NOT NULL REFERENCES desk_cards (id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  request_id integer REFERENCES review_requests (id) ON DELETE SET NULL,
  scanned_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX desk_card_scans_staff ON desk_card_scans (workspace_id, staff_id, scanned_at);
