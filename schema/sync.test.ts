import { describe, expect, it } from 'vitest';
import { mutationSchema, SYNC_PROTOCOL, SYNC_PROTOCOL_MIN, upgradeMutation, MUTATION_UPGRADES } from './sync';

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
