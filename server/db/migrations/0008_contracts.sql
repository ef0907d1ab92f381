-- 0008: certificates and documents (docs/product.md §3 "document contracts (contract_id)"; §7 certificates
-- base: POST …/issue_by_contract?contract_id, GET /grad/courses/?erp_user_id). A contract enrols
-- one student in one course; documents (enrollment statement, curriculum, ID card) are issued
-- per contract. Graduation courses belong to a contract. `erp_user_id` is the student's ERP id.
ALTER TABLE users ADD COLUMN IF NOT EXISTS erp_user_id integer;
CREATE UNIQUE INDEX IF NOT EXISTS users_erp_user_id ON users (erp_user_id) WHERE erp_user_id IS NOT NULL;

CREATE TABLE document_contracts (
  contract_id integer PRIMARY KEY CHECK (contract_id > 0),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  course_name text NOT NULL CHECK (course_name <> ''),
  status text NOT NULL CHECK (status IN ('active', 'completed')),
  enrolled_on date NOT NULL,
  workload_hours integer NOT NULL CHECK (workload_hours > 0),
  -- The course curriculum printed by /course_curriculums: [{ "period": 1, "subject": "…", "hours": 60 }, …]
  curriculum jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX document_contracts_user ON document_contracts (user_id, enrolled_on);

CREATE TABLE grad_courses (
  id serial PRIMARY KEY,
  contract_id integer NOT NULL UNIQUE REFERENCES document_contracts(contract_id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name <> ''),
  degree text NOT NULL,
  semesters integer NOT NULL CHECK (semesters > 0),
  current_semester integer CHECK (current_semester > 0),
  status text NOT NULL CHECK (status IN ('in_progress', 'completed'))
);
