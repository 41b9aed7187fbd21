import { useQuery } from '@tanstack/react-query';
import type { MissingF1Data } from '@slipstream/contract';
import { metaQuery } from '../../lib/queries';
import { formatDateTime } from '../../lib/time';
import styles from './Banner.module.css';

/** The server has no F1 data yet (a first start that could not download it): why, and when it tries again. */
export function MissingDataBanner() {
  const missing = useQuery(metaQuery).data?.missingF1Data;
  if (!missing) return null;
  return (
    <p className={styles.banner}>
      F1 data is not loaded yet: {missing.reason}. {nextTry(missing)}
    </p>
  );
}

function nextTry({ nextTryAt }: MissingF1Data): string {
  // In UTC, so the page rendered on the server reads the same in the browser.
  return nextTryAt ? `Next try: ${formatDateTime(nextTryAt, { timeZone: 'UTC' })} UTC.` : 'The server tries again at its next start.';
}
