-- 0006: grades (docs/product.md §2 /grades and /grades/course/{courseId}; §7 GET /lms/student/grades and
-- GET /lms/student/grades/{id}/details). A course's assessments carry their weight (percent of
-- the final grade); a student's grade of an assessment is a row of assessment_grades (no row =
-- not graded yet). Grades are 0–10 with two decimals.

-- A course's passing grade; no row, or a NULL passing_grade, means the course has none.
CREATE TABLE course_grading (
  course_id integer PRIMARY KEY REFERENCES courses(id) ON DELETE CASCADE,
  passing_grade numeric(4,2) CHECK (passing_grade BETWEEN 0 AND 10)
);

CREATE TABLE assessments (
  id serial PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name <> ''),
  weight numeric(5,2) NOT NULL CHECK (weight > 0 AND weight <= 100),
  position integer NOT NULL DEFAULT 0,
  held_at timestamptz,
  -- One name per course: also what makes the demo seed step idempotent.
  UNIQUE (course_id, name)
);

CREATE TABLE assessment_grades (
  assessment_id integer NOT NULL REFERENCES assessments(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  grade numeric(4,2) NOT NULL CHECK (grade BETWEEN 0 AND 10),
  graded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (assessment_id, user_id)
);

CREATE INDEX assessment_grades_user ON assessment_grades (user_id);
