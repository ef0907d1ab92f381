-- 0009: the attachments area of the student (docs/product.md §2 /attachments, /attachment/{id}; §7
-- GET attachments/authorized, GET attachments/{id}, PUT attachments/{id}/start and /end,
-- GET documents/categories, GET documents/attachments). An attachment is either one of the
-- platform's documents (user_id NULL, with a category) or a file of one student (user_id set).
CREATE TABLE document_categories (
  id serial PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES platforms(id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (platform_id, name)
);

CREATE TABLE attachments (
  id serial PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES platforms(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  category_id integer REFERENCES document_categories(id) ON DELETE SET NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  file_name text NOT NULL CHECK (file_name <> ''),
  mime_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX attachments_platform_file ON attachments (platform_id, file_name) WHERE user_id IS NULL;
CREATE UNIQUE INDEX attachments_student_file ON attachments (user_id, file_name) WHERE user_id IS NOT NULL;

-- Start/end of a student opening an attachment (first times kept; every applied write counted).
CREATE TABLE attachment_progress (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  attachment_id integer NOT NULL REFERENCES attachments(id) ON DELETE CASCADE,
  started_at timestamptz,
  completed_at timestamptz,
  starts integer NOT NULL DEFAULT 0,
  ends integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, attachment_id)
);
