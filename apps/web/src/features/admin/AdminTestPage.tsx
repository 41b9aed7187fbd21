import { Link } from 'react-router';
import { Page } from '../../lib/ui/Page';
import { Diagnostics } from './Diagnostics';
import styles from './admin.module.css';

const ABOUT = 'Full diagnostics: database, cache, mail and data sources, with a test mail to check delivery.';

function AdminTestPage() {
  return (
    <Page title="Diagnostics" heading="Diagnostics" description={ABOUT} lead={ABOUT}>
      <Diagnostics detail="full" />
      <p className={styles.footerLinks}>
        <Link to="/admin">Admin dashboard</Link>
      </p>
    </Page>
  );
}

export { AdminTestPage as Component };
