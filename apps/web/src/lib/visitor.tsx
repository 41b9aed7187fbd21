import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
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

/** The cookie that tells the server the visitor's zone, so it renders their next page in their local time. */
export const TIME_ZONE_COOKIE = 'timeZone';
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The zone the server rendered this page in (its <meta name="slipstream-time-zone">), when it rendered it. */
const renderedTimeZone = (): string | undefined =>
  document.querySelector('meta[name="slipstream-time-zone"]')?.getAttribute('content') ?? undefined;

const zoneNeverChanges = () => () => {};

/**
 * The zone times are shown in: the visitor's own. A page the server rendered is taken over in the zone it was
 * rendered in (the visitor's from the cookie, else UTC), then shown in the visitor's.
 */
export function useTimeZone(): string {
  const visitor = useServerVisitor();
  return useSyncExternalStore(zoneNeverChanges, localTimeZone, () => visitor?.timeZone ?? renderedTimeZone() ?? localTimeZone());
}

/** Keeps the visitor's zone in the cookie the server reads (no secret: a zone name, like "Europe/Bucharest"). */
export function rememberTimeZone(): void {
  const zone = localTimeZone();
  if (document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
