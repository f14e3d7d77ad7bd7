-- Whether a desk-card scan credited the card's person when it was made (issue 29): a nameless scan is
-- an open in that person's funnel only then. A card rotated since, or a person inactive or merged
-- away, credits nobody; the scan stays (its visitor may still send private feedback).
ALTER TABLE desk_card_scans ADD COLUMN credits boolean NOT NULL DEFAULT true;
UPDATE desk_card_scans SET credits = false
FROM desk_cards
WHERE desk_cards.id = desk_card_scans.desk_card_id AND desk_cards.revoked_at IS NOT NULL AND desk_cards.revoked_at <= desk_card_scans.scanned_at;
