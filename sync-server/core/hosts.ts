/**
 * Whether a request's Host is one the server may put in links: an entry without a port allows
 * that name on any port ('localhost'), one with a port only that port ('192.168.1.10:3000'). Reset
 * links (auth/routes.ts) and the cross-site check (plugins/cross-site.ts) both ask it.
 */
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  const wanted = host.trim().toLowerCase();
  const name = wanted.replace(/:\d+$/, '');
  return allowed.some((entry) => {
    const candidate = entry.trim().toLowerCase();
    return candidate === wanted || (!/:\d+$/.test(candidate) && candidate === name);
  });
}
