/** The profile dialog's pure helpers. */
import type { z } from 'zod';
import type { PlayerProfile } from '../../../schema';

/** Spec: roles shown as badges student, teacher, coach, organizer, parent, admin. */
const ROLE_BADGES: Record<string, string> = {
  student: 'student', teacher: 'teacher', coach: 'coach', organizer: 'organizer', parent: 'parent', super_admin: 'admin', admin: 'admin',
};

export function roleBadges(profile: Pick<PlayerProfile, 'primaryRole' | 'roles'>): string[] {
  const names = [profile.primaryRole, ...profile.roles].map((role) => ROLE_BADGES[role]).filter((name): name is string => Boolean(name));
  return [...new Set(names)];
}

/** Spec: a final position of 3 or better and of 10 or better get different badges. */
export function positionBadge(finalPosition: number | null): { label: string; tone: 'gold' | 'silver' } | null {
  if (finalPosition === null || finalPosition < 1) return null;
  if (finalPosition <= 3) return { label: 'Top 3', tone: 'gold' };
  if (finalPosition <= 10) return { label: 'Top 10', tone: 'silver' };
  return null;
}

/** A list answer, bare or wrapped in an object's one array field; invalid items are dropped (logged). */
export function listFrom<T>(body: unknown, item: z.ZodType<T>): T[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? (Object.values(body).find(Array.isArray) ?? [])
      : [];
  const items: T[] = [];
  for (const entry of list) {
    const parsed = item.safeParse(entry);
    if (parsed.success) items.push(parsed.data);
    else console.warn('Dropping an invalid list item.', parsed.error.issues);
  }
  return items;
}
