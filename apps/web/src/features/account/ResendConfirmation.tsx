import { useMutation } from '@tanstack/react-query';
import { emailRequest } from '@slipstream/contract';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { accountErrorText } from './errors';
import { fieldErrorsOf, FormNote, formStyles, SubmitButton, TextField, type FieldErrors } from './form';

/** "Send the confirmation mail again", for an address that has not been confirmed yet. */
export function ResendConfirmation({ email }: { email: string }) {
  const resend = useMutation({ mutationFn: () => api.resendConfirmation(email) });
  if (resend.isSuccess) return <FormNote kind="success">{resend.data.message}</FormNote>;
  return (
    <>
      <button type="button" className={formStyles.inlineAction} disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending…' : 'Send the confirmation mail again'}
      </button>
      {resend.isError && <ErrorNote message={accountErrorText(resend.error)} />}
    </>
  );
}

/** The same, for when the page does not know the address: ask for it and send the new link at once. */
export function ResendConfirmationForm({ intro }: { intro: string }) {
  const [value, setValue] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const resend = useMutation({ mutationFn: api.resendConfirmation });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailRequest.safeParse({ email: value });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) resend.mutate(parsed.data.email);
  };
  if (resend.isSuccess) return <FormNote kind="success">{resend.data.message}</FormNote>;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <p>{intro}</p>
      {resend.isError && <ErrorNote message={accountErrorText(resend.error)} />}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={fieldErrors.email}
      />
      <SubmitButton busy={resend.isPending} busyLabel="Sending…">
        Send a new link
      </SubmitButton>
    </form>
  );
}
