import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
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

const TimeZoneContext = createContext<string | null>(null);

/**
 * The zone the app shows times in (useTimeZone). A page the server rendered is taken over in the zone it was
 * rendered in (the visitor's from the cookie, else UTC), then shown in the visitor's own: as a transition, which
 * React renders in slices, so a page full of times (the schedule) does not hold a phone's main thread while it
 * changes them. The server renders the visitor's next page in that zone (the cookie).
 */
export function TimeZoneProvider({ children }: { children: ReactNode }) {
  const visitor = useServerVisitor();
  const [zone, setZone] = useState(() => visitor?.timeZone ?? renderedTimeZone() ?? localTimeZone());
  useEffect(() => {
    startTransition(() => setZone(localTimeZone()));
    rememberTimeZone();
  }, []);
  return <TimeZoneContext value={zone}>{children}</TimeZoneContext>;
}

/** The zone times are shown in: the visitor's own (see TimeZoneProvider); the device's outside the app. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext) ?? localTimeZone();
}

/** Keeps the visitor's zone in the cookie the server reads, so it renders their next page in their local time. */
function rememberTimeZone(): void {
  keepVisitorCookie(visitorCookies.timeZone, localTimeZone());
}
