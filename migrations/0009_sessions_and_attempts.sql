-- Sessions kept on the server, so that signing out (or a password change) ends them for good; the
-- cookie carries a signed session id whose SHA-256 is the key here.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  workspace_id integer NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  admin boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_workspace ON sessions (workspace_id);

-- Password attempts and registrations, counted before the password is checked or hashed. `scope` is
-- what is guarded ('sign-in:{slug}', 'register'), `source` who tried (a browser that signed in
-- before, or else an address).
DROP TABLE sign_in_failures;
CREATE TABLE attempts (
  id serial PRIMARY KEY,
  scope text NOT NULL,
  source text NOT NULL,
  known_device boolean NOT NULL DEFAULT false,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attempts_by_source ON attempts (scope, source, attempted_at);
CREATE INDEX attempts_by_scope ON attempts (scope, attempted_at);
