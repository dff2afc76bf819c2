/**
 * `npx tsx scripts/content-translation.ts hi`: what content/i18n/hi/ still lacks or gets wrong
 * (issue 28), one line per problem, for a translator at work; exits 1 while there is any.
 * The same check is a unit test (sync-server/learning/content-translations.test.ts).
 */
import { LOCALES, type Locale } from '../schema/core/values';
import { checkTranslation, TRANSLATED_LOCALES } from '../sync-server/learning/content-translations';

const asked = process.argv.slice(2);
const locales = asked.length > 0 ? asked : TRANSLATED_LOCALES;
let count = 0;
for (const locale of locales) {
  if (!(LOCALES as readonly string[]).includes(locale)) throw new Error(`${locale} is not one of ${LOCALES.join(', ')}`);
  const problems = checkTranslation(locale as Locale);
  for (const problem of problems) console.log(problem);
  console.log(`${locale}: ${problems.length === 0 ? 'complete' : `${problems.length} problems`}`);
  count += problems.length;
}
process.exit(count === 0 ? 0 : 1);
