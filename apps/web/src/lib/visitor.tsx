import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { renderedPageMeta, visitorCookies } from '@slipstream/contract';
import { readPageMeta } from './pageMeta';
import { keepVisitorCookie } from './storage';
import { localTimeZone } from './time';

/**
 * What the server knows of the visitor when it renders a page before the app starts (entry-server.tsx):
 * the theme and the time zone, from the cookies the app keeps. In the browser there is no such provider: the
 * page knows both itself.
 */
export type ServerVisitor = { darkMode: boolean; timeZone: string };

const ServerVisitorContext = createContext<ServerVisitor | null>(null);

export function ServerVisitorProvider({ visitor, children }: { visitor: ServerVisitor; children: ReactNode }) {
  return <ServerVisitorContext value={visitor}>{children}</ServerVisitorContext>;
}

/** The visitor as the server knows them while it renders a page; null in the browser. */
export function useServerVisitor(): ServerVisitor | null {
  return useContext(ServerVisitorContext);
}

/** The zone the server rendered this page in, when it rendered it. */
const renderedTimeZone = (): string | undefined => readPageMeta(renderedPageMeta.timeZone);

const zoneNeverChanges = () => () => {};

/**
 * The zone times are shown in: the visitor's own. A page the server rendered is taken over in the zone it was
 * rendered in (the visitor's from the cookie, else UTC), then shown in the visitor's.
 */
export function useTimeZone(): string {
  const visitor = useServerVisitor();
  return useSyncExternalStore(zoneNeverChanges, localTimeZone, () => visitor?.timeZone ?? renderedTimeZone() ?? localTimeZone());
}

/** Keeps the visitor's zone in the cookie the server reads, so it renders their next page in their local time. */
export function rememberTimeZone(): void {
  keepVisitorCookie(visitorCookies.timeZone, localTimeZone());
}
