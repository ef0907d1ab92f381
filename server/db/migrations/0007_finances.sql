-- 0007: finances (docs/product.md §3 "Bills (with a pix payment)", §7 hub GET /security/student/erp/,
-- ERP GET /bills, GET /bills/{id}, POST /bills/{id}/pay).
--
-- ERP tokens are issued by the hub to a signed-in student and stored like session tokens:
-- only their SHA-256 hash, with an expiry (server/routes/finances.ts, ERP_TOKEN_TTL_SECONDS).
CREATE TABLE erp_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX erp_tokens_user ON erp_tokens (user_id);

-- A bill of one student. Money in CENTS of BRL (integer). Its status is derived:
-- paid (paid_at set), overdue (due_date before today), else open.
CREATE TABLE bills (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  description text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  due_date date NOT NULL,
  paid_at timestamptz,
  -- Natural key of the demo seed (idempotent seed step): one bill per student and reference.
  reference text NOT NULL,
  UNIQUE (user_id, reference)
);

-- A Pix charge of a bill: its BR Code (EMV MPM with CRC16, built with pix-utils), created_at
-- + expiration_seconds = expiry. Status derived: paid (paid_at), expired (past expiry), else active.
CREATE TABLE pix_charges (
  id serial PRIMARY KEY,
  bill_id integer NOT NULL REFERENCES bills(id) ON DELETE CASCADE,
  txid text NOT NULL UNIQUE,
  brcode text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  expiration_seconds integer NOT NULL CHECK (expiration_seconds > 0),
  paid_at timestamptz
);
CREATE INDEX pix_charges_bill ON pix_charges (bill_id, created_at DESC);
