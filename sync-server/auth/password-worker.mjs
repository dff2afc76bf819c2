// A password-hashing thread (./password-pool.ts): scrypt runs synchronously here, so a hash takes
// this thread and never a slot of libuv's shared pool, where the database's fsync and file reads
// wait. Plain JavaScript: Node starts it without a TypeScript loader, in a few milliseconds.
import { Buffer } from 'node:buffer';
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// A bulk thread lowers its own priority (Linux keeps a nice value per thread; pid 0 is this
// thread): a pasted class's hashes use the CPU that sign-ins and the event loop leave.
if (workerData?.nice > 0) {
  try {
    setPriority(0, workerData.nice);
  } catch {
    // Not allowed here (some containers): the pool's queue alone keeps sign-ins first.
  }
}

parentPort?.on('message', (job) => {
  try {
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keyLength, job.options);
    parentPort?.postMessage({ id: job.id, key });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
