import { passwordRules, type PasswordPolicy } from '@slipstream/contract';
import styles from './PasswordRules.module.css';

/**
 * The password policy as a checklist that follows what the user types (the server checks the same rules), with
 * "not your email address" once the address is known.
 */
export function PasswordRules({ policy, password, email }: { policy: PasswordPolicy; password: string; email?: string }) {
  return (
    <ul className={styles.rules} aria-label="Password rules">
      {passwordRules(policy, email?.trim() || undefined).map((rule) => {
        const met = password !== '' && rule.test(password);
        return (
          <li key={rule.id} className={styles.rule} data-met={met}>
            <span className={styles.mark} aria-hidden="true">
              {met ? '✓' : '•'}
            </span>
            {rule.description}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
