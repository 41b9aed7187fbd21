import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../lib/ui/Button';
import { Page } from '../../lib/ui/Page';

/**
 * Shown inside the shell when a page fails to load or render. The usual cause is a new release
 * replacing the page's code while the tab was open: reloading fetches the new one.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Page
      title="Something went wrong"
      description="This page could not be shown."
      lead="This page could not be shown. Reloading usually fixes it, especially right after the site was updated."
    >
      {detail && <p>{detail}</p>}
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </Page>
  );
}
