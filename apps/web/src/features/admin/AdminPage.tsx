import { Page } from '../../lib/ui/Page';
import { AdminNav } from './AdminNav';
import { AuditLogSection } from './AuditLogSection';
import { DataStatusSection } from './DataStatusSection';
import { SourcesSection } from './SourcesSection';
import { UsersSection } from './UsersSection';
import styles from './admin.module.css';

const ABOUT = 'Keep the site right during a season: its data, its users, and a log of every change.';

function AdminPage() {
  return (
    <Page title="Admin" heading="Admin dashboard" description={ABOUT} lead={ABOUT}>
      <AdminNav />
      <div className={styles.sections}>
        <DataStatusSection />
        <SourcesSection />
        <UsersSection />
        <AuditLogSection />
      </div>
    </Page>
  );
}

export { AdminPage as Component };
