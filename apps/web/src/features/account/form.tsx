import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { emailRequest } from '@slipstream/contract';
import type { z } from 'zod';
import { Button } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { Spinner } from '../../lib/ui/Spinner';
import { sentence } from './errors';
import styles from './form.module.css';

/** The account forms' pieces: labelled fields with their error and hint, a busy submit button, notes. */

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed zod parse, as a sentence: "At least 3 characters". */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= sentence(issue.message);
  }
  return errors;
}

type FieldFrame = { label: string; error?: string; hint?: ReactNode; children: (ids: FieldIds) => ReactNode };
type FieldIds = { id: string; describedBy: string | undefined; invalid: boolean };

function Field({ label, error, hint, children }: FieldFrame) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={`${styles.input} ${className ?? ''}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </Field>
  );
}

/** The account's e-mail address, typed as such so phones show the right keyboard and autofill it. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** The state of a form that asks only for an address: submit checks it and hands a valid one to onValid. */
export function useEmailForm(onValid: (email: string) => void) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailRequest.safeParse({ email });
    setError(parsed.success ? undefined : fieldErrorsOf(parsed.error).email);
    if (parsed.success) onValid(parsed.data.email);
  };
  return { field: <EmailField value={email} onChange={setEmail} error={error} />, submit };
}

/** A password with a Show / Hide button, so people on phones can check what they typed. */
export function PasswordField({ label, error, hint, ...input }: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className={styles.password}>
          <input
            id={id}
            type={visible ? 'text' : 'password'}
            className={`${styles.input} ${styles.passwordInput}`}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...input}
          />
          <button
            type="button"
            className={styles.reveal}
            aria-pressed={visible}
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible(!visible)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: string; error?: string; hint?: ReactNode };

export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select id={id} className={styles.input} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** The form's main button; while the request runs it says so and cannot be pressed twice. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" className={styles.submit} disabled={busy} aria-disabled={busy}>
      {busy ? (
        <>
          <Spinner size="sm" label={busyLabel} />
          <span aria-hidden="true">{busyLabel}</span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** What a form reports after submitting: a failure (with a way on, if any) or a success. */
export function FormNote({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  if (kind === 'success') {
    return (
      <div role="status" className={styles.success}>
        {children}
      </div>
    );
  }
  return <div className={styles.failure}>{children}</div>;
}

;

/** The column an account screen's form and notes stand in: a card, narrow enough to read at a glance. */
export function FormPanel({ children }: { children: ReactNode }) {
  return <Card className={styles.panel}>{children}</Card>;
}

export const formStyles = { form: styles.form, links: styles.links, inlineAction: styles.inlineAction, hint: styles.hint, error: styles.error };
