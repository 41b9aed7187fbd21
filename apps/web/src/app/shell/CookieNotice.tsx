import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage';
import { CloseIcon } from '../../lib/ui/icons';
import styles from './CookieNotice.module.css';

/** Shown until closed once; closing stores cookieAccepted so it never shows again (docs/product.md, Shell). */
export function CookieNotice() {
  const [visible, setVisible] = useState(() => readLocal(storageKeys.cookieAccepted) !== 'true');
  if (!visible) return null;

  const close = () => {
    writeLocal(storageKeys.cookieAccepted, 'true');
    setVisible(false);
  };

  return (
    <aside className={styles.notice} aria-label="Cookie notice">
      <p className={styles.text}>
        Slipstream sets no tracking cookies. Photos of the current drivers load from Formula 1’s media server, which
        may set its own cookies (you can decline cookies on the F1 website); signing in with Google or GitHub may use
        their cookies too.{' '}
        <Link to={paths.privacyPolicy}>Privacy policy</Link>
      </p>
      <button type="button" className={styles.close} onClick={close} aria-label="Close cookie notice">
        <CloseIcon size={20} />
      </button>
    </aside>
  );
}
