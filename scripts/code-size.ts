/**
 * The size of the code (issue 27): functions over 80 lines and files of 600 lines or more, in the
 * product's source (schema/, domain/, worker/, app/, sync-server/, scripts/; tests left out: a
 * table of cases may run long). scripts/code-size.test.ts keeps both lists to what it allows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const SIZE_FOLDERS = ['schema', 'domain', 'worker', 'app', 'sync-server', 'scripts'] as const;
export const MAX_FUNCTION_LINES = 80;
export const MAX_FILE_LINES = 600;

/** A function-like body over the limit: where it starts, its name (or its holder's), its lines. */
export interface LongFunction {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly lines: number;
}

const SOURCE = /\.(ts|tsx)$/;
const LEFT_OUT = /\.test\.tsx?$|\.d\.ts$/;

export function sourceFiles(root: string): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      if (name === 'node_modules' || name.startsWith('.')) return [];
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return walk(path);
      return SOURCE.test(name) && !LEFT_OUT.test(name) ? [path] : [];
    });
  return SIZE_FOLDERS.flatMap((folder) => walk(join(root, folder))).map((path) => relative(root, path));
}

/** The name a function goes by: its own, its variable's, its property's, or '(anonymous)'. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every function, method and arrow function of `text` longer than `limit` lines (nested ones too). */
export function longFunctions(file: string, text: string, limit = MAX_FUNCTION_LINES): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
      if (lines > limit) found.push({ file, line: first + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export interface CodeSize {
  readonly functions: LongFunction[];
  readonly files: { file: string; lines: number }[];
}

export function codeSize(root: string): CodeSize {
  const functions: LongFunction[] = [];
  const files: { file: string; lines: number }[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    functions.push(...longFunctions(file, text));
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines >= MAX_FILE_LINES) files.push({ file, lines });
  }
  return { functions, files };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { functions, files } = codeSize(process.cwd());
  for (const each of [...functions].sort((a, b) => b.lines - a.lines)) console.log(`${each.lines}\t${each.file}:${each.line}\t${each.name}`);
  console.log(`${functions.length} functions over ${MAX_FUNCTION_LINES} lines`);
  for (const each of files) console.log(`${each.lines}\t${each.file}`);
  console.log(`${files.length} files of ${MAX_FILE_LINES} lines or more`);
}
