/**
 * For tests only: an I18n in a language with its catalogues' translations and those waiting in
 * app/locales/incoming/*.json (translations written apart from the .po files until they are
 * brought in), so a test can read a text as a child of that language will.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { parsePoFile } from '@lingui/format-po';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

const PO_FILES = import.meta.glob<string>('../../locales/*/*.po', { query: '?raw', import: 'default', eager: true });
const INCOMING = import.meta.glob<Record<string, Record<string, string>>>('../../locales/incoming/*.json', { import: 'default', eager: true });

export function translatedI18n(locale: string): I18n {
  const translations = new Map<string, string>();
  for (const [path, text] of Object.entries(PO_FILES)) {
    if (!path.includes(`/${locale}/`)) continue;
    for (const item of parsePoFile(text).items) if (!item.obsolete && item.msgstr[0]) translations.set(item.msgid, item.msgstr[0]);
  }
  for (const file of Object.values(INCOMING)) {
    for (const [msgid, byLocale] of Object.entries(file)) if (byLocale[locale] && !translations.has(msgid)) translations.set(msgid, byLocale[locale]);
  }
  const messages = Object.fromEntries([...translations].map(([msgid, translation]) => [generateMessageId(msgid) as string, compileMessageOrThrow(translation)]));
  return setupI18n({ locale, messages: { [locale]: messages } });
}
