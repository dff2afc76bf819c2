import { describe, expect, it } from 'vitest';
import { QUEUE_CLOSED, QUEUE_FULL, WORK_CANCELLED, WorkQueue } from './work-queue';

/** Work that finishes when told to, recording when it started. */
function gate(log: string[], name: string) {
  let open: (value: string) => void = () => {};
  const done = new Promise<string>((resolve) => {
    open = resolve;
  });
  return {
    work: (signal: AbortSignal) => {
      log.push(name);
      signal.addEventListener('abort', () => log.push(`${name} aborted`));
      return done;
    },
    finish: () => open(name),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WorkQueue', () => {
  it('runs one work at a time by default, the oldest first, high before normal', async () => {
    const log: string[] = [];
    const queue = new WorkQueue();
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const c = gate(log, 'c');
    const d = gate(log, 'd');
    const results = [queue.run(a.work), queue.run(b.work), queue.run(c.work), queue.run(d.work, { priority: 'high' })];
    expect(log).toEqual(['a']);
    expect(queue.waiting).toBe(3);
    for (const g of [a, d, b, c]) {
      g.finish();
      await settle();
    }
    expect(log).toEqual(['a', 'd', 'b', 'c']);
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.running).toBe(0);
  });

  it("with order 'newest', the newest waiting work of a priority starts first", async () => {
    const log: string[] = [];
    const queue = new WorkQueue({ order: 'newest' });
    const [a, b, c, h1, h2] = ['a', 'b', 'c', 'h1', 'h2'].map((name) => gate(log, name));
    for (const g of [a, b, c]) void queue.run(g!.work);
    void queue.run(h1!.work, { priority: 'high' });
    void queue.run(h2!.work, { priority: 'high' });
    for (const g of [a, h2, h1, c, b]) {
      g!.finish();
      await settle();
    }
    expect(log).toEqual(['a', 'h2', 'h1', 'c', 'b']);
  });

  it('drops work whose signal aborts while it waits, at once, and never starts it', async () => {
    const log: string[] = [];
    const queue = new WorkQueue();
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    void queue.run(a.work);
    const controller = new AbortController();
    const waiting = queue.run(b.work, { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toThrow(WORK_CANCELLED);
    expect(queue.waiting).toBe(0);
    a.finish();
    await settle();
    expect(log).toEqual(['a']);
  });

  it('refuses work whose signal already aborted, and hands running work its signal', async () => {
    const log: string[] = [];
    const queue = new WorkQueue({ cancelled: () => new Error('gone') });
    const aborted = new AbortController();
    aborted.abort();
    await expect(queue.run(gate(log, 'x').work, { signal: aborted.signal })).rejects.toThrow('gone');
    const controller = new AbortController();
    const a = gate(log, 'a');
    void queue.run(a.work, { signal: controller.signal });
    controller.abort();
    expect(log).toEqual(['a', 'a aborted']);
  });

  it('runs up to `concurrency` works at once and bounds the wait list', async () => {
    const log: string[] = [];
    const queue = new WorkQueue({ concurrency: 2, limit: 1, full: (waiting) => new Error(`full at ${waiting}`) });
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gate(log, name));
    void queue.run(a!.work);
    void queue.run(b!.work);
    void queue.run(c!.work);
    expect(log).toEqual(['a', 'b']);
    await expect(queue.run(gate(log, 'd').work)).rejects.toThrow('full at 1');
    // With an engine free, work starts even when no work may wait.
    await expect(new WorkQueue({ limit: 0 }).run(async () => 1)).resolves.toBe(1);
    b!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    const busy = new WorkQueue({ limit: 0 });
    void busy.run(() => new Promise(() => {}));
    await expect(busy.run(async () => 1)).rejects.toThrow(QUEUE_FULL);
  });

  it('passes on a failure and a throw, and goes on with the next work', async () => {
    const queue = new WorkQueue();
    const failed = queue.run(() => Promise.reject(new Error('no')));
    const thrown = queue.run(() => {
      throw new Error('thrown');
    });
    const next = queue.run(async () => 'next');
    await expect(failed).rejects.toThrow('no');
    await expect(thrown).rejects.toThrow('thrown');
    await expect(next).resolves.toBe('next');
  });

  it('close refuses the waiting work and everything after; running work finishes', async () => {
    const log: string[] = [];
    const queue = new WorkQueue();
    const a = gate(log, 'a');
    const running = queue.run(a.work);
    const waiting = queue.run(gate(log, 'b').work);
    queue.close();
    await expect(waiting).rejects.toThrow(QUEUE_CLOSED);
    await expect(queue.run(async () => 1)).rejects.toThrow(QUEUE_CLOSED);
    a.finish();
    await expect(running).resolves.toBe('a');
    expect(log).toEqual(['a']);
  });
});
