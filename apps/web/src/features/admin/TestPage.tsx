import { Link } from 'react-router';
import { Page } from '../../lib/ui/Page';
import { Diagnostics } from './Diagnostics';
import styles from './admin.module.css';

const ABOUT = 'A quick health summary of the site for administrators: each check passes or says what is wrong.';

/** /test: the health summary; /admin/test has the details and the test mail. */
function TestPage() {
  return (
    <Page title="Test" heading="Health summary" description={ABOUT} lead={ABOUT}>
      <Diagnostics detail="summary" />
      <p className={styles.footerLinks}>
        <Link to="/admin/test">Full diagnostics and test mail</Link> · <Link to="/admin">Admin dashboard</Link>
      </p>
    </Page>
  );
}

export { TestPage as Component };
