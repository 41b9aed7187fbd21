import { AlertIcon } from './icons';
import styles from './ErrorNote.module.css';

type ErrorNoteProps = {
  message: string;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
};

/** A failure the visitor should know about, said plainly, with a way to try again when there is one. */
export function ErrorNote({ message, onRetry }: ErrorNoteProps) {
  return (
    <div role="alert" className={styles.note}>
      <AlertIcon className={styles.icon} />
      <p className={styles.message}>{message}</p>
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
