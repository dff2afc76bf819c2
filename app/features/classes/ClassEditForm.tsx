import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CLASS_MAX_MEMBERS, CLASS_SKILL_LEVELS, updateClassRequestSchema, type ClassSummary } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { LANGUAGE_NAMES, LOCALES } from '../../shared/i18n';
import { useToast } from '../../shared/components/Toast';
import { currentUserId } from '../auth';
import { updateClass } from './classes';
import { CLASS_FORM_MESSAGES, SKILL_LEVEL_LABELS } from './class-labels';
import { fieldErrors, formValues, type FieldErrors } from '../../shared/components/form';

/**
 * The class's staff edit its name, grade, level, size and language (issues 19, 28) in the page. Through the
 * outbox: shown at once, sent now or when back online. The size may not go below the students it
 * has (checked here and again by the server).
 */
export function ClassEditForm({ summary, offline }: { summary: ClassSummary; offline: boolean }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  if (!open) {
    return (
      <p className="class-edit__open">
        <button type="button" className="button" onClick={() => setOpen(true)}>
          <Icon name="settings" /> <Trans>Edit class</Trans>
        </button>
      </p>
    );
  }

  const close = () => {
    setErrors({});
    setOpen(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = updateClassRequestSchema.safeParse({
      name: values.name ?? '',
      gradeLevel: values.gradeLevel || null,
      skillLevel: values.skillLevel || null,
      maxMembers: values.maxMembers ? Number(values.maxMembers) : Number.NaN,
      language: values.language || null,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (parsed.data.maxMembers < summary.studentCount) return setErrors({ maxMembers: i18n._(CLASS_FORM_MESSAGES.maxBelowCount) });
    const teacherId = currentUserId();
    if (teacherId === null) return;
    void updateClass(teacherId, { ...parsed.data, classId: summary.id }).then(() => {
      close();
      toast({ title: t`Class saved`, ...(offline ? { description: t`It is sent when you are back online.` } : {}) });
    });
  };

  const describedBy = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form className="card class-form class-edit" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}><Trans>Edit class</Trans></h2>
      <div className="field">
        <label htmlFor={`${id}-name`} className="field__label"><Trans>Class name</Trans></label>
        <input id={`${id}-name`} name="name" className="input" maxLength={100} defaultValue={summary.name} autoFocus aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')} />
        {errors.name && <p id={`${id}-name-error`} className="field__error" role="alert">{errors.name}</p>}
      </div>
      <div className="class-form__row">
        <div className="field">
          <label htmlFor={`${id}-grade`} className="field__label"><Trans>Grade (optional)</Trans></label>
          <input id={`${id}-grade`} name="gradeLevel" className="input" maxLength={40} defaultValue={summary.gradeLevel ?? ''} aria-invalid={errors.gradeLevel ? true : undefined} aria-describedby={describedBy('gradeLevel')} />
          {errors.gradeLevel && <p id={`${id}-gradeLevel-error`} className="field__error" role="alert">{errors.gradeLevel}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-skill`} className="field__label"><Trans>Level</Trans></label>
          <select id={`${id}-skill`} name="skillLevel" className="input" defaultValue={summary.skillLevel ?? ''}>
            <option value=""><Trans>Mixed</Trans></option>
            {CLASS_SKILL_LEVELS.map((level) => <option key={level} value={level}>{i18n._(SKILL_LEVEL_LABELS[level])}</option>)}
          </select>
        </div>
        <SizeField id={id} summary={summary} errors={errors} />
      </div>
      <LanguageField id={id} summary={summary} />
      {offline && <p className="sync-line"><Trans>You are offline. The change is sent when you are back online.</Trans></p>}
      <div className="class-edit__actions">
        <button type="submit" className="button button--primary"><Icon name="check" /> <Trans>Save class</Trans></button>
        <button type="button" className="button" onClick={close}><Trans>Cancel</Trans></button>
      </div>
    </form>
  );
}

/** The class's size: at least the students it has now. */
function SizeField({ id, summary, errors }: { id: string; summary: ClassSummary; errors: FieldErrors }) {
  const count = summary.studentCount;
  return (
    <div className="field">
      <label htmlFor={`${id}-max`} className="field__label"><Trans>Most students</Trans></label>
      <input
        id={`${id}-max`}
        name="maxMembers"
        className="input"
        type="number"
        min={Math.max(1, summary.studentCount)}
        max={CLASS_MAX_MEMBERS}
        defaultValue={summary.maxMembers}
        aria-invalid={errors.maxMembers ? true : undefined}
        aria-describedby={`${id}-max-help${errors.maxMembers ? ` ${id}-maxMembers-error` : ''}`}
      />
      <p id={`${id}-max-help`} className="field__help"><Trans>At least {count}: the students it has now.</Trans></p>
      {errors.maxMembers && <p id={`${id}-maxMembers-error`} className="field__error" role="alert">{errors.maxMembers}</p>}
    </div>
  );
}

/** Issue 28: the language the class's students see while they have chosen none of their own. */
function LanguageField({ id, summary }: { id: string; summary: ClassSummary }) {
  return (
    <div className="field">
      <label htmlFor={`${id}-language`} className="field__label"><Trans>Class language</Trans></label>
      <select id={`${id}-language`} name="language" className="input" defaultValue={summary.language ?? ''} aria-describedby={`${id}-language-help`}>
        <option value=""><Trans>Not set</Trans></option>
        {LOCALES.map((locale) => <option key={locale} value={locale} lang={locale}>{LANGUAGE_NAMES[locale]}</option>)}
      </select>
      <p id={`${id}-language-help`} className="field__help"><Trans>Students who have not chosen a language see the app in this one.</Trans></p>
    </div>
  );
}
