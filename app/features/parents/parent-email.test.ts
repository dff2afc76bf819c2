import { describe, expect, it } from 'vitest';
import { MESSAGES, PARENT_MESSAGES } from '../../../schema';
import { viewOf } from '../../shared/components/refused-mutations';
import { readParentEmailInput } from './parent-email';

describe('readParentEmailInput', () => {
  it('an empty field clears; an address is trimmed and in lower case', () => {
    expect(readParentEmailInput('  ', 'anna@example.com')).toEqual({ ok: true, email: null });
    expect(readParentEmailInput(' Mum@Example.COM ', 'anna@example.com')).toEqual({ ok: true, email: 'mum@example.com' });
  });

  it("refuses what is not an address, and the account's own", () => {
    expect(readParentEmailInput('mum at home', 'anna@example.com')).toEqual({ ok: false, error: MESSAGES.invalidEmail });
    expect(readParentEmailInput('ANNA@example.com', 'anna@example.com')).toEqual({ ok: false, error: PARENT_MESSAGES.ownEmail });
  });

  it('a refused change reads in plain words', () => {
    expect(viewOf('setParentEmail', { email: 'mum@example.com' }).title).toBe("Parent's e-mail not saved");
  });
});
