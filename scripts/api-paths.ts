/**
 * The API's addresses written as text (issue 27, "every path once"): each route's pattern lives in
 * its feature's schema module (`*Paths`), the prefix in schema/core/paths.ts (`API_PREFIX`); the
 * server registers the pattern and the app builds the address with `apiPath`. This finds every
 * string or template literal in the product's source (tests left out: they call the API from
 * outside, which is their job) that starts with '/api'. scripts/api-paths.test.ts allows only
 * the files it names, each with its reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './code-size';

/** The product's layers whose source may not write an API address. */
export const PATH_FOLDERS = ['schema', 'domain', 'worker', 'app', 'sync-server'] as const;

/** Test support that is not named *.test.ts: it calls the API from outside, as the tests do. */
const TEST_SUPPORT = /^sync-server\/testing\//;

/** An address written as text: where, and the literal's text up to its first substitution. */
export interface ApiLiteral {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

const API_TEXT = /^\/api(\/|\?|$)/;

/** Every string or template literal of `text` that starts with '/api' (not '/apis'); comments do not count. */
export function apiLiterals(file: string, text: string): ApiLiteral[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: ApiLiteral[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) && API_TEXT.test(node.text)) {
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The literals of every product source file under `root` (tests and their helpers left out). */
export function apiLiteralsUnder(root: string): ApiLiteral[] {
  return sourceFiles(root)
    .filter((file) => PATH_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) && !TEST_SUPPORT.test(file))
    .flatMap((file) => apiLiterals(file, readFileSync(join(root, file), 'utf8')));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = apiLiteralsUnder(process.cwd());
  for (const each of found) console.log(`${each.file}:${each.line}\t${each.text}`);
  console.log(`${found.length} literal API addresses`);
}
