import { Link } from 'react-router';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { Page } from '../../lib/ui/Page';
import { Diagnostics } from './Diagnostics';
import styles from './admin.module.css';

/** /test: the health summary; /admin/test has the details and the test mail. */
function TestPage() {
  return (
    <Page page="test" heading="Health summary" lead={PAGE_DESCRIPTIONS.test}>
      <Diagnostics detail="summary" />
      <p className={styles.footerLinks}>
        <Link to="/admin/test">Full diagnostics and test mail</Link> · <Link to="/admin">Admin dashboard</Link>
      </p>
    </Page>
  );
}

export { TestPage as Component };
