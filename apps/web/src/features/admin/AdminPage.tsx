import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { Page } from '../../lib/ui/Page';
import { AdminNav } from './AdminNav';
import { AuditLogSection } from './AuditLogSection';
import { DataStatusSection } from './DataStatusSection';
import { SourcesSection } from './SourcesSection';
import { UsersSection } from './UsersSection';
import styles from './admin.module.css';

function AdminPage() {
  return (
    <Page page="admin" heading="Admin dashboard" lead={PAGE_DESCRIPTIONS.admin}>
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
