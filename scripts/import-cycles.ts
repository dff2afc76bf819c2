/**
 * The import graph of the code (schema/, domain/, worker/, app/, sync-server/) and its cycles.
 * Every static `import ... from` and `export ... from` with a relative specifier is an edge,
 * type-only ones too: a cycle of types still ties two modules into one that cannot be read, tested
 * or moved apart (issue 22). Dynamic `import()` (the app's lazy screens) is not an edge: it runs
 * after both modules have loaded. scripts/import-cycles.test.ts keeps the count at zero, and the
 * pairs of sync-server folders importing each other (folderTwoCycles) from growing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const CODE_FOLDERS = ['schema', 'domain', 'worker', 'app', 'sync-server'] as const;

const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** The relative specifiers of a file's static imports and re-exports (type-only ones included). */
export function staticImports(text: string): string[] {
  const file = ts.createSourceFile('x.tsx', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const specifiers: string[] = [];
  for (const statement of file.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      if (specifier.startsWith('./') || specifier.startsWith('../')) specifiers.push(specifier);
    }
  }
  return specifiers;
}

function resolveSpecifier(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((path) => SOURCE.test(path) && existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Each file (relative to root) with the files it imports. */
export function importGraph(root: string, folders: readonly string[] = CODE_FOLDERS): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const folder of folders) {
    for (const file of sourceFiles(join(root, folder))) {
      const targets = staticImports(readFileSync(file, 'utf8'))
        .map((specifier) => resolveSpecifier(file, specifier))
        .filter((target): target is string => target !== null)
        .map((target) => relative(root, target));
      graph.set(relative(root, file), [...new Set(targets)]);
    }
  }
  return graph;
}

/**
 * One cycle per strongly connected component (Tarjan), each written as the path round it:
 * ['a.ts', 'b.ts', 'a.ts']. Empty when the graph has none.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (start: string) => {
    // Iterative, so a deep chain of imports cannot overflow the call stack.
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) components.push(component);
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cycleThrough(graph, new Set(component)));
}

/** The shortest way from the component's first file (by name) back to itself, staying inside it. */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const back = [node];
        while (back[back.length - 1] !== start) back.push(previous.get(back[back.length - 1]!)!);
        return [...back.reverse(), start];
      }
      if (!previous.has(target) && target !== start) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/**
 * The pairs of `under`'s top folders that import each other (issue 27: a feature folder and the
 * shared pieces, or two features, tied into one): 'a <-> b', sorted. Files directly in `under`
 * (its composition root) count as the folder '(root)'; imports leaving `under` are left out.
 */
export function folderTwoCycles(graph: ReadonlyMap<string, readonly string[]>, under: string): string[] {
  const prefix = `${under}/`;
  const folderOf = (file: string) => {
    const rest = file.slice(prefix.length);
    return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : '(root)';
  };
  const edges = new Set<string>();
  for (const [from, targets] of graph) {
    if (!from.startsWith(prefix)) continue;
    for (const target of targets) {
      if (target.startsWith(prefix) && folderOf(from) !== folderOf(target)) edges.add(`${folderOf(from)} -> ${folderOf(target)}`);
    }
  }
  const pairs: string[] = [];
  for (const edge of edges) {
    const [a, b] = edge.split(' -> ') as [string, string];
    if (a < b && edges.has(`${b} -> ${a}`)) pairs.push(`${a} <-> ${b}`);
  }
  return pairs.sort();
}
