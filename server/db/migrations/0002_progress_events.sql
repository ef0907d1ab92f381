-- Every start/end write the server applied, with the client's own time (the outbox sends
-- it as X-Client-Timestamp) and its Idempotency-Key: the audit trail that shows a write
-- arrived exactly once, whenever it was made.
CREATE TABLE progress_events (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  learning_object_id integer NOT NULL REFERENCES learning_objects(id) ON DELETE CASCADE,
  lesson_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('start', 'end')),
  client_time timestamptz,
  idempotency_key text,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX progress_events_user ON progress_events (user_id, id);
