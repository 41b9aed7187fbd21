import { useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../lib/ui/Button';
import { Page } from '../../lib/ui/Page';
import styles from './NotFoundPage.module.css';

function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page
      page="notFound"
      heading={
        <>
          <span className={styles.code} aria-hidden="true">
            404
          </span>
          Page not found
        </>
      }
      lead={
        <>
          There is no page at <code className={styles.path}>{pathname}</code>. The link may be out of date, or the
          address mistyped.
        </>
      }
    >
      <div className={styles.actions}>
        <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
        <ButtonLink to={paths.schedule} variant="secondary">
          See the schedule
        </ButtonLink>
      </div>
    </Page>
  );
}

export { NotFoundPage as Component };
