-- 0017: quiz attempts: every graded `end` of a quiz is one attempt. A stored quiz also
-- says how many right answers pass (`pass_score`) and how many attempts are allowed
-- (`max_attempts`, absent = unlimited); the demo quizzes: 2 of 3 to pass, 3 attempts.
CREATE TABLE quiz_attempts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  learning_object_id integer NOT NULL REFERENCES learning_objects(id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  correct integer NOT NULL CHECK (correct >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quiz_attempts_student ON quiz_attempts (user_id, learning_object_id);
UPDATE learning_objects SET quiz = quiz || '{"pass_score": 2, "max_attempts": 3}'::jsonb
  WHERE type = 'quiz' AND quiz IS NOT NULL AND NOT (quiz ? 'pass_score');
