import { close, fdatasync, fsync, open } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const openFile = promisify(open);
const closeFile = promisify(close);
const fdatasyncFile = promisify(fdatasync);
const fsyncFile = promisify(fsync);

/**
 * Group commit for SQLite in WAL mode (docs/architecture.md, "Durability").
 *
 * better-sqlite3 runs on the event loop, so with `synchronous=FULL` every commit waited there for
 * its own fsync of the WAL: about 0.3 ms of a blocked event loop per push on this machine's disk,
 * and one fsync per commit. Instead the connection runs with `synchronous=NORMAL` (a commit writes
 * its WAL frames with write(2), no fsync) and the server answers a request only after
 * `durable()`: one fdatasync(2) of the WAL file, on libuv's thread pool, covers every commit
 * written before it started, so concurrent requests share one. A commit's frames, once on disk,
 * survive a power cut exactly as under FULL (WAL recovery replays every frame up to the last
 * valid commit); a crash before the fsync loses only answers never sent, which the clients push
 * again. Checkpoints keep SQLite's own fsyncs (NORMAL syncs the WAL before it copies pages).
 */
export class WalGroupCommit {
  /** Write statements run so far, and how many of them the last finished fsync covered. */
  private written = 0;
  private synced = 0;
  private running: Promise<void> | null = null;
  private descriptor: Promise<number> | null = null;
  /** fsyncs done (tests check that concurrent requests share them). */
  fsyncs = 0;

  constructor(private readonly walPath: string) {}

  /** Called before every statement that writes (or may write): its commit is then waited for. */
  noteWrite(): void {
    this.written += 1;
  }

  /** Whether some write is not yet known to be on disk. */
  pending(): boolean {
    return this.synced < this.written;
  }

  /** Resolves once every write made before the call is on disk. Immediate when nothing is pending. */
  async durable(): Promise<void> {
    const target = this.written;
    while (this.synced < target) {
      // An fsync under way may have started before our commit: wait for it, then look again.
      if (this.running === null) this.running = this.syncOnce().finally(() => (this.running = null));
      await this.running;
    }
  }

  async close(): Promise<void> {
    await this.running?.catch(() => undefined);
    const descriptor = await this.descriptor?.catch(() => null);
    this.descriptor = null;
    if (descriptor !== null && descriptor !== undefined) await closeFile(descriptor);
  }

  private async syncOnce(): Promise<void> {
    const upTo = this.written;
    await fdatasyncFile(await this.wal());
    this.fsyncs += 1;
    this.synced = Math.max(this.synced, upTo);
  }

  /** The WAL file, opened once (SQLite keeps it while a connection is open); its folder is fsynced once so the file itself survives. */
  private wal(): Promise<number> {
    this.descriptor ??= (async () => {
      const descriptor = await openFile(this.walPath, 'r');
      const folder = await openFile(dirname(this.walPath), 'r');
      try {
        await fsyncFile(folder);
      } finally {
        await closeFile(folder);
      }
      return descriptor;
    })();
    // A failed open is tried again on the next request rather than remembered.
    this.descriptor.catch(() => (this.descriptor = null));
    return this.descriptor;
  }
}
