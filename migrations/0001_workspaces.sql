-- Workspaces, their teams and settings, and the failed sign-in log behind brute-force protection.
CREATE TABLE workspaces (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  business_name text NOT NULL,
  admin_email text NOT NULL,
  staff_password_hash text NOT NULL,
  admin_password_hash text NOT NULL,
  plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'starter', 'team', 'agency')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE teams (
  id serial PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  color text NOT NULL DEFAULT '#3B82F6',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX teams_workspace_name_unique ON teams (workspace_id, lower(name));

CREATE TABLE settings (
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  key text NOT NULL,
  value text NOT NULL DEFAULT '',
  PRIMARY KEY (workspace_id, key)
);

CREATE TABLE sign_in_failures (
  id serial PRIMARY KEY,
  slug text NOT NULL,
  address text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_lookup ON sign_in_failures (slug, address, failed_at);
