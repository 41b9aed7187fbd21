import type { ReactNode } from 'react';
import { ErrorNote } from './ErrorNote';

/** What a screen shows of a read: a TanStack query's result, or several joined by allOf. */
export type QueryView<T> = {
  /** Undefined until an answer has come (TanStack Query never holds undefined as an answer). */
  data: T | undefined;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

/** The failure in words, fixed or from the error (the server's message). */
type FailureText = string | ((error: Error) => string);

type QueryStateProps<T> = {
  query: QueryView<T>;
  /** Until the first answer: a placeholder in the answer's shape (Skeleton), the same on the server and in the browser. */
  pending: ReactNode;
  /**
   * What failed, said with a "Try again" that reads again; null for a background read, whose part stays away when
   * it fails (docs/product.md, "Calls and failures").
   */
  error: FailureText | null;
  /** False where reading again would answer the same (a used link): the failure has no "Try again". */
  retry?: boolean;
  /** How the failure's note is shown, for a screen that adds to it (a link, a form) or frames it (a page of its own). */
  failure?: (note: ReactNode, error: Error) => ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * The one way a screen shows a read: its answer once there is one, else its failure, else the placeholder. An
 * answer already shown stays when reading it again fails, with the failure's note above it. It adds no element of
 * its own, so a page rendered on the server with its answers hydrates to the same HTML.
 */
export function QueryState<T>({ query, pending, error, retry = true, failure = (note) => note, children }: QueryStateProps<T>) {
  const { data, error: failed } = query;
  if (failed && error !== null) {
    const note = <FailureNote error={failed} text={error} onRetry={retry ? query.refetch : undefined} />;
    if (data === undefined) return failure(note, failed);
    return (
      <>
        {note}
        {children(data)}
      </>
    );
  }
  if (data !== undefined) return children(data);
  return failed ? null : pending;
}

type QueryFailureProps = {
  query: QueryView<unknown>;
  message: FailureText;
};

/** A read's failure, where the screen shows it apart from what the read feeds (a form that works without it). */
export function QueryFailure({ query, message }: QueryFailureProps) {
  if (!query.error) return null;
  return <FailureNote error={query.error} text={message} onRetry={query.refetch} />;
}

function FailureNote({ error, text, onRetry }: { error: Error; text: FailureText; onRetry: (() => Promise<unknown>) | undefined }) {
  return <ErrorNote message={typeof text === 'string' ? text : text(error)} onRetry={onRetry && (() => void onRetry())} />;
}

/** Several reads as one: answered when all are, failed when one is; trying again reads the failed ones again. */
export function allOf<T extends unknown[]>(...queries: { [K in keyof T]: QueryView<T[K]> }): QueryView<T> {
  const answers = queries.map((query) => query.data);
  return {
    data: answers.every((answer) => answer !== undefined) ? (answers as T) : undefined,
    error: queries.find((query) => query.error)?.error ?? null,
    refetch: () => Promise.all(queries.filter((query) => query.error).map((query) => query.refetch())),
  };
}
