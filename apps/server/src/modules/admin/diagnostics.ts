import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DiagnosticCheck, DiagnosticsResponse } from '@slipstream/contract';
import type { Config } from '../../config';
import { migrationsFolder, type Database } from '../../db/client';
import { newsSources } from '../../db/schema';
import { readF1dbSchemaVersion } from '../../ingest/f1db/source';
import type { Cache } from '../../lib/cache';
import type { Mailer } from '../mail/mailer';

type DiagnosticsDeps = { config: Config; database: Database; cache: Cache; mailer: Mailer };

/** Checks each part the site depends on; a failing part is a check with ok false, never an error answer. */
export async function runDiagnostics({ config, database, cache, mailer }: DiagnosticsDeps, now: Date): Promise<DiagnosticsResponse> {
  const [databaseCheck, migrations, cacheCheck, f1db, feeds] = await Promise.all([
    checkDatabase(database),
    appliedMigrations(database),
    checkCache(cache),
    checkF1db(config.f1dbDir),
    checkNewsFeeds(database, config),
  ]);
  const known = knownMigrations();
  const migrationCheck: DiagnosticCheck = {
    name: 'Migrations',
    ok: migrations !== null && migrations === known,
    detail: migrations === null ? 'Could not read the migrations table' : `${migrations} of ${known} applied`,
    latencyMs: null,
    at: null,
  };
  const mail = mailTarget(config, mailer);
  const mailCheck: DiagnosticCheck = {
    name: 'Mail',
    ok: true,
    detail: `${mailer.kind === 'smtp' ? 'SMTP' : 'Development outbox'}: ${mail.target}; send a test mail to check delivery`,
    latencyMs: null,
    at: null,
  };
  return {
    checkedAt: now.toISOString(),
    database: { kind: database.kind, migrationsApplied: migrations ?? 0, migrationsKnown: known },
    cache: { kind: cache.kind },
    mail,
    f1db: { dir: config.f1dbDir, version: f1db.version },
    checks: [databaseCheck, migrationCheck, cacheCheck, mailCheck, f1db.check, ...feeds],
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; latencyMs: number }> {
  const started = performance.now();
  const value = await work();
  return { value, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
}

async function checkDatabase(database: Database): Promise<DiagnosticCheck> {
  const name = `Database (${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`;
  try {
    const { latencyMs } = await timed(() => database.db.execute(sql`select 1`));
    return { name, ok: true, detail: 'Reachable: select 1 answered', latencyMs, at: null };
  } catch (error) {
    return { name, ok: false, detail: `Unreachable: ${messageOf(error)}`, latencyMs: null, at: null };
  }
}

/** drizzle's migrator records each applied migration in drizzle.__drizzle_migrations. */
async function appliedMigrations(database: Database): Promise<number | null> {
  try {
    const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const rows = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows;
    return rows[0]?.n ?? 0;
  } catch {
    return null;
  }
}

function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

async function checkCache(cache: Cache): Promise<DiagnosticCheck> {
  const name = `Cache (${cache.kind})`;
  const key = `diagnostics:${crypto.randomUUID()}`;
  const value = crypto.randomUUID();
  try {
    const { value: read, latencyMs } = await timed(async () => {
      await cache.set(key, value, 10);
      return cache.get(key);
    });
    const ok = read === value;
    return { name, ok, detail: ok ? 'A value set was read back' : 'A value set was not read back', latencyMs, at: null };
  } catch (error) {
    return { name, ok: false, detail: `Failed: ${messageOf(error)}`, latencyMs: null, at: null };
  }
}

async function checkF1db(dir: string): Promise<{ check: DiagnosticCheck; version: string | null }> {
  try {
    const version = readF1dbSchemaVersion(dir);
    return { version, check: { name: 'F1DB source', ok: true, detail: `Readable at ${dir}, schema ${version}`, latencyMs: null, at: null } };
  } catch (error) {
    return { version: null, check: { name: 'F1DB source', ok: false, detail: messageOf(error), latencyMs: null, at: null } };
  }
}

async function checkNewsFeeds(database: Database, config: Config): Promise<DiagnosticCheck[]> {
  const rows = await database.db.select().from(newsSources);
  return config.newsFeeds.map((feed) => {
    const row = rows.find((source) => source.name === feed.source);
    const name = `News feed ${feed.source}`;
    if (!row?.lastAttemptAt) return { name, ok: false, detail: 'Never fetched yet', latencyMs: null, at: null };
    const failing = row.lastFailureAt !== null && (row.lastSuccessAt === null || row.lastFailureAt > row.lastSuccessAt);
    const detail = failing
      ? `Last fetch failed: ${row.lastError ?? 'unknown error'} (${row.consecutiveFailures} in a row)`
      : 'Last fetch succeeded';
    const at = failing ? row.lastFailureAt! : row.lastSuccessAt!;
    return { name, ok: !failing, detail, latencyMs: null, at: at.toISOString() };
  });
}

/** Where mail goes, without the credentials an SMTP URL may carry. */
function mailTarget(config: Config, mailer: Mailer): DiagnosticsResponse['mail'] {
  if (mailer.kind === 'outbox' || !config.smtpUrl) return { kind: 'outbox', target: 'the mail_outbox table (SMTP_URL unset)', from: config.mailFrom };
  let host = 'an unreadable SMTP_URL';
  try {
    host = new URL(config.smtpUrl).host;
  } catch {
    // Only a URL nodemailer accepts in another form; the host stays unnamed rather than leaking the value.
  }
  return { kind: 'smtp', target: host, from: config.mailFrom };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
