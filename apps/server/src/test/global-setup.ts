import type { TestProject } from 'vitest/node';
import { withAdminClient } from './database';

/**
 * The server project's globalSetup: gives the run an id (inject('testRunId')) and, when the run used
 * PostgreSQL, drops the F1 template databases that openF1TestDatabase built for it.
 */
export default function setup(project: TestProject) {
  const runId = String(process.pid);
  project.provide('testRunId', runId);
  return async () => {
    const serverUrl = process.env.TEST_POSTGRES_URL;
    if (!serverUrl) return;
    await withAdminClient(serverUrl, async (admin) => {
      const templates = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`slipstream\\_f1\\_${runId}\\_%`]);
      for (const { datname } of templates.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    });
  };
}
