-- Each connected account's Business Profile notification setting (issue 30): which topic and account
-- were last registered with Google, when it was confirmed, and Google's refusal in plain words when it
-- was not. A setting for another topic or account than today's is registered again.
ALTER TABLE google_connections ADD COLUMN push_topic text;
ALTER TABLE google_connections ADD COLUMN push_account_id text;
ALTER TABLE google_connections ADD COLUMN push_registered_at timestamptz;
ALTER TABLE google_connections ADD COLUMN push_attempted_at timestamptz;
ALTER TABLE google_connections ADD COLUMN push_error text;
