import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button } from '../../lib/ui/Button';
import { Page } from '../../lib/ui/Page';
import { PageSpinner } from '../../lib/ui/Spinner';

/**
 * Shown inside the shell when a page fails to load or render. The usual cause is a new release
 * replacing the page's code while the tab was open: reloading fetches the new one.
 */
function RouteError({ error }: { error: unknown }) {
  console.error(error);
  return (
    <Page
      title="Something went wrong"
      description="This page could not be shown."
      lead="This page could not be shown. Reloading usually fixes it, especially right after the site was updated."
    >
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
      <MarkPageShown />
    </Page>
  );
}

type CatcherProps = { pathname: string; children: ReactNode };
type CatcherState = { failure: { error: unknown } | null; pathname: string };

/** Catches what the page below throws; going to another address tries again. */
class ErrorCatcher extends Component<CatcherProps, CatcherState> {
  override state: CatcherState = { failure: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: CatcherProps, state: CatcherState): Partial<CatcherState> | null {
    return props.pathname === state.pathname ? null : { failure: null, pathname: props.pathname };
  }

  override render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children;
  }
}

/**
 * Marks <html data-page-shown> once the first page (or its failure) is in place and answers through the app. The
 * page sits in a Suspense boundary of its own, which React hydrates after the shell (data-app-started), so a
 * rendered page's controls may still be the server's HTML between the two; the end-to-end tests wait for this
 * mark after each load (e2e/support/test.ts).
 */
function MarkPageShown() {
  useEffect(() => {
    document.documentElement.dataset.pageShown = '';
  }, []);
  return null;
}

/** The pages' frame inside the shell: a spinner while a page's code loads, RouteError when it fails. */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorCatcher pathname={pathname}>
      <Suspense fallback={<PageSpinner label="Loading page…" />}>
        <Outlet />
        <MarkPageShown />
      </Suspense>
    </ErrorCatcher>
  );
}
