-- 0015: content of one student only (the heavy demo student `maratona`).
-- Courses, document categories, documents and short videos belong to a platform and every
-- student of that platform sees them. `audience_user_id` narrows one row to a single student
-- (an individual enrolment: years of courses, documents and videos that only they have);
-- NULL (every existing row) keeps the platform-wide meaning. Queries that list or open these
-- rows for a student add `audience_user_id IS NULL OR audience_user_id = <student>`.
ALTER TABLE courses ADD COLUMN IF NOT EXISTS audience_user_id integer REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE document_categories ADD COLUMN IF NOT EXISTS audience_user_id integer REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE attachments ADD COLUMN IF NOT EXISTS audience_user_id integer REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE short_videos ADD COLUMN IF NOT EXISTS audience_user_id integer REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX IF NOT EXISTS courses_audience ON courses (audience_user_id) WHERE audience_user_id IS NOT NULL;
