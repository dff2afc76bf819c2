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

/**
 * Where /login goes once signed in: the page the visitor had opened (a tournament from the venue's
 * QR code, issue 22), carried as `?next=`. Only a path of this app: one leading '/', never '//'
 * or a backslash (another site), never a sign-in page; anything else goes to Play.
 */
export function returnPath(next: string | null): string {
  if (next === null || next.length > 300 || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  const path = next.split(/[?#]/)[0]!;
  if (['/login', '/register', '/forgot-password', '/reset-password', '/verify-email'].some((auth) => path === auth || path.startsWith(`${auth}/`))) return '/';
  return next;
}

/** /login's address from a page opened signed out (with the first screen's code: the shell sends guests there). */
export { loginFrom } from './gate';
