-- Emails go out through the job queue (issue 14, decision 038). A send that failed and will be tried
-- again by itself is "retrying"; "failed" is kept for a send that will not be tried again. Each
-- resend starts a new round, and a round names its queue job, so queueing a message twice (a restart
-- that re-queues what is unsent, two instances doing it at once) makes one job, not two.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
  CHECK (status IN ('pending', 'retrying', 'sent', 'failed', 'not sent: no SMTP'));
ALTER TABLE email_outbox ADD COLUMN send_round integer NOT NULL DEFAULT 0;
CREATE INDEX email_outbox_unsent ON email_outbox (id) WHERE status IN ('pending', 'retrying');
