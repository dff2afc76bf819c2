import { describe, expect, it } from 'vitest';
import { COACH_TASK_CANCELLED, createCoachQueue } from './coach-queue';

/** Tasks that finish when the test says so, recording the order they started in. */
function manualTasks() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.set(name, () => resolve(name));
    });
  return { started, task, finish: (name: string) => finishers.get(name)!() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createCoachQueue', () => {
  it('runs one task at a time, in order', async () => {
    const tasks = manualTasks();
    const queue = createCoachQueue();
    const a = queue.run(tasks.task('a'));
    const b = queue.run(tasks.task('b'));
    expect(tasks.started).toEqual(['a']);
    expect(queue.waiting).toBe(1);
    tasks.finish('a');
    expect(await a).toBe('a');
    await flush();
    expect(tasks.started).toEqual(['a', 'b']);
    tasks.finish('b');
    expect(await b).toBe('b');
  });

  it('skips a task whose signal was aborted while it waited, and puts high priority first', async () => {
    const tasks = manualTasks();
    const queue = createCoachQueue();
    const stale = new AbortController();
    const running = queue.run(tasks.task('running'));
    const old = queue.run(tasks.task('old'), { signal: stale.signal });
    const background = queue.run(tasks.task('background'));
    const hint = queue.run(tasks.task('hint'), { priority: 'high' });
    stale.abort();
    tasks.finish('running');
    await running;
    await flush();
    expect(tasks.started).toEqual(['running', 'hint']);
    tasks.finish('hint');
    await hint;
    await expect(old).rejects.toThrow(COACH_TASK_CANCELLED);
    await flush();
    tasks.finish('background');
    await background;
    expect(tasks.started).toEqual(['running', 'hint', 'background']);
  });

  it('a failed or throwing task does not stop the queue', async () => {
    const queue = createCoachQueue();
    const failed = queue.run(async () => {
      throw new Error('Engine failed: boom');
    });
    const threw = queue.run((): Promise<string> => {
      throw new Error('sync');
    });
    const good = queue.run(async () => 'good');
    await expect(failed).rejects.toThrow('Engine failed: boom');
    await expect(threw).rejects.toThrow('sync');
    expect(await good).toBe('good');
  });

  it('tells the running task when its signal aborts, and not after it finished', async () => {
    const tasks = manualTasks();
    const queue = createCoachQueue();
    const running = new AbortController();
    const finished = new AbortController();
    const cancelled: string[] = [];
    const first = queue.run(tasks.task('first'), { signal: finished.signal, onCancel: () => cancelled.push('first') });
    tasks.finish('first');
    await first;
    finished.abort();
    const second = queue.run(tasks.task('second'), { signal: running.signal, onCancel: () => cancelled.push('second') });
    await flush();
    running.abort();
    expect(cancelled).toEqual(['second']);
    tasks.finish('second');
    await second;
  });
});
