import { describe, expect, it } from 'vitest';
import { loginFrom, makeSignInAddress, parseSignInAddress, returnPath } from './sign-in-address';

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

describe('returnPath and loginFrom (the page opened before signing in)', () => {
  it.each([
    ['/tournaments/5?tab=pairings', '/tournaments/5?tab=pairings'],
    ['/lessons', '/lessons'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/x', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['/login?next=/x', '/'],
    ['/register', '/'],
    ['/verify-email?token=abc', '/'],
    [`/${'a'.repeat(400)}`, '/'],
  ])('%s goes to %s', (next, expected) => {
    expect(returnPath(next)).toBe(expected);
  });

  it('carries the path and its query, and nothing from Play', () => {
    expect(loginFrom('/tournaments/5', '?tab=pairings')).toBe('/login?next=%2Ftournaments%2F5%3Ftab%3Dpairings');
    expect(returnPath(new URLSearchParams(loginFrom('/tournaments/5', '?tab=pairings').split('?')[1]).get('next'))).toBe('/tournaments/5?tab=pairings');
    expect(loginFrom('/', '')).toBe('/login');
  });
});
