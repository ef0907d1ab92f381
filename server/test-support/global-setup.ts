/**
 * Vitest global setup of the `server` project: makes (or finds) the dump of the seeded demo
 * database once per run (server/db/template.ts) and provides its path to the test files as
 * `pgliteTemplate`; `useTestServer` starts every throwaway server from it.
 */
import type { TestProject } from 'vitest/node';
import { ensureSeedTemplate } from '../db/template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the seeded-database dump (server/db/template.ts). */
    pgliteTemplate: string;
  }
}

export async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', await ensureSeedTemplate());
}
