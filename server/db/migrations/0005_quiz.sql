-- 0005: quiz learning objects keep their questions (with the right option of each, never
-- sent to the client) in `quiz`: { "questions": [{ "id", "text", "options": [{ "id", "text" }], "answer" }] }.
ALTER TABLE learning_objects ADD COLUMN quiz jsonb;
