import { describe, expect, it } from 'vitest';
import { PARENT_PIN_HASH_FORMAT, chessSettingsSchema } from '../../../schema';
import { PIN_PATTERN, hashPin, verifyPin } from './parent-pin';

describe('the parent PIN', () => {
  it('is stored as a salted hash the settings schema accepts, never as the digits', async () => {
    const stored = await hashPin('2580');
    expect(stored).toMatch(PARENT_PIN_HASH_FORMAT);
    expect(stored).not.toContain('2580');
    expect(chessSettingsSchema.parse({ parentPinHash: stored }).parentPinHash).toBe(stored);
    // A new salt each time: the same PIN hashes differently.
    expect(await hashPin('2580')).not.toBe(stored);
  });

  it('accepts the PIN and refuses any other', async () => {
    const stored = await hashPin('2580');
    expect(await verifyPin('2580', stored)).toBe(true);
    for (const other of ['2581', '0258', '25800', '']) expect(await verifyPin(other, stored)).toBe(false);
  });

  it('refuses a hash that does not parse', async () => {
    expect(await verifyPin('2580', 'plain-2580')).toBe(false);
    expect(chessSettingsSchema.safeParse({ parentPinHash: '2580' }).success).toBe(false);
  });

  it.each([
    ['1234', true],
    ['12345678', true],
    ['123', false],
    ['123456789', false],
    ['12a4', false],
  ])('%s is a PIN: %s', (pin, expected) => {
    expect(PIN_PATTERN.test(pin)).toBe(expected);
  });
});
