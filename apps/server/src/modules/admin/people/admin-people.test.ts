import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver, Team } from '@slipstream/contract';
import type { Database } from '../../../db/client';
import { auditEntries, driverOverrides } from '../../../db/schema';
import { signUpAndSignIn, type SignedInUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { openSeededDatabase } from '../../../test/f1-seed';
import { grantAdmin } from '../../auth/service';
import { updateDriverOverride } from './overrides';

/** After the 2025 Chinese GP (round 2) and before Japan (round 3): the featured season is 2025. */
const NOW = '2025-03-25T12:00:00Z';

const png = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

function multipart(field: string, file: Buffer, filename = 'picture.png') {
  const boundary = `----slipstream${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('admin people endpoints', () => {
  let database: Database;
  let t: TestApp;
  let user: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    database = await openSeededDatabase();
    t = await buildTestApp({ now: NOW, database });
    user = await signUpAndSignIn(t.app, t.database, 'fan@example.com');
    admin = await signUpAndSignIn(t.app, t.database, 'boss@example.com');
    await grantAdmin(t.database.db, 'boss@example.com');
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  const asAdmin = (method: 'GET' | 'PATCH' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });
  const drivers = async (): Promise<Driver[]> => (await t.app.inject('/api/drivers')).json();
  const teams = async (): Promise<Team[]> => (await t.app.inject('/api/teams')).json();
  const lastAudit = async () => (await t.database.db.select().from(auditEntries).orderBy(desc(auditEntries.id)).limit(1))[0];

  const endpoints: [string, string, object?][] = [
    ['GET', '/api/admin/drivers?q=nor'],
    ['GET', '/api/admin/drivers/lando-norris'],
    ['PATCH', '/api/admin/drivers/lando-norris', { colour: '#123456' }],
    ['DELETE', '/api/admin/drivers/lando-norris/override'],
    ['GET', '/api/admin/drivers/lando-norris/history'],
    ['GET', '/api/admin/teams/mclaren/history'],
    ['GET', '/api/admin/teams?q=mc'],
    ['GET', '/api/admin/teams/mclaren'],
    ['PATCH', '/api/admin/teams/mclaren', { colour: '#123456' }],
    ['DELETE', '/api/admin/teams/mclaren/override'],
    ['GET', '/api/admin/line-ups'],
    ['PUT', '/api/admin/line-ups/2025/red-bull', { drivers: [{ driverId: 'max-verstappen', rounds: [1] }] }],
    ['DELETE', '/api/admin/line-ups/2025/red-bull'],
    ['POST', '/api/admin/pictures?kind=driver-photo'],
  ];

  it.each(endpoints)('%s %s refuses a visitor (401) and a plain user (403)', async (method, url, payload) => {
    const anonymous = await t.app.inject({ method: method as 'GET', url, payload });
    expect(anonymous.statusCode).toBe(401);
    const plain = await t.app.inject({ method: method as 'GET', url, payload, headers: user.auth });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe('You are not the admin');
  });

  it.each([
    ['a bad colour', { colour: 'red' }, /Invalid colour: a colour as #RRGGBB/],
    ['a short colour', { colour: '#12345' }, /Invalid colour/],
    ['a photo over http', { photoUrl: 'http://example.com/a.png' }, /Invalid photoUrl: an https URL or an uploaded picture/],
    ['a script URL', { websiteUrl: 'javascript:alert(1)' }, /Invalid websiteUrl: an http or https URL/],
    ['an unknown field', { nickname: 'Lando' }, /Invalid request: Unrecognized key: "nickname"/],
    ['no field', {}, /Invalid request: name at least one field to change/],
    ['a number out of range', { number: '100' }, /Invalid number: a car number from 1 to 99/],
    ['an empty name', { firstName: '  ' }, /Invalid firstName: at least one character/],
    ['an unknown team', { teamId: 'brabham-bt46' }, /No team brabham-bt46/],
    ['an unknown flag', { flag: 'zz' }, /no flag for the country code zz/],
  ])('answers 400 with a message for %s', async (_case, payload, message) => {
    const response = await asAdmin('PATCH', '/api/admin/drivers/lando-norris', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('finds drivers and teams by name, the most recently entered first', async () => {
    const found = (await asAdmin('GET', '/api/admin/drivers?q=lec')).json();
    expect(found).toEqual([
      { id: 'arthur-leclerc', name: 'Arthur Leclerc', detail: 'last entered 2025' },
      { id: 'charles-leclerc', name: 'Charles Leclerc', detail: 'last entered 2025' },
    ]);
    const teams = (await asAdmin('GET', '/api/admin/teams?q=')).json();
    expect(teams[0]).toMatchObject({ detail: 'last entered 2025' });
    expect(teams.map((team: { id: string }) => team.id)).toContain('racing-bulls');
  });

  it('answers 400 for bad team and line-up input, 404 for an unknown driver', async () => {
    const team = await asAdmin('PATCH', '/api/admin/teams/mclaren', { logoUrl: 'ftp://example.com/logo.png' });
    expect(team.statusCode).toBe(400);
    expect(team.json().message).toMatch(/Invalid logoUrl/);
    const crowded = await asAdmin('PUT', '/api/admin/line-ups/2025/red-bull', {
      drivers: [
        { driverId: 'max-verstappen', rounds: [1, 2, 3] },
        { driverId: 'liam-lawson', rounds: [1, 2] },
        { driverId: 'yuki-tsunoda', rounds: [2, 3] },
      ],
    });
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json().message).toBe('Invalid rounds: more than two drivers in round 2');
    const beyond = await asAdmin('PUT', '/api/admin/line-ups/2025/red-bull', { drivers: [{ driverId: 'max-verstappen', rounds: [4] }] });
    expect(beyond.json().message).toBe('Invalid rounds: the 2025 season has 3 rounds, not 4');
    const nobody = await asAdmin('PUT', '/api/admin/line-ups/2025/red-bull', { drivers: [{ driverId: 'nobody', rounds: [1] }] });
    expect(nobody.json().message).toBe('No driver nobody');
    expect((await asAdmin('GET', '/api/admin/drivers/nobody')).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/pictures?kind=poster')).statusCode).toBe(400);
  });

  it('shows a driver override on the driver cards and detail, keeps the imported value beside it, and reverts', async () => {
    const before = (await drivers()).find((d) => d._id === 'lando-norris')!;
    expect(before.culoare).toBe('#FF8000');

    const saved = await asAdmin('PATCH', '/api/admin/drivers/lando-norris', {
      colour: '#00aa55',
      firstName: 'Lan',
      number: '1',
      flag: 'IT',
      photoUrl: 'https://example.com/lando.jpg',
      wikipediaUrl: 'https://en.wikipedia.org/wiki/Lando_Norris',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      imported: { firstName: 'Lando', number: '4', colour: '#FF8000', flag: 'gb', teamId: 'mclaren', photoUrl: null },
      override: { firstName: 'Lan', number: '1', colour: '#00AA55', flag: 'it', photoUrl: 'https://example.com/lando.jpg' },
    });

    const card = (await drivers()).find((d) => d._id === 'lando-norris')!;
    expect(card).toMatchObject({ primulNume: 'Lan', number: '1', culoare: '#00AA55', steag: '/api/flags/it.svg', poza: 'https://example.com/lando.jpg' });
    const [detail] = (await t.app.inject(`/api/drivers/${card.code}`)).json();
    expect(detail).toMatchObject({
      fullName: 'Lan Norris',
      culoare: '#00AA55',
      poza: 'https://example.com/lando.jpg',
      links: [{ label: 'Wikipedia', url: 'https://en.wikipedia.org/wiki/Lando_Norris' }],
    });

    const entry = await lastAudit();
    expect(entry).toMatchObject({
      action: 'driver.override.update',
      targetType: 'driver',
      targetId: 'lando-norris',
      actorEmail: 'boss@example.com',
      before: { colour: null, firstName: null },
      after: { colour: '#00AA55', firstName: 'Lan' },
    });

    const fieldReverted = await asAdmin('PATCH', '/api/admin/drivers/lando-norris', { colour: null });
    expect(fieldReverted.json().override).toMatchObject({ colour: null, firstName: 'Lan' });
    expect((await drivers()).find((d) => d._id === 'lando-norris')!.culoare).toBe('#FF8000');

    const allReverted = await asAdmin('DELETE', '/api/admin/drivers/lando-norris/override');
    expect(Object.values(allReverted.json().override).every((value) => value === null)).toBe(true);
    expect((await drivers()).find((d) => d._id === 'lando-norris')).toMatchObject({ primulNume: 'Lando', number: '4', poza: null });
    expect(await lastAudit()).toMatchObject({ action: 'driver.override.revert', before: { firstName: 'Lan', number: '1' } });
    expect(await t.database.db.select().from(driverOverrides)).toEqual([]);
    const history = (await asAdmin('GET', '/api/admin/drivers/lando-norris/history')).json();
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['driver.override.revert', 'driver.override.update', 'driver.override.update']);
  });

  it('gives a team colour, name and pictures that win over the built-in table on team and driver cards', async () => {
    await asAdmin('PATCH', '/api/admin/teams/mclaren', {
      colour: '#111111',
      name: 'McLaren Mastercard',
      logoUrl: 'https://example.com/logo.png',
      principal: 'Andrea Stella',
      websiteUrl: 'https://www.mclaren.com/racing/',
    });
    const mclaren = (await teams()).find((team) => team._id === 'mclaren')!;
    expect(mclaren).toMatchObject({
      name: 'McLaren Mastercard',
      culoareEchipa: '#111111',
      logo: 'https://example.com/logo.png',
      principal: 'Andrea Stella',
      links: [{ label: 'Website', url: 'https://www.mclaren.com/racing/' }],
    });
    expect((await drivers()).find((d) => d._id === 'oscar-piastri')).toMatchObject({ culoare: '#111111', echipa: 'McLaren Mastercard' });
    expect((await asAdmin('GET', '/api/admin/teams/mclaren')).json()).toMatchObject({
      imported: { name: 'McLaren', colour: '#FF8000', logoUrl: null },
      override: { name: 'McLaren Mastercard', colour: '#111111', logoUrl: 'https://example.com/logo.png' },
    });
    await asAdmin('DELETE', '/api/admin/teams/mclaren/override');
    const reverted = (await teams()).find((team) => team._id === 'mclaren')!;
    expect(reverted).toMatchObject({ name: 'McLaren', culoareEchipa: '#FF8000', logo: null });
    expect(reverted).not.toHaveProperty('principal');
  });

  it('shows a renamed driver and team on the title fight and the comparison too', async () => {
    await asAdmin('PATCH', '/api/admin/drivers/oscar-piastri', { firstName: 'Oz', lastName: 'Piastri-Renamed' });
    await asAdmin('PATCH', '/api/admin/teams/mclaren', { name: 'Papaya' });
    const fight = (await t.app.inject('/api/title-fight')).json();
    expect(fight.drivers.find((d: { id: string }) => d.id === 'oscar-piastri')).toMatchObject({ name: 'Oz Piastri-Renamed', teamName: 'Papaya' });
    expect(fight.constructors.find((c: { id: string }) => c.id === 'mclaren').name).toBe('Papaya');
    const compared = (await t.app.inject('/api/compare?a=oscar-piastri&b=lando-norris&season=2025')).json();
    expect(compared.a).toMatchObject({ name: 'Oz Piastri-Renamed', teams: ['Papaya'] });
    const options = (await t.app.inject('/api/compare/drivers')).json();
    expect(options.find((o: { id: string }) => o.id === 'oscar-piastri').name).toBe('Oz Piastri-Renamed');

    await asAdmin('DELETE', '/api/admin/drivers/oscar-piastri/override');
    await asAdmin('DELETE', '/api/admin/teams/mclaren/override');
    expect((await t.app.inject('/api/title-fight')).json().drivers.find((d: { id: string }) => d.id === 'oscar-piastri').name).toBe('Oscar Piastri');
  });

  it('sets a line-up with a mid-season swap for the team and driver cards, and reverts it', async () => {
    const imported = (await asAdmin('GET', '/api/admin/line-ups')).json();
    expect(imported.season).toBe(2025);
    expect(imported.teams.find((team: { constructorId: string }) => team.constructorId === 'red-bull').imported.map((s: { driverId: string }) => s.driverId)).toEqual([
      'liam-lawson',
      'max-verstappen',
      'yuki-tsunoda',
    ]);
    // The next round is 3: the imported line-up is Verstappen and Tsunoda.
    expect((await teams()).find((team) => team._id === 'red-bull')).toMatchObject({ pilot_1: 'Max Verstappen', pilot_2: 'Yuki Tsunoda' });

    const saved = await asAdmin('PUT', '/api/admin/line-ups/2025/red-bull', {
      drivers: [
        { driverId: 'max-verstappen', rounds: [1, 2] },
        { driverId: 'liam-lawson', rounds: [1, 2, 3] },
        { driverId: 'isack-hadjar', rounds: [3] },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect((await teams()).find((team) => team._id === 'red-bull')).toMatchObject({ pilot_1: 'Liam Lawson', pilot_2: 'Isack Hadjar' });
    expect((await drivers()).find((d) => d._id === 'liam-lawson')!.echipa).toBe('Red Bull');
    expect((await drivers()).find((d) => d._id === 'isack-hadjar')!.echipa).toBe('Red Bull');
    // Hadjar and Lawson left Racing Bulls' imported line-up for round 3: only Tsunoda (rounds 1-2) is left there.
    expect((await teams()).find((team) => team._id === 'racing-bulls')).toMatchObject({ pilot_1: 'Yuki Tsunoda', pilot_2: null });
    expect(await lastAudit()).toMatchObject({ action: 'team.line-up.update', targetId: 'red-bull', after: { year: 2025 } });

    const twice = await asAdmin('PUT', '/api/admin/line-ups/2025/racing-bulls', {
      drivers: [
        { driverId: 'isack-hadjar', rounds: [1, 2, 3] },
        { driverId: 'yuki-tsunoda', rounds: [1, 2, 3] },
      ],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Isack Hadjar is already entered for Red Bull in round 3: take them out of that line-up first');
    expect((await teams()).find((team) => team._id === 'racing-bulls')).toMatchObject({ pilot_1: 'Yuki Tsunoda', pilot_2: null });

    await asAdmin('DELETE', '/api/admin/line-ups/2025/red-bull');
    expect((await teams()).find((team) => team._id === 'red-bull')).toMatchObject({ pilot_1: 'Max Verstappen', pilot_2: 'Yuki Tsunoda' });
  });

  it('stores an uploaded picture, checked by its content and size, and serves it', async () => {
    const upload = multipart('picture', await png(200));
    const saved = await t.app.inject({ method: 'POST', url: '/api/admin/pictures?kind=driver-photo', payload: upload.payload, headers: { ...admin.auth, ...upload.headers } });
    expect(saved.statusCode).toBe(201);
    const { url } = saved.json();
    expect(url).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect(await lastAudit()).toMatchObject({ action: 'picture.upload', after: { kind: 'driver-photo', url } });
    expect((await asAdmin('PATCH', '/api/admin/drivers/lando-norris', { photoUrl: url })).statusCode).toBe(200);

    const tiny = multipart('picture', await png(20));
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/pictures?kind=team-logo', payload: tiny.payload, headers: { ...admin.auth, ...tiny.headers } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Invalid picture: it must be at least 64 px on each side');

    const text = multipart('picture', Buffer.from('not a picture at all'), 'fake.png');
    const fake = await t.app.inject({ method: 'POST', url: '/api/admin/pictures?kind=car-photo', payload: text.payload, headers: { ...admin.auth, ...text.headers } });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Invalid picture: it must be a valid JPEG, PNG or WebP image');
  });

  it('writes the override and its audit entry in one transaction: no entry, no change', async () => {
    const ghost = { id: crypto.randomUUID(), email: 'ghost@example.com' }; // not a user: the audit insert fails
    await expect(updateDriverOverride(t.database.db, 'charles-leclerc', { colour: '#222222' }, { actor: ghost, at: new Date() })).rejects.toThrow();
    expect(await t.database.db.select().from(driverOverrides).where(eq(driverOverrides.driverId, 'charles-leclerc'))).toEqual([]);
  });
});
