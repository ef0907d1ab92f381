-- 0001: platforms, students, tokens, the course tree, progress and idempotency keys.
CREATE TABLE platforms (
  id integer PRIMARY KEY,
  host text NOT NULL UNIQUE,
  name text NOT NULL,
  template text NOT NULL CHECK (template IN ('default', 'streaming')),
  favicon text,
  primary_color text NOT NULL,
  secondary_color text NOT NULL,
  options jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_external_platform boolean NOT NULL DEFAULT false,
  external_api_url text,
  enforce_session_throttle boolean NOT NULL DEFAULT false
);

CREATE TABLE platform_settings (
  platform_id integer NOT NULL REFERENCES platforms(id) ON DELETE CASCADE,
  key text NOT NULL,
  value text,
  PRIMARY KEY (platform_id, key)
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES platforms(id),
  access_code text NOT NULL UNIQUE,
  name text NOT NULL,
  email text,
  password_hash text NOT NULL,
  is_aprovat_user boolean NOT NULL DEFAULT false,
  is_lxp_user boolean NOT NULL DEFAULT false,
  is_eja_user boolean NOT NULL DEFAULT false,
  accepted_lgpd boolean NOT NULL DEFAULT false
);

CREATE TABLE tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE TABLE courses (
  id serial PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES platforms(id),
  name text NOT NULL,
  description text NOT NULL,
  image_url text,
  position integer NOT NULL
);

CREATE TABLE modules (
  id serial PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL
);

CREATE TABLE lessons (
  id serial PRIMARY KEY,
  module_id integer NOT NULL REFERENCES modules(id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL
);

CREATE TABLE learning_objects (
  id serial PRIMARY KEY,
  lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('video', 'audio', 'text', 'pdf', 'link', 'embed', 'quiz')),
  position integer NOT NULL,
  url text,
  html text,
  duration_seconds integer
);

CREATE TABLE learning_object_progress (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  learning_object_id integer NOT NULL REFERENCES learning_objects(id) ON DELETE CASCADE,
  started_at timestamptz,
  completed_at timestamptz,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (user_id, learning_object_id)
);

CREATE TABLE course_last_opened (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  learning_object_id integer NOT NULL REFERENCES learning_objects(id) ON DELETE CASCADE,
  opened_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, course_id)
);

CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  status integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE INDEX learning_objects_lesson ON learning_objects (lesson_id, position);
CREATE INDEX lessons_module ON lessons (module_id, position);
CREATE INDEX modules_course ON modules (course_id, position);
