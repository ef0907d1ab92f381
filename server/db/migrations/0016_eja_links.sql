-- 0016: what an EJA subject opens: the course, and optionally the module, of the
-- platform that teaches it. Null = nothing to open yet (the app says so).
ALTER TABLE eja_subjects ADD COLUMN IF NOT EXISTS course_id integer REFERENCES courses(id) ON DELETE SET NULL;
ALTER TABLE eja_subjects ADD COLUMN IF NOT EXISTS module_id integer REFERENCES modules(id) ON DELETE SET NULL;
