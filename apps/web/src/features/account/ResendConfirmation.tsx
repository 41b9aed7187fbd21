import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ErrorNote } from '../../lib/ui/ErrorNote';
import { accountErrorText } from './errors';
import { FormNote, formStyles, SubmitButton, useEmailForm } from './form';

/** "Send the confirmation mail again", for an address that has not been confirmed yet. */
export function ResendConfirmation({ email }: { email: string }) {
  const resend = useMutation({ mutationFn: () => api('resendConfirmation', { body: { email } }) });
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
  const resend = useMutation({ mutationFn: (email: string) => api('resendConfirmation', { body: { email } }) });
  const { field, submit } = useEmailForm((email) => resend.mutate(email));
  if (resend.isSuccess) return <FormNote kind="success">{resend.data.message}</FormNote>;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <p>{intro}</p>
      {resend.isError && <ErrorNote message={accountErrorText(resend.error)} />}
      {field}
      <SubmitButton busy={resend.isPending} busyLabel="Sending…">
        Send a new link
      </SubmitButton>
    </form>
  );
}
