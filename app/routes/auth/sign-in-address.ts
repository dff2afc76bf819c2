/**
 * The address on a class's login cards (issue 19): /login asking for a username, and the card's
 * username already typed in. Never the password: an address ends up in browser histories, proxy
 * logs and photos of the card's QR code.
 */
export function makeSignInAddress(origin: string, username?: string): string {
  const params = new URLSearchParams({ with: 'username' });
  if (username) params.set('u', username);
  return `${origin}/login?${params.toString()}`;
}

/** What /login reads from its address: whether it asks for a username, and which one to prefill. */
export function parseSignInAddress(params: URLSearchParams): { withUsername: boolean; username: string } {
  const withUsername = params.get('with') === 'username';
  return { withUsername, username: withUsername ? (params.get('u') ?? '').trim() : '' };
}
