import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { randomUuid } from './ids';

describe('randomUuid', () => {
  it('makes valid, distinct version 4 UUIDs', () => {
    const ids = Array.from({ length: 500 }, randomUuid);
    for (const id of ids) expect(z.uuid().safeParse(id).success, id).toBe(true);
    expect(ids.every((id) => id[14] === '4')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
