import { describe, expect, it } from 'vitest';
import { makeSignInAddress, parseSignInAddress } from './sign-in-address';

describe('the sign-in address on a login card', () => {
  const origin = 'https://chess.school.example';

  it.each([
    ['no username: the username form only', undefined, `${origin}/login?with=username`],
    ['a generated username', 'AnnaS2', `${origin}/login?with=username&u=AnnaS2`],
    ['a username a teacher edited (escaped)', 'Zoë & co', `${origin}/login?with=username&u=Zo%C3%AB+%26+co`],
  ])('%s', (_, username, expected) => {
    expect(makeSignInAddress(origin, username)).toBe(expected);
  });

  it.each(['AnnaS2', 'Zoë & co', 'a+b=c?'])('reads back what it wrote: %s', (username) => {
    const address = new URL(makeSignInAddress(origin, username));
    expect(parseSignInAddress(address.searchParams)).toEqual({ withUsername: true, username });
  });

  it('never carries anything but the form and the username', () => {
    const address = new URL(makeSignInAddress(origin, 'AnnaS2'));
    expect([...address.searchParams.keys()]).toEqual(['with', 'u']);
  });

  it.each([
    ['the ordinary e-mail form', '', { withUsername: false, username: '' }],
    ['a username without the username form is ignored', 'u=AnnaS2', { withUsername: false, username: '' }],
    ['the username form, nothing to prefill', 'with=username', { withUsername: true, username: '' }],
    ['spaces around a prefilled username are dropped', 'with=username&u=%20AnnaS2%20', { withUsername: true, username: 'AnnaS2' }],
  ])('%s', (_, query, expected) => {
    expect(parseSignInAddress(new URLSearchParams(query))).toEqual(expected);
  });
});
