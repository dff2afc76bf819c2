import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLiterals, apiLiteralsUnder, type ApiLiteral } from './api-paths';

/**
 * The files that may write an '/api' address as text, each with its reason (issue 27). An entry
 * whose file writes none any more fails too, so the list only shrinks.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  'schema/core/paths.ts': 'API_PREFIX itself: the one place the prefix is written.',
  'sync-server/tournaments/authz-rows.ts': "The authorisation matrix's rows, test code (only authz.test.ts imports it): it calls every route from outside, as a test does.",
};

describe("the API's addresses in the product's source", () => {
  let found: ApiLiteral[];
  beforeAll(() => {
    // Reads and parses every source file: seconds on a loaded machine.
    found = apiLiteralsUnder(fileURLToPath(new URL('..', import.meta.url)));
  }, 60_000);

  it("are built from the schema's patterns with apiPath, not written as text (but in the files allowed, each with a reason)", () => {
    const unexplained = found.filter((each) => !(each.file in ALLOWED)).map((each) => `${each.file}:${each.line} ${each.text}`);
    expect(unexplained, "use apiPath(<feature>Paths.<name>, params, query) (schema/core/paths.ts), or give a reason in ALLOWED").toEqual([]);
  });

  it('leave no file in the allowed list that writes none any more', () => {
    const writing = new Set(found.map((each) => each.file));
    expect(Object.keys(ALLOWED).filter((file) => !writing.has(file))).toEqual([]);
  });
});

describe('apiLiterals', () => {
  it("finds strings and templates that start with '/api', not comments, other paths or '/apis'", () => {
    const text = [
      "const a = '/api/lessons';",
      'const b = `/api/classes/${id}/homework`;',
      "const c = { prefix: '/api' };",
      '// GET /api/progress',
      "const d = '/apis';",
      "const e = '/lessons';",
      "const f = \"/api?x=1\";",
      'const g = `/api`;',
    ].join('\n');
    expect(apiLiterals('x.ts', text).map((each) => `${each.line} ${each.text}`)).toEqual(['1 /api/lessons', '2 /api/classes/', '3 /api', '7 /api?x=1', '8 /api']);
  });
});
