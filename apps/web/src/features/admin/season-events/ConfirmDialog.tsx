import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../lib/ui/Button';
import styles from './SeasonEvents.module.css';

type ConfirmDialogProps = {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A modal question before a change that cannot be taken back in one click. The native dialog keeps focus
 * inside, closes on Escape, and gives focus back to the button that opened it.
 */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    if (element && !element.open) element.showModal?.();
    return () => opener?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      <p>{message}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} autoFocus>
          Keep it
        </Button>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </div>
    </dialog>
  );
}
