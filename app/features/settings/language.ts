/**
 * The app's language (issue 28; docs/decisions.md, 'Languages of an account'): which one to show
 * (app/shared/i18n/locales.ts chooseLocale says in what order), and a choice made in Settings or on
 * the landing page. Signed out (or as a guest), the choice is this device's (chess-preferences, like
 * the theme). Signed in, it is the person's: kept on this device at once under their id
 * (chess-account-language, which leaves with them) and queued to their account (the setLanguage
 * mutation), so their other devices and their e-mails follow it.
 */
import { useCallback } from 'react';
import type { AppLocale } from '../../../schema/core/values';
import { chooseLocale } from '../../shared/i18n';
import { useRecord, writeRecord } from '../../shared/db';
import { currentUserId, useAuth } from '../auth';
import { accountLanguageRecord } from './records';
import { usePreferences } from './settings';

/** The language to show, or undefined while the preferences or the sign-in are still loading (the first paint's stays). */
export function useAppLocale(): AppLocale | undefined {
  const { preferences } = usePreferences();
  const choiceHere = useRecord(accountLanguageRecord);
  const auth = useAuth();
  if (preferences === undefined || choiceHere === undefined || auth.status === 'loading') return undefined;
  return chooseLocale({
    device: preferences.language,
    account: auth.status === 'signedIn' ? auth.user : null,
    choiceHere,
    browser: typeof navigator === 'undefined' ? [] : (navigator.languages ?? []),
  });
}

/**
 * Stores the signed-in person's choice on this device and queues it for their account. Answers
 * whether it was stored here (queuing can fail only with IndexedDB: the next choice sends it again).
 */
export async function chooseAccountLanguage(userId: number, language: AppLocale | null, now = new Date()): Promise<boolean> {
  const setAt = now.toISOString();
  const stored = await writeRecord(accountLanguageRecord, { userId, language, setAt });
  if (!stored) return false;
  try {
    await (await import('../../shared/outbox')).enqueue(userId, 'setLanguage', { language, setAt });
  } catch (error) {
    console.error('The language could not be queued for the account.', error);
  }
  return true;
}

/** The language in effect and a way to choose another: the device's when signed out, the account's when signed in. */
export function useLanguageChoice(fallback: AppLocale) {
  const current = useAppLocale() ?? fallback;
  const { update } = usePreferences();
  const choose = useCallback(
    (language: AppLocale): Promise<boolean> => {
      const userId = currentUserId();
      return userId === null ? update({ language }) : chooseAccountLanguage(userId, language);
    },
    [update],
  );
  return { current, choose };
}
