/**
 * The build's chunk groups (scripts/vite/vendor-chunk.ts), on a small module graph: the machines
 * the entry starts with get a `machines` chunk of their own (the entry's loader evaluates it in a
 * task of its own), machines only lazy screens use stay with them, and the `signed-in` chunk holds
 * what the signed-in roots reach and the entry does not.
 */
import { describe, expect, it } from 'vitest';
import { signedInGroup, startupMachinesGroup } from '../../scripts/vite/vendor-chunk';

const root = '/app';
const graph: Record<string, string[]> = {
  '/app/src/main.tsx': ['/app/src/app/wiring/session.ts', '/app/src/app/lazy-routes.tsx'],
  '/app/src/app/wiring/session.ts': ['/app/src/machines/session.machine.ts', '/app/node_modules/xstate/index.js'],
  '/app/src/machines/session.machine.ts': ['/app/node_modules/xstate/index.js'],
  // Reached only by a dynamic import from main.tsx: not in `importedIds`.
  '/app/src/app/lazy-routes.tsx': [],
  '/app/src/app/wiring/learning.ts': [
    '/app/src/machines/outbox.machine.ts',
    '/app/src/services/storage/outbox-store.ts',
  ],
  '/app/src/machines/outbox.machine.ts': ['/app/node_modules/xstate/index.js'],
  '/app/src/services/storage/outbox-store.ts': ['/app/node_modules/idb/index.js'],
};
const ctx = { getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id]! } : { importedIds: [] }) };

describe('chunk groups', () => {
  it('puts the machines the entry starts with in `machines`, and no other module', () => {
    const group = startupMachinesGroup(root);
    expect(group('/app/src/machines/session.machine.ts', ctx)).toBe('machines');
    expect(group('/app/src/machines/outbox.machine.ts', ctx)).toBeNull();
    expect(group('/app/src/app/wiring/session.ts', ctx)).toBeNull();
    expect(group('/app/node_modules/xstate/index.js', ctx)).toBeNull();
  });

  it('puts what the signed-in roots reach, and the entry does not, in `signed-in`', () => {
    const group = signedInGroup(root, /node_modules[\\/](xstate|idb)[\\/]/);
    expect(group('/app/src/machines/outbox.machine.ts', ctx)).toBe('signed-in');
    expect(group('/app/src/services/storage/outbox-store.ts', ctx)).toBe('signed-in');
    expect(group('/app/src/app/wiring/learning.ts', ctx)).toBeNull(); // a root keeps its own chunk
    expect(group('/app/src/machines/session.machine.ts', ctx)).toBeNull(); // in the entry's graph
    expect(group('/app/node_modules/idb/index.js', ctx)).toBeNull(); // a library of the vendor test
  });
});
