import { paths } from '../../lib/paths';
import { ButtonLink } from '../../lib/ui/Button';
import { HeartIcon } from '../../lib/ui/icons';
import styles from './AccountTeaser.module.css';

/** For anonymous visitors: what an account adds, and where to make one. */
export function AccountTeaser() {
  return (
    <section className={styles.teaser} aria-labelledby="account-teaser">
      <HeartIcon className={styles.icon} size={28} />
      <h2 id="account-teaser" className={styles.title}>
        Why create an account?
      </h2>
      <p>
        Follow your favourite driver and team: they show up right here on the home page and stand out in the standings.
        It takes a minute and costs nothing.
      </p>
      <div className={styles.actions}>
        <ButtonLink to={paths.signup}>Create an account</ButtonLink>
        <ButtonLink to={paths.info} variant="secondary">
          More info
        </ButtonLink>
      </div>
    </section>
  );
}
