/**
 * The build's chunk groups (scripts/vite/vendor-chunk.ts), on a small module graph: the machines
 * the entry starts with get a `machines` chunk of their own (the entry's loader evaluates it in a
 * task of its own), machines only lazy screens use stay with them, the `signed-in` chunk holds
 * what the signed-in roots reach and the entry does not, and the `learning-object` chunk what every
 * learning object loads and no other screen imports.
 */
import { describe, expect, it } from 'vitest';
import { learningObjectGroup, signedInGroup, startupMachinesGroup } from '../../scripts/vite/vendor-chunk';

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

describe('the learning-object group', () => {
  // The viewer and the preview show learning objects; the attachments' screen shares one part.
  const lo = (name: string) => `/app/src/views/learning-object/${name}`;
  const graph: Record<string, { imports?: string[]; dynamic?: string[] }> = {
    '/app/src/app/route-table.ts': {
      dynamic: [lo('screen.tsx'), '/app/src/views/preview/screen.tsx', '/app/src/views/attachments/screen.tsx'],
    },
    [lo('screen.tsx')]: {
      imports: [lo('content.tsx'), lo('lifecycle-status.tsx'), '/app/node_modules/use-effect-event/index.js'],
    },
    '/app/src/views/preview/screen.tsx': { imports: [lo('content.tsx')] },
    '/app/src/views/attachments/screen.tsx': { imports: [lo('lifecycle-status.tsx')] },
    [lo('content.tsx')]: {
      imports: [lo('messages.ts'), '/app/node_modules/react/index.js'],
      dynamic: [lo('rich-text.tsx')],
    },
    // A type's own chunk, loaded only by the viewers: it may import the group.
    [lo('rich-text.tsx')]: { imports: [lo('messages.ts'), '/app/node_modules/use-effect-event/index.js'] },
    '/app/src/main.tsx': { imports: ['/app/node_modules/react/index.js'], dynamic: ['/app/src/app/route-table.ts'] },
  };
  const importers = (id: string, kind: 'imports' | 'dynamic') =>
    Object.entries(graph)
      .filter(([, m]) => m[kind]?.includes(id))
      .map(([from]) => from);
  const full = {
    getModuleInfo: (id: string) => ({
      importedIds: graph[id]?.imports ?? [],
      dynamicallyImportedIds: graph[id]?.dynamic ?? [],
      importers: importers(id, 'imports'),
      dynamicImporters: importers(id, 'dynamic'),
    }),
  };

  it('holds what every learning object loads and nothing else imports', () => {
    const group = learningObjectGroup(root);
    const members = Object.keys(graph)
      .concat(['/app/node_modules/use-effect-event/index.js', '/app/node_modules/react/index.js'])
      .concat([lo('messages.ts'), lo('lifecycle-status.tsx')])
      .filter((id) => group(id, full) === 'learning-object');
    expect(new Set(members)).toEqual(
      new Set([lo('screen.tsx'), lo('content.tsx'), lo('messages.ts'), '/app/node_modules/use-effect-event/index.js']),
    );
    // Not: what the attachments' screen imports too, a library the entry imports, a type's own code.
    expect(group(lo('lifecycle-status.tsx'), full)).toBeNull();
    expect(group('/app/node_modules/react/index.js', full)).toBeNull();
    expect(group(lo('rich-text.tsx'), full)).toBeNull();
    expect(group('/app/src/views/preview/screen.tsx', full)).toBeNull();
  });
});
