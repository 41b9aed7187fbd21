import { Link } from 'react-router';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { Page } from '../../lib/ui/Page';
import { Diagnostics } from './Diagnostics';
import styles from './admin.module.css';

function AdminTestPage() {
  return (
    <Page page="adminTest" lead={PAGE_DESCRIPTIONS.adminTest}>
      <Diagnostics detail="full" />
      <p className={styles.footerLinks}>
        <Link to="/admin">Admin dashboard</Link>
      </p>
    </Page>
  );
}

export { AdminTestPage as Component };
