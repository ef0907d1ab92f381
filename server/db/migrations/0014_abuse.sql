-- 0014: abuse resistance.

-- Sliding-window rate limits of sign-in, password reset, change password and account
-- deletion (server/rate-limit.ts): one row per counted attempt in a bucket such as
-- `login:code:demo` or `login:addr:203.0.113.7`. Kept in the database so that every server
-- process on the same database shares the counters.
CREATE TABLE rate_limit_events (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX rate_limit_events_bucket ON rate_limit_events (bucket, at DESC);

-- Tokens derived from a session (the hub's ERP token, the one-time LXP SSO token) die with it:
-- they are accepted only while the session token they came from is live (not revoked, not
-- expired). Tokens issued before this migration have no session and are dropped.
DELETE FROM erp_tokens;
ALTER TABLE erp_tokens ADD COLUMN session_token_hash text NOT NULL REFERENCES tokens(token_hash) ON DELETE CASCADE;
CREATE INDEX erp_tokens_session ON erp_tokens (session_token_hash);
DELETE FROM sso_tokens;
ALTER TABLE sso_tokens ADD COLUMN session_token_hash text NOT NULL REFERENCES tokens(token_hash) ON DELETE CASCADE;

-- An Idempotency-Key is bound to its request: SHA-256 of method, path with query and body.
-- Rows stored before this migration have none and replay as before.
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;
