import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SYNC_PROTOCOL, SYNC_PROTOCOL_MIN, upgradeMutation, MUTATION_UPGRADES } from './sync';
import { clampClientTimes, MUTATION_CLIENT_TIMES, mutationSchema } from './mutations';

const saveGame = {
  id: 1,
  name: 'saveGame',
  args: {
    gameId: '00000000-0000-4000-8000-000000000001',
    game: { opponent: 'Computer', result: 'win', moves: ['e4'], gameMode: 'pvc', playerColor: 'white', gameDurationSeconds: 3 },
    finishedAt: '2026-11-20T10:00:00.000Z',
  },
};

describe('upgradeMutation', () => {
  it('has a step from every accepted protocol up to this one', () => {
    for (let version = SYNC_PROTOCOL_MIN; version < SYNC_PROTOCOL; version++) expect(MUTATION_UPGRADES[version]).toBeTypeOf('function');
  });

  it('leaves a mutation of this protocol as it is', () => {
    expect(upgradeMutation(saveGame, SYNC_PROTOCOL)).toBe(saveGame);
  });

  it('turns a protocol 1 saveGame into a valid mutation of this protocol', () => {
    expect(mutationSchema.safeParse(upgradeMutation(saveGame, 1)).success).toBe(true);
  });

  it('applies the steps in order from the client protocol up', () => {
    const steps: string[] = [];
    const upgrades = Object.fromEntries(
      Array.from({ length: SYNC_PROTOCOL }, (_, i) => [i, (m: unknown) => (steps.push(`${i}`), { ...(m as object), [`v${i + 1}`]: true })]),
    );
    const upgraded = upgradeMutation({ id: 1 }, 0, upgrades) as Record<string, unknown>;
    expect(steps).toEqual(Array.from({ length: SYNC_PROTOCOL }, (_, i) => `${i}`));
    expect(upgraded[`v${SYNC_PROTOCOL}`]).toBe(true);
  });

  it('throws for a protocol it has no step for', () => {
    expect(() => upgradeMutation(saveGame, 0)).toThrow(/protocol 0/);
  });
});

/** What zod keeps of a schema, enough to walk the arguments (zod 4's `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  format?: string;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every field of an argument schema that holds a time: an ISO date or date-time, a text named
 * like one (…At, …Time, …Date), or anything else named …At (a time in milliseconds). Amounts of
 * time (dailyPlayTime, timeSpent in seconds) are not times.
 */
function timeFields(schema: z.ZodType, path = ''): string[] {
  const def = defOf(schema);
  const named = /(At|Time|Date)$/.test(path);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) => timeFields(value, path ? `${path}.${key}` : key));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return timeFields(def.innerType as z.ZodType, path);
    case 'array':
      return timeFields(def.element as z.ZodType, `${path}[]`);
    case 'pipe':
      return [...new Set([...timeFields(def.in as z.ZodType, path), ...timeFields(def.out as z.ZodType, path)])];
    case 'union':
      return [...new Set((def.options ?? []).flatMap((option) => timeFields(option, path)))];
    case 'intersection':
      return [...new Set([...timeFields(def.left as z.ZodType, path), ...timeFields(def.right as z.ZodType, path)])];
    case 'string':
      return def.format === 'datetime' || def.format === 'date' || named ? [path] : [];
    default:
      return /At$/.test(path) ? [path] : [];
  }
}

/**
 * Issue 26: every time in every mutation's arguments, and whose clock it is. 'device': read from
 * the device's clock, clamped to the server's (MUTATION_CLIENT_TIMES); 'chosen': a date or time a
 * person chose (a due date, a tournament's dates, a round's start), checked by its feature. A new
 * time field fails here until it is put in one list or the other.
 */
const TIME_FIELDS: Readonly<Record<string, Readonly<Record<string, 'device' | 'chosen'>>>> = {
  saveGame: { finishedAt: 'device' },
  completeLesson: { completedAt: 'device' },
  viewTip: { viewedAt: 'device' },
  completeTip: { completedAt: 'device' },
  recordPuzzleAttempt: { attemptedAt: 'device' },
  completeOnboarding: { completedAt: 'device' },
  saveSettings: { updatedAt: 'device' },
  setLanguage: { setAt: 'device' },
  recordTrainerAttempt: { attemptedAt: 'device' },
  assignHomework: { assignedAt: 'device', dueAt: 'chosen' },
  updateTournament: { 'fields.startDate': 'chosen', 'fields.endDate': 'chosen', 'fields.registrationStartDate': 'chosen', 'fields.registrationEndDate': 'chosen' },
  createRound: { startTime: 'chosen' },
};

describe('times in mutations (issue 26)', () => {
  const mutations = mutationSchema.options.map((option) => ({ name: (option.shape.name as unknown as { value: string }).value, args: option.shape.args as z.ZodType }));

  it.each(mutations.map((mutation) => [mutation.name, mutation.args] as const))('%s: each time field is in the table, and the device’s are clamped', (name, args) => {
    const fields = timeFields(args);
    expect(fields.sort()).toEqual(Object.keys(TIME_FIELDS[name] ?? {}).sort());
    const device = Object.entries(TIME_FIELDS[name] ?? {}).flatMap(([field, clock]) => (clock === 'device' ? [field] : []));
    expect([...((MUTATION_CLIENT_TIMES as Record<string, readonly string[] | undefined>)[name] ?? [])].sort()).toEqual(device.sort());
  });

  it('finds the time fields of an argument schema (the walker itself)', () => {
    expect(timeFields(mutationSchema.options[0].shape.args)).toEqual(['finishedAt']);
  });

  const now = new Date('2026-11-27T09:00:00.000Z');
  it.each([
    ['two days ahead', '2026-11-29T09:00:00.000Z', '2026-11-27T09:00:00.000Z'],
    ['a second ahead', '2026-11-27T09:00:01.000Z', '2026-11-27T09:00:00.000Z'],
    ['now', '2026-11-27T09:00:00.000Z', '2026-11-27T09:00:00.000Z'],
    ['last week (work done offline)', '2026-11-20T16:30:00.000Z', '2026-11-20T16:30:00.000Z'],
  ])('clampClientTimes: a time %s becomes %s', (_what, sent, stored) => {
    const args = { lessonId: 3, score: 80, completedAt: sent };
    expect(clampClientTimes('completeLesson', args, now)).toEqual({ lessonId: 3, score: 80, completedAt: stored });
  });

  it('clampClientTimes leaves a chosen time alone (a homework due in a week)', () => {
    const args = { classId: 1, key: '00000000-0000-4000-8000-000000000001', task: { kind: 'lesson', lessonId: 1 }, note: '', studentIds: null, dueAt: '2026-12-04T09:00:00.000Z', assignedAt: '2026-12-01T09:00:00.000Z' } as const;
    expect(clampClientTimes('assignHomework', args, now)).toEqual({ ...args, assignedAt: now.toISOString() });
  });
});
