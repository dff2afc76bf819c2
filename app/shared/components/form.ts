/** Form helpers: the first zod message per field, so a form shows one message under each. */
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Reads a form's named text fields. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}

/**
 * A form checked by a schema: on submit its fields are parsed, the first message of each field
 * is shown, and only valid values reach `send`, which reports its own success and failure.
 * `pending` is true while `send` runs.
 */
export function useSchemaForm<T>(schema: z.ZodType<T>, send: (values: T, form: HTMLFormElement) => Promise<void>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = schema.safeParse(formValues(form));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    void send(parsed.data, form).finally(() => setPending(false));
  };
  return { errors, pending, onSubmit };
}
