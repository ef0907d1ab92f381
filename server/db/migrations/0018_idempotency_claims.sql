-- Idempotency-Keys are claimed in the database before their write runs, so that several server
-- processes on one database apply a write once even when the same key reaches two of them at
-- the same time (a per-process lock would only serialise requests inside one process).
-- A claim is a row whose `status` and `body` are still NULL; the write's answer fills them in.
-- `created_at` of a pending claim is when it was (re)claimed: a claim older than the server's
-- claim timeout (its process died mid-write) may be taken over by a retry.
ALTER TABLE idempotency_keys ALTER COLUMN status DROP NOT NULL;
ALTER TABLE idempotency_keys ALTER COLUMN body DROP NOT NULL;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_answer_complete
  CHECK ((status IS NULL) = (body IS NULL));
