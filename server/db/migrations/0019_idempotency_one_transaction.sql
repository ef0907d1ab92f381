-- An Idempotency-Key's claim, its write and the answer stored in its row commit in ONE
-- transaction (server/http.ts `idempotent`; docs/decisions/0009-idempotency-keys-claimed-in-the-database.md):
-- a row without answer is never committed any more. Rows without answer left by the former
-- two-step claim (a process that died between its write and its answer) are removed once here,
-- so that the retry of their key runs; the new code never takes a claim over.
DELETE FROM idempotency_keys WHERE status IS NULL;
