import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-db';

/**
 * The migrations are the one source of the tables; ./types.ts (and ./tables-*.ts) say how the code sees them. This
 * holds the two together on the database the run uses (SQLite, or PostgreSQL with DATABASE_URL):
 * every table types.ts lists exists with every column it types; a column typed as possibly null is
 * nullable in the database and the other way round; a column an insert may leave out has a
 * default; and a column the code never names (the spec's data model has some) needs nothing on
 * insert. A migration that drops, renames or loosens a column fails here until types.ts says so.
 */

interface TypedColumn {
  readonly name: string;
  readonly nullable: boolean;
  /** Optional on insert: Generated<...>, or ColumnType whose insert type admits undefined. */
  readonly insertOptional: boolean;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The select type of a column's declared type: T of Generated<T>, S of ColumnType<S, I, U>. */
function selectAndInsert(type: ts.TypeNode): { select: ts.TypeNode; insert: ts.TypeNode | null; generated: boolean } {
  if (ts.isTypeReferenceNode(type) && type.typeArguments) {
    const name = type.typeName.getText();
    if (name === 'Generated') return { select: type.typeArguments[0]!, insert: null, generated: true };
    if (name === 'ColumnType') return { select: type.typeArguments[0]!, insert: type.typeArguments[1] ?? type.typeArguments[0]!, generated: false };
  }
  return { select: type, insert: type, generated: false };
}

const admits = (type: ts.TypeNode | null, keyword: ts.SyntaxKind): boolean =>
  type !== null &&
  (ts.isUnionTypeNode(type)
    ? type.types.some((member) => admits(member, keyword))
    : type.kind === keyword || (ts.isLiteralTypeNode(type) && type.literal.kind === keyword));

/** Each table of the Database interface in types.ts (its tables in ./tables-*.ts), with its typed columns. */
function typedTables(): Map<string, TypedColumn[]> {
  const folder = fileURLToPath(new URL('.', import.meta.url));
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const name of readdirSync(folder).filter((file) => file === 'types.ts' || /^tables-.*\.ts$/.test(file))) {
    const source = ts.createSourceFile(name, readFileSync(join(folder, name), 'utf8'), ts.ScriptTarget.Latest, true);
    source.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    });
  }
  const tables = new Map<string, TypedColumn[]>();
  for (const member of interfaces.get('Database')?.members ?? []) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const declaration = interfaces.get(member.type.getText());
    if (!declaration) throw new Error(`types.ts: no interface ${member.type.getText()} for table ${member.name.getText()}`);
    const columns = declaration.members.filter(ts.isPropertySignature).map((column): TypedColumn => {
      const { select, insert, generated } = selectAndInsert(column.type!);
      return {
        name: snake(column.name.getText()),
        nullable: admits(select, ts.SyntaxKind.NullKeyword),
        insertOptional: generated || admits(insert, ts.SyntaxKind.UndefinedKeyword) || column.questionToken !== undefined,
      };
    });
    tables.set(snake(member.name.getText()), columns);
  }
  return tables;
}

describe('db/types.ts against the migrated database', () => {
  let test: TestDatabase;
  let actual: Map<string, { name: string; isNullable: boolean; hasDefaultValue: boolean; isAutoIncrementing: boolean }[]>;
  const typed = typedTables();

  beforeAll(async () => {
    test = await createTestDatabase();
    // PostgreSQL: this file's own schema (other test files have theirs in the same database).
    const schema = test.kind === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(test.database.db)).rows[0]?.name : undefined;
    const tables = (await test.database.db.introspection.getTables()).filter((table) => schema === undefined || table.schema === schema);
    // Booleans arrive as 0/1 on PostgreSQL too (connect.ts sets its parsers to match SQLite).
    actual = new Map(
      tables.map((table) => [
        table.name,
        table.columns.map((column) => ({ name: column.name, isNullable: Boolean(column.isNullable), hasDefaultValue: Boolean(column.hasDefaultValue), isAutoIncrementing: Boolean(column.isAutoIncrementing) })),
      ]),
    );
    // SQLite reports a primary key column declared without NOT NULL as nullable; no row has null there.
    if (test.kind === 'sqlite') {
      for (const [name, columns] of actual) {
        const keys = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name})`.execute(test.database.db);
        const primary = new Set(keys.rows.filter((row) => row.pk > 0).map((row) => row.name));
        actual.set(name, columns.map((column) => (primary.has(column.name) ? { ...column, isNullable: false } : column)));
      }
    }
  });
  afterAll(async () => test.remove());

  it('lists some forty tables', () => {
    expect(typed.size).toBeGreaterThan(40);
  });

  for (const [table, columns] of typed) {
    it(`${table}: its typed columns exist, nullable alike, with defaults where inserts may leave them out`, () => {
      const found = actual.get(table);
      expect(found, `table ${table} is not in the migrated database`).toBeDefined();
      const database = new Map(found!.map((column) => [column.name, column]));
      const typedNames = new Set(columns.map((column) => column.name));
      expect(columns.map((column) => column.name).filter((name) => !database.has(name)), `${table}: typed columns the database lacks`).toEqual([]);
      // A column the code never names (the spec's data model has more) must look after itself on insert.
      const unlisted = found!.filter((column) => !typedNames.has(column.name));
      expect(unlisted.filter((column) => !column.isNullable && !column.hasDefaultValue && !column.isAutoIncrementing).map((column) => column.name), `${table}: untyped columns an insert must fill`).toEqual([]);
      for (const column of columns) {
        const real = database.get(column.name)!;
        expect(column.nullable, `${table}.${column.name}: types.ts ${column.nullable ? 'admits' : 'refuses'} null`).toBe(real.isNullable);
        // A column an insert may leave out has a default (or is null, or counts itself up).
        if (column.insertOptional) {
          expect(real.hasDefaultValue || real.isNullable || real.isAutoIncrementing, `${table}.${column.name} may be left out of an insert but has no default`).toBe(true);
        }
      }
    });
  }
});
