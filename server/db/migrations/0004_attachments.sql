-- 0004: support files ("Materiais de apoio") of a course or of one of its modules
-- (docs/product.md §7 GET courses/{id}/attachments, GET modules/{id}/attachments). Exactly one owner:
-- a course-level file has course_id, a module's file has module_id (its course comes from
-- the module). The file itself lives in the file repository (url, /api/files/...).
CREATE TABLE course_attachments (
  id serial PRIMARY KEY,
  course_id integer REFERENCES courses(id) ON DELETE CASCADE,
  module_id integer REFERENCES modules(id) ON DELETE CASCADE,
  name text NOT NULL,
  file_name text NOT NULL CHECK (file_name <> ''),
  mime_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  url text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((course_id IS NULL) <> (module_id IS NULL))
);

-- One file name per owner: also what makes the demo seed step idempotent (ON CONFLICT DO NOTHING).
CREATE UNIQUE INDEX course_attachments_course_file ON course_attachments (course_id, file_name)
  WHERE course_id IS NOT NULL;
CREATE UNIQUE INDEX course_attachments_module_file ON course_attachments (module_id, file_name)
  WHERE module_id IS NOT NULL;
