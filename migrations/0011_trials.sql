-- A plan chosen on the pricing table starts as a trial: until trial_ends_at the workspace has that
-- plan; after it, the free plan (the stored plan and every row are kept, so an upgrade restores all).
ALTER TABLE workspaces ADD COLUMN trial_ends_at timestamptz;
