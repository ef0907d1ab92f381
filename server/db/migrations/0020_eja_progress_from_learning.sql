-- 0020: an EJA subject's progress is the student's progress in what the subject opens (its
-- module, else its course), computed from learning_object_progress: no separate store.
DROP TABLE IF EXISTS eja_progress;
-- Every subject is linked again by the EJA seed step (server/seed-eja.ts), each to the module
-- that bears its name in the course of its stage.
UPDATE eja_subjects SET course_id = NULL, module_id = NULL;
