/**
 * The machine diagrams in docs/machines/ are the code's: regenerated from the machine
 * definitions, each page must equal the committed one — run `npm run machines:docs` after changing
 * a machine.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, formatted, indexPage, machineDocs } from '../../scripts/machines-docs';

describe('machine diagrams (npm run machines:docs)', async () => {
  const pages = await machineDocs();

  it('covers every machine, each with a Mermaid state diagram and its transitions', () => {
    expect(Object.keys(pages)).toEqual(
      expect.arrayContaining(['session.md', 'lifecycle.md', 'outbox.md', 'cooldown.md']),
    );
    for (const [file, page] of Object.entries(pages)) {
      expect(page, file).toContain('```mermaid\nstateDiagram-v2');
      expect(page, file).toMatch(/\| from +\| event +\| guard +\| to +\|/);
    }
    // Delays with their ms, guards and invoked actors are drawn.
    expect(pages['session.md']).toContain('after postLoginDelay (1000 ms)');
    expect(pages['session.md']).toContain('error: fetchUser [userGone]');
  });

  it.each(Object.keys(await machineDocs()))('docs/machines/%s is up to date', async (file) => {
    const committed = readFileSync(join(DOCS_DIR, file), 'utf8');
    expect(committed, `run npm run machines:docs`).toBe(pages[file]);
  });

  it('docs/machines/README.md lists every machine', async () => {
    const committed = readFileSync(join(DOCS_DIR, 'README.md'), 'utf8');
    expect(committed, `run npm run machines:docs`).toBe(await formatted(indexPage(pages), 'README.md'));
  });
});
