import { passwordRules, type PasswordPolicy } from '@slipstream/contract';
import styles from './PasswordRules.module.css';

/** The password policy as a checklist that follows what the user types (the server checks the same rules). */
export function PasswordRules({ policy, password }: { policy: PasswordPolicy; password: string }) {
  return (
    <ul className={styles.rules} aria-label="Password rules">
      {passwordRules(policy).map((rule) => {
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
