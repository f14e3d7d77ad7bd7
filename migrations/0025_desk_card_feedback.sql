-- A desk card's visitor who gave no name may still send private feedback (no review gating): once per
-- scan, so the public form cannot be used to flood the business's inbox.
ALTER TABLE desk_card_scans ADD COLUMN feedback_at timestamptz;
