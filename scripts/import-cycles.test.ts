import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCycles, folderTwoCycles, importGraph, staticImports } from './import-cycles';

describe('the import graph', () => {
  let graph: Map<string, string[]>;
  beforeAll(() => {
    // Reads and parses every source file: 4 s in CI, more on a loaded machine.
    graph = importGraph(fileURLToPath(new URL('..', import.meta.url)));
  }, 60_000);

  it('has no cycle among schema/, domain/, worker/, app/ and sync-server/ (type-only imports count)', () => {
    const cycles = findCycles(graph);
    expect(cycles.map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it("has at most 1 pair of sync-server's folders importing each other (a ratchet)", () => {
    // Issue 27 began at 23 pairs (the shared pieces at the root and every feature, auth <-> plugins,
    // plugins <-> rbac, classes <-> games/sync/tournaments, sync <-> tournaments). Lower the number
    // when you break one; never raise it. The one left is the composition root with testing/:
    // testing/test-server.ts builds the whole app (app.ts), and the root's tests of the whole app
    // (app.test.ts, authz.test.ts, ...) use it.
    const pairs = folderTwoCycles(graph, 'sync-server');
    expect(pairs.length, pairs.join(', ')).toBeLessThanOrEqual(1);
  });

  it("has no pair of the app's features importing each other", () => {
    // Issue 27 began at 3 (auth <-> classes, classes <-> tournaments, homework <-> lessons): each
    // shared piece went to the feature that owns it, and the class screen hands the homework
    // panel the lessons it may set (Lessons shows the student's homework list).
    const pairs = folderTwoCycles(graph, 'app/features');
    expect(pairs).toEqual([]);
  });

  it('has app/shared/ import no feature (the sync loop takes registrations)', () => {
    const named = [...graph]
      .filter(([file]) => file.startsWith('app/shared/'))
      .flatMap(([file, targets]) => targets.filter((target) => target.startsWith('app/features/')).map((target) => `${file} -> ${target}`));
    expect(named).toEqual([]);
  });

  it('has sync-server/core/ import nothing of the server outside it (no feature, no composition root)', () => {
    const outside = [...graph]
      .filter(([file]) => file.startsWith('sync-server/core/'))
      .flatMap(([file, targets]) => targets.filter((target) => target.startsWith('sync-server/') && !target.startsWith('sync-server/core/')).map((target) => `${file} -> ${target}`));
    expect(outside).toEqual([]);
  });
});

describe('folderTwoCycles', () => {
  it("names each pair of top folders that import each other once, the folder's own files as '(root)'", () => {
    const graph = new Map([
      ['s/app.ts', ['s/a/x.ts', 's/core/c.ts']],
      ['s/a/x.ts', ['s/core/c.ts', 's/b/y.ts', 's/app.ts', 'other/z.ts']],
      ['s/b/y.ts', ['s/a/x.ts', 's/b/w.ts']],
      ['s/core/c.ts', []],
      ['other/z.ts', ['s/a/x.ts']],
    ]);
    expect(folderTwoCycles(graph, 's')).toEqual(['(root) <-> a', 'a <-> b']);
  });
});

describe('findCycles', () => {
  it('finds each cycle once, as the path round it, and nothing in a graph without one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
      ['f.ts', ['d.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts'], ['e.ts', 'e.ts']]);
    expect(findCycles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });
});

describe('staticImports', () => {
  it('reads relative imports and re-exports, type-only ones too, and leaves packages and lazy imports out', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export * from './c';",
      "export { d } from './d';",
      "import React from 'react';",
      "const Lazy = lazy(() => import('./lazy'));",
    ].join('\n');
    expect(staticImports(text)).toEqual(['./a', '../b', './c', './d']);
  });
});
