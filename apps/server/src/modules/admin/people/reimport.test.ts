import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { driverOverrides, lineUpAssignments, teamOverrides, users } from '../../../db/schema';
import { importF1db } from '../../../ingest/f1db';
import { openTestDatabase } from '../../../test/database';
import { loadConstructors, loadDrivers, loadTeamColours } from '../../f1/people';
import { driverOverrideView, updateDriverOverride, updateTeamOverride } from './overrides';
import { loadLineUpAssignments } from '../../f1/line-ups';
import { replaceLineUp } from './line-ups';

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../ingest/f1db/fixtures/tiny');

/** The importer rewrites every F1 table; the admin's overrides live apart and must come through untouched. */
describe('a re-import on a database with overrides', () => {
  let database: Database;
  let changedDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    await importF1db(database.db, { dir: fixture });
    const [admin] = await database.db.insert(users).values({ email: 'boss@example.com', role: 'admin' }).returning();
    const edit = { actor: { id: admin!.id, email: 'boss@example.com' }, at: new Date('2024-05-01T00:00:00Z') };
    await updateDriverOverride(database.db, 'lando-norris', { colour: '#00AA55', photoUrl: 'https://example.com/lando.jpg', lastName: 'Norris Jr.' }, edit);
    await updateTeamOverride(database.db, 'mclaren', { colour: '#111111', principal: 'Andrea Stella' }, edit);
    await replaceLineUp(database.db, 2024, 'mclaren', { drivers: [{ driverId: 'lando-norris', rounds: [1, 2] }, { driverId: 'oscar-piastri', rounds: [1, 2] }] }, edit);

    // A newer F1DB release: the imported facts change under the override.
    changedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'f1db-reimport-'));
    fs.cpSync(fixture, changedDir, { recursive: true });
    const file = path.join(changedDir, 'data/drivers/lando-norris.yml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('permanentNumber: 4', 'permanentNumber: 1'));
    const summary = await importF1db(database.db, { dir: changedDir });
    expect(summary.changedRows).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await database.close();
    if (changedDir) fs.rmSync(changedDir, { recursive: true, force: true });
  });

  it('keeps every override row', async () => {
    expect(await database.db.select().from(driverOverrides)).toMatchObject([{ driverId: 'lando-norris', colour: '#00AA55', lastName: 'Norris Jr.' }]);
    expect(await database.db.select().from(teamOverrides)).toMatchObject([{ constructorId: 'mclaren', colour: '#111111', principal: 'Andrea Stella' }]);
    expect(await database.db.select().from(lineUpAssignments)).toHaveLength(2);
    expect(await loadLineUpAssignments(database.db, 2024)).toHaveLength(2);
  });

  it('shows the overrides over the new facts, and the editor the new imported value beside them', async () => {
    const lando = (await loadDrivers(database.db, ['lando-norris'])).get('lando-norris')!;
    expect(lando).toMatchObject({ lastName: 'Norris Jr.', name: 'Lando Norris Jr.', permanentNumber: '1', display: { colour: '#00AA55' } });
    expect((await loadTeamColours(database.db, 2024)).mclaren).toBe('#111111');
    expect((await loadConstructors(database.db, ['mclaren'])).get('mclaren')!.name).toBe('McLaren');
    const view = await driverOverrideView(database.db, 'lando-norris');
    expect(view.imported).toMatchObject({ number: '1', lastName: 'Norris' });
    expect(view.override).toMatchObject({ lastName: 'Norris Jr.', colour: '#00AA55', photoUrl: 'https://example.com/lando.jpg' });
  });
});
