import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, staticImports } from './import-cycles';

describe('the import graph', () => {
  it('has no cycle among schema/, domain/, worker/, app/ and sync-server/ (type-only imports count)', () => {
    const cycles = findCycles(importGraph(fileURLToPath(new URL('..', import.meta.url))));
    expect(cycles.map((cycle) => cycle.join(' -> '))).toEqual([]);
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
