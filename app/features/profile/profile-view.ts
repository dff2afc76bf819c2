/** The profile dialog's pure helpers. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import type { PlayerProfile } from '../../../schema';

/** Spec: roles shown as badges student, teacher, coach, organizer, parent, admin. */
const ROLE_BADGES: Record<string, RoleBadge> = {
  student: 'student', teacher: 'teacher', coach: 'coach', organizer: 'organizer', parent: 'parent', super_admin: 'admin', admin: 'admin',
};
type RoleBadge = 'student' | 'teacher' | 'coach' | 'organizer' | 'parent' | 'admin';

/** Each badge's words (lower case, as the spec lists them). */
export const ROLE_BADGE_LABELS: Readonly<Record<RoleBadge, MessageDescriptor>> = {
  student: msg`student`,
  teacher: msg`teacher`,
  coach: msg`coach`,
  organizer: msg`organizer`,
  parent: msg`parent`,
  admin: msg`admin`,
};

export function roleBadges(profile: Pick<PlayerProfile, 'primaryRole' | 'roles'>): RoleBadge[] {
  const names = [profile.primaryRole, ...profile.roles].map((role) => ROLE_BADGES[role]).filter((name): name is RoleBadge => Boolean(name));
  return [...new Set(names)];
}

/** Spec: a final position of 3 or better and of 10 or better get different badges ('Top 3', 'Top 10'). */
export function positionBadge(finalPosition: number | null): { top: 3 | 10; tone: 'gold' | 'silver' } | null {
  if (finalPosition === null || finalPosition < 1) return null;
  if (finalPosition <= 3) return { top: 3, tone: 'gold' };
  if (finalPosition <= 10) return { top: 10, tone: 'silver' };
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
