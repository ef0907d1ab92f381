-- 0003: short videos (docs/product.md §3 "Short video: resource (URL)", §7 GET /shortVideos, POST …/start
-- and …/end), the student's start/end of each, and the new LMS's video progress
-- (POST/GET /user-activity).
CREATE TABLE short_videos (
  id serial PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES platforms(id),
  title text NOT NULL,
  -- The media file: a path of this server's media folder (/api/files/media/…) or a URL.
  resource text NOT NULL,
  duration_seconds integer NOT NULL CHECK (duration_seconds >= 0),
  thumbnail text,
  position integer NOT NULL,
  UNIQUE (platform_id, title)
);

CREATE TABLE short_video_progress (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  short_video_id integer NOT NULL REFERENCES short_videos(id) ON DELETE CASCADE,
  started_at timestamptz,
  completed_at timestamptz,
  -- How many start / end writes were applied (replays by Idempotency-Key are not counted).
  starts integer NOT NULL DEFAULT 0,
  ends integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, short_video_id)
);

-- New LMS video progress: the newest position per student and resource. `updated_at` is the
-- write's client time (X-Client-Timestamp, never in the future): an older write that arrives
-- late never overwrites a newer one.
CREATE TABLE user_activity (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  resource_id integer NOT NULL REFERENCES short_videos(id) ON DELETE CASCADE,
  position_seconds double precision NOT NULL CHECK (position_seconds >= 0),
  duration_seconds double precision NOT NULL CHECK (duration_seconds >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, resource_id)
);
