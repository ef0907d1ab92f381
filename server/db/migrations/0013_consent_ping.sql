-- 0013: session pings (docs/product.md §7 POST v2 /user-session/log, §9 every 5 minutes while the
-- platform's enforce_session_throttle is set) and when a student accepted the LGPD terms
-- (docs/product.md §7 POST /users/updateAcceptedLgpd; users.accepted_lgpd already exists).

CREATE TABLE session_pings (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  platform_id integer NOT NULL REFERENCES platforms(id) ON DELETE CASCADE,
  logged_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_pings_user ON session_pings (user_id, logged_at DESC);

-- First acceptance time; NULL while not accepted (or accepted before this column existed).
ALTER TABLE users ADD COLUMN accepted_lgpd_at timestamptz;
