import { formatAge, useDeviceNow, useOfflineDataTime } from '../../lib/offline';
import styles from './Banner.module.css';

/** Says so when the screen shows answers the service worker kept, because the network did not answer. */
export function OfflineBanner() {
  const storedAt = useOfflineDataTime();
  const now = useDeviceNow();
  return (
    // A live region without the status role: screens own their status messages (and their tests find them).
    <div aria-live="polite">
      {storedAt !== null && (
        <p className={styles.banner}>
          You are offline — showing data from {formatAge(storedAt, now)}
        </p>
      )}
    </div>
  );
}
