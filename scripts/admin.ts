/**
 * `npm run admin -- grant <email> <role> [--scope s] [--expires iso]`, `revoke`, `list`:
 * manages roles on the database the server uses (DATA_DIR/chess.sqlite, or DATABASE_URL).
 */
import { isAbsolute, resolve } from 'node:path';
import { openDatabase } from '../sync-server/core/db/connect';
import { runAdminCommand } from '../sync-server/rbac/admin-command';

const dataDir = process.env.DATA_DIR?.trim() || 'data';
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
  dataDir: isAbsolute(dataDir) ? dataDir : resolve(process.cwd(), dataDir),
});
try {
  console.log(await runAdminCommand(database.db, process.argv.slice(2), new Date()));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
