-- 0010: password reset by e-mail code, change password and account deletion
-- (docs/product.md §3 reset payloads and deletionReason, §5 email code challenge, §7 POST /auth/resetPassword,
-- POST /auth/changePassword, POST /users/self/delete).

-- A deleted account keeps its row (and access code) but can no longer sign in.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
ALTER TABLE users ADD COLUMN deletion_reason text;

-- One e-mailed reset code; only a salted SHA-256 hash of the code is stored.
CREATE TABLE password_reset_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_salt text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  invalidated_at timestamptz
);
CREATE INDEX password_reset_codes_user ON password_reset_codes (user_id, created_at DESC);

-- The reference server's local e-mail outbox (it sends no real e-mail): read by tests through
-- GET /api/dev/mail when that endpoint is on.
CREATE TABLE mail_outbox (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_to ON mail_outbox (to_address, id DESC);
