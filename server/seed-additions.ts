/**
 * Demo data added by steps that run at every start (docs/architecture.md §D1 "seeded on first start,
 * idempotent"). `seedIfEmpty` seeds a new database once; the steps here run at every start
 * and each inserts its data only when it is missing, so a database seeded by an older
 * version (a developer's `.data/`) gains the newer demo data too.
 *
 * A step: `(db) => Promise<boolean>` — true when it inserted something. Steps run in order.
 */
import type { Db } from './db/client';
import { seedQuizzes } from './seed-quizzes';
import { seedShortVideos } from './seed-short-videos';
import { seedAttachments } from './seed-attachments';
import { seedGrades } from './seed-grades';
import { seedDocuments } from './seed-documents';
import { seedContracts } from './seed-contracts';
import { seedFinances } from './seed-finances';
import { seedProfile } from './seed-profile';
import { seedHome } from './seed-home';
import { seedConsent } from './seed-consent';
import { seedAccount } from './seed-account';
import { seedMarathon, seedMarathonDocuments } from './seed-marathon';
import { seedSchoolContent } from './seed-school-content';
import { seedEja } from './seed-eja';

export type SeedStep = (db: Db) => Promise<boolean>;

/** The idempotent seed steps, in order. */
export const SEED_STEPS: readonly SeedStep[] = [
  // First: the account-test students then get what later steps give every student.
  seedAccount,
  seedQuizzes,
  seedShortVideos,
  seedAttachments,
  seedGrades,
  seedContracts,
  seedFinances,
  seedProfile,
  seedHome,
  seedConsent,
  // The heavy demo student: after the steps that seed the brand's catalogue, whose
  // courses and videos count towards its totals.
  seedMarathon,
  // The student of the course authored as schools publish (content CDN, YouTube, Vimeo, Slides).
  seedSchoolContent,
  // After every step that adds students: each student gets their personal files.
  seedDocuments,
  // After the brand's documents, which count towards maratona's 400.
  seedMarathonDocuments,
  // Last: the EJA courses, modules and learning objects take ids after every other step's, so
  // the ids of the rest of the demo do not depend on them.
  seedEja,
];

/** Runs every step. @returns how many inserted something. */
export async function seedAdditions(db: Db): Promise<number> {
  let changed = 0;
  for (const step of SEED_STEPS) if (await step(db)) changed++;
  return changed;
}
