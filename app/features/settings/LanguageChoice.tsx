import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isAppLocale, LANGUAGE_NAMES, LOCALES, textDirection, type AppLocale } from '../../shared/i18n';
import { useToast } from '../../shared/components/Toast';
import { useLanguageChoice as useChoice } from './language';

/**
 * The language in effect (./language.ts: the account's when signed in, else this device's, else the
 * browser's) and a way to choose another; App's useLanguage switches every text at once, without a
 * reload.
 */
function useLanguageChoice() {
  const { i18n } = useLingui();
  return useChoice(isAppLocale(i18n.locale) ? i18n.locale : 'en');
}

/**
 * Settings → Appearance → Language: each language by its own name, in its own script and
 * direction. A group inside Appearance, not a section of its own: the spec fixes Settings' list
 * of sections.
 */
export function LanguageField() {
  const { t } = useLingui();
  const toast = useToast();
  const { current, choose } = useLanguageChoice();
  const legendId = useId();
  const pick = (language: AppLocale) =>
    void choose(language).then((ok) => {
      if (!ok) toast({ title: t`Error`, description: t`The setting could not be saved on this device.`, variant: 'destructive' });
    });
  return (
    <div className="field" data-testid="language-field">
      <span id={legendId} className="field__label"><Trans>Language</Trans></span>
      <div className="segmented" role="radiogroup" aria-labelledby={legendId}>
        {LOCALES.map((locale) => (
          <label key={locale} lang={locale} dir={textDirection(locale)}>
            <input type="radio" name="language" value={locale} checked={current === locale} onChange={() => pick(locale)} /> {LANGUAGE_NAMES[locale]}
          </label>
        ))}
      </div>
    </div>
  );
}

/** The landing page's compact chooser, before sign-in: the same choice as Settings → Language. */
export function LanguageChooser() {
  const { current, choose } = useLanguageChoice();
  const id = useId();
  return (
    <div className="language-chooser">
      <label htmlFor={id}><Trans>Language</Trans></label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          if (isAppLocale(event.target.value)) void choose(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>{LANGUAGE_NAMES[locale]}</option>
        ))}
      </select>
    </div>
  );
}
