import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../schema/core/values';
import { catalogueProblems, composeMail, englishProblems, loadMailCatalogues, placeholdersOf, readMailTable } from './catalogue';

const ENGLISH = { 'verifyEmail.subject': 'Confirm', 'verifyEmail.text': 'Hello {username}, open {link}' };

describe('the e-mail texts of every language (messages/<locale>.json)', () => {
  it.each(LOCALES.map((locale) => [locale]))('%s has every text, with the English placeholders', (locale) => {
    expect(catalogueProblems(readMailTable('en') as Record<string, string>, readMailTable(locale))).toEqual([]);
  });

  it('the English table has every e-mail, and no placeholder its e-mail does not fill', () => {
    expect(englishProblems(readMailTable('en') as Record<string, string>)).toEqual([]);
  });

  it('the English e-mails are the words the server always sent', () => {
    expect(composeMail('verifyEmail', null, { username: 'Magnus', link: 'https://chess.example.org/verify-email?token=abc' })).toEqual({
      subject: 'Confirm your Chess Learning App e-mail address',
      text:
        'Hello Magnus,\n\nPlease confirm that this is your e-mail address by opening this link within 24 hours:\n\n' +
        'https://chess.example.org/verify-email?token=abc\n\nIf you did not make a Chess Learning App account, ignore this e-mail.\n',
    });
    expect(composeMail('resetPassword', 'en', { username: 'Magnus', link: 'https://chess.example.org/reset-password?token=abc' })).toEqual({
      subject: 'Reset your Chess Learning App password',
      text:
        'Hello Magnus,\n\nSomeone (we hope you) asked to reset the password of your Chess Learning App account.\n' +
        'Open this link within one hour to choose a new password:\n\nhttps://chess.example.org/reset-password?token=abc\n\n' +
        'If you did not ask for this, ignore this e-mail: your password stays as it is.\n',
    });
  });

  it('fills each placeholder once: a name that looks like one stays as typed', () => {
    const mail = composeMail('resetPassword', 'hi', { username: '{link}', link: 'https://x.example/r' });
    expect(mail.text).toContain('नमस्ते {link},');
    expect(mail.text.match(/https:\/\/x\.example\/r/g)).toHaveLength(1);
  });
});

describe('catalogueProblems', () => {
  it.each([
    ['complete', { 'verifyEmail.subject': 'Confirmer', 'verifyEmail.text': 'Bonjour {username}, ouvre {link}' }, []],
    ['placeholders in another order', { 'verifyEmail.subject': 'Confirmer', 'verifyEmail.text': '{link} : {username}' }, []],
    ['a text missing', { 'verifyEmail.text': 'Bonjour {username}, ouvre {link}' }, ['verifyEmail.subject: is missing']],
    ['a text empty', { 'verifyEmail.subject': ' ', 'verifyEmail.text': 'Bonjour {username}, ouvre {link}' }, ['verifyEmail.subject: is missing']],
    ['a placeholder translated', { 'verifyEmail.subject': 'Confirmer', 'verifyEmail.text': 'Bonjour {utilisateur}, ouvre {link}' }, ['verifyEmail.text: has {link}, {utilisateur}, the English has {link}, {username}']],
    ['a placeholder dropped', { 'verifyEmail.subject': 'Confirmer', 'verifyEmail.text': 'Bonjour, ouvre {link}' }, ['verifyEmail.text: has {link}, the English has {link}, {username}']],
    ['a key of no e-mail', { ...ENGLISH, 'welcome.subject': 'Bienvenue' }, ['welcome.subject: is not in the English table']],
    ['not a table', ['Confirmer'], ['should be an object of texts']],
  ])('%s', (_case, table, problems) => {
    expect(catalogueProblems(ENGLISH, table)).toEqual(problems);
  });

  it('placeholdersOf lists the names between braces, sorted', () => {
    expect(placeholdersOf('{link} and {username}, {link}')).toEqual(['link', 'link', 'username']);
  });
});

describe('loadMailCatalogues', () => {
  it('refuses to start with a language that lacks a text, naming the file and the text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-'));
    try {
      for (const locale of LOCALES) writeFileSync(join(dir, `${locale}.json`), JSON.stringify(readMailTable(locale)));
      const { ['resetPassword.text']: _dropped, ...french } = readMailTable('fr') as Record<string, string>;
      writeFileSync(join(dir, 'fr.json'), JSON.stringify(french));
      expect(() => loadMailCatalogues(dir)).toThrow(/fr\.json: resetPassword\.text: is missing/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
