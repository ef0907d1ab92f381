-- 0012: home and the student areas (docs/product.md §2 /home, /, /profissionalizante, /transito, /graduacao,
-- /tecmix; §3 banners "visible in EAD"; §7 GET /users/dashboard, GET /content/banners?isVisibleEad=1,
-- POST /auth/sso/lxp, POST v2 /aprovat/user/create/external, new LMS POST /sso/validate).

-- Which catalogue a course belongs to: 'professionalizing' courses are listed on /profissionalizante.
ALTER TABLE courses ADD COLUMN IF NOT EXISTS area text NOT NULL DEFAULT 'general'
  CHECK (area IN ('general', 'professionalizing'));

-- Home banners of a platform, in `position` order; `visible_ead` = shown in the EAD (student) portal.
CREATE TABLE banners (
  id serial PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES platforms(id) ON DELETE CASCADE,
  title text NOT NULL CHECK (title <> ''),
  text text NOT NULL,
  image_url text NOT NULL,
  alt text NOT NULL,
  link text,
  visible_ead boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0,
  -- Natural key of the idempotent demo seed step.
  UNIQUE (platform_id, title)
);

-- The student's account on the external traffic-education platform (one per student).
CREATE TABLE aprovat_accounts (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  external_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Modules of the traffic-education (CNH theory) course shown on /transito.
CREATE TABLE traffic_modules (
  id serial PRIMARY KEY,
  title text NOT NULL UNIQUE CHECK (title <> ''),
  summary text NOT NULL,
  hours integer NOT NULL CHECK (hours > 0),
  position integer NOT NULL DEFAULT 0
);

-- Youth and adult education (EJA, /tecmix): subjects per stage and each student's progress.
CREATE TABLE eja_subjects (
  id serial PRIMARY KEY,
  stage text NOT NULL CHECK (stage <> ''),
  name text NOT NULL CHECK (name <> ''),
  position integer NOT NULL DEFAULT 0,
  UNIQUE (stage, name)
);
CREATE TABLE eja_progress (
  subject_id integer NOT NULL REFERENCES eja_subjects(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  progress integer NOT NULL CHECK (progress BETWEEN 0 AND 100),
  PRIMARY KEY (subject_id, user_id)
);

-- One-time SSO tokens (LXP): stored as SHA-256, single use (used_at), short-lived (expires_at).
CREATE TABLE sso_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  audience text NOT NULL CHECK (audience IN ('lxp')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sso_tokens_user ON sso_tokens (user_id);
