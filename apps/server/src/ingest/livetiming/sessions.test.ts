import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArchiveStandIn, type ArchiveStandIn } from '../../test/livetimingArchive';
import { createArchiveClient, type ArchiveClient } from './archive';
import { archiveFolder, archiveSessionNames, findArchiveSession } from './sessions';

describe('archiveSessionNames', () => {
  it('follows the archive’s names for the sprint and its qualifying through the years', () => {
    expect(archiveSessionNames('SPRINT_RACE', 2021)).toEqual(['Sprint Qualifying', 'Sprint']);
    expect(archiveSessionNames('SPRINT_RACE', 2025)).toEqual(['Sprint']);
    expect(archiveSessionNames('SPRINT_QUALIFYING', 2022)).toEqual([]);
    expect(archiveSessionNames('SPRINT_QUALIFYING', 2023)).toEqual(['Sprint Shootout']);
    expect(archiveSessionNames('SPRINT_QUALIFYING', 2024)).toEqual(['Sprint Qualifying']);
    expect(archiveSessionNames('FREE_PRACTICE_3', 2019)).toEqual(['Practice 3']);
  });
});

describe('archiveFolder', () => {
  it('names a session folder after the race and session dates and the names, spaces as underscores', () => {
    expect(archiveFolder(2025, '2025-05-04', 'Miami Grand Prix', '2025-05-03', 'Sprint')).toBe('2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/');
    expect(archiveFolder(2024, '2024-04-21', 'Chinese Grand Prix', '2024-04-19', 'Sprint Qualifying')).toBe(
      '2024/2024-04-21_Chinese_Grand_Prix/2024-04-19_Sprint_Qualifying/',
    );
  });
});

describe('findArchiveSession, against the stand-in archive', () => {
  let archive: ArchiveStandIn;
  let client: ArchiveClient;
  beforeAll(async () => {
    archive = await startArchiveStandIn();
    client = createArchiveClient({ baseUrl: archive.url });
  });
  afterAll(() => archive.close());

  it('finds a session in the season’s Index.json by its kind and UTC day', async () => {
    expect(
      await findArchiveSession(client, { year: 2019, raceDate: '2019-09-08', sessionDate: '2019-09-07', kind: 'QUALIFYING', grandPrixName: 'Italian Grand Prix' }),
    ).toEqual({
      year: 2019,
      kind: 'QUALIFYING',
      path: '2019/2019-09-08_Italian_Grand_Prix/2019-09-07_Qualifying/',
      meetingName: 'Italian Grand Prix',
      sessionName: 'Qualifying',
    });
  });

  it('takes the index’s name of the session in its era: the 2021 sprint, the 2023 shootout, its meeting name', async () => {
    const sprint2021 = await findArchiveSession(client, {
      year: 2021,
      raceDate: '2021-11-14',
      sessionDate: '2021-11-13',
      kind: 'SPRINT_RACE',
      grandPrixName: 'São Paulo Grand Prix',
    });
    expect(sprint2021?.path).toBe('2021/2021-11-14_São_Paulo_Grand_Prix/2021-11-13_Sprint_Qualifying/');
    const mexico = await findArchiveSession(client, { year: 2021, raceDate: '2021-11-07', sessionDate: '2021-11-06', kind: 'QUALIFYING', grandPrixName: 'Mexican Grand Prix' });
    expect(mexico).toMatchObject({ path: '2021/2021-11-07_Mexico_City_Grand_Prix/2021-11-06_Qualifying/', meetingName: 'Mexico City Grand Prix' });
    const baku = { year: 2023, raceDate: '2023-04-30', grandPrixName: 'Azerbaijan Grand Prix' };
    expect((await findArchiveSession(client, { ...baku, sessionDate: '2023-04-29', kind: 'SPRINT_QUALIFYING' }))?.path).toBe(
      '2023/2023-04-30_Azerbaijan_Grand_Prix/2023-04-29_Sprint_Shootout/',
    );
    expect((await findArchiveSession(client, { ...baku, sessionDate: '2023-04-29', kind: 'SPRINT_RACE' }))?.path).toBe(
      '2023/2023-04-30_Azerbaijan_Grand_Prix/2023-04-29_Sprint/',
    );
    expect((await findArchiveSession(client, { ...baku, sessionDate: '2023-04-28', kind: 'QUALIFYING' }))?.path).toBe(
      '2023/2023-04-30_Azerbaijan_Grand_Prix/2023-04-28_Qualifying/',
    );
  });

  it('without an index, finds the folder by the naming rule', async () => {
    const miami = await findArchiveSession(client, { year: 2025, raceDate: '2025-05-04', sessionDate: '2025-05-03', kind: 'SPRINT_RACE', grandPrixName: 'Miami Grand Prix' });
    expect(miami).toEqual({
      year: 2025,
      kind: 'SPRINT_RACE',
      path: '2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/',
      meetingName: 'Miami Grand Prix',
      sessionName: 'Sprint',
    });
    const china = await findArchiveSession(client, { year: 2024, raceDate: '2024-04-21', sessionDate: '2024-04-19', kind: 'SPRINT_QUALIFYING', grandPrixName: 'Chinese Grand Prix' });
    expect(china?.path).toBe('2024/2024-04-21_Chinese_Grand_Prix/2024-04-19_Sprint_Qualifying/');
  });

  it('tries the day before and after, since folders carry local dates and F1DB UTC days (Las Vegas races on Saturday night)', async () => {
    const folder = '2024/2024-11-23_Las_Vegas_Grand_Prix/2024-11-23_Race/';
    archive.set(`${folder}SessionInfo.jsonStream`, { body: '00:00:00.000{"Name":"Race"}\n' });
    const vegas = await findArchiveSession(client, { year: 2024, raceDate: '2024-11-24', sessionDate: '2024-11-24', kind: 'RACE', grandPrixName: 'Las Vegas Grand Prix' });
    expect(vegas?.path).toBe(folder);
    archive.release(`${folder}SessionInfo.jsonStream`);
  });

  it('finds nothing while the archive has not published the session, and the session once it has', async () => {
    const target = { year: 2025, raceDate: '2025-05-04', sessionDate: '2025-05-03', kind: 'SPRINT_RACE', grandPrixName: 'Miami Grand Prix' } as const;
    archive.set('2025/2025-05-04_Miami_Grand_Prix/', { hidden: true });
    expect(await findArchiveSession(client, target)).toBeUndefined();
    archive.release('2025/2025-05-04_Miami_Grand_Prix/');
    expect((await findArchiveSession(client, target))?.path).toBe('2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/');
  });

  it('asks nothing for a session the season did not have, and refuses a date that is not one', async () => {
    const before = archive.requested().length;
    expect(await findArchiveSession(client, { year: 2022, raceDate: '2022-04-24', sessionDate: '2022-04-23', kind: 'SPRINT_QUALIFYING', grandPrixName: 'Emilia Romagna Grand Prix' })).toBeUndefined();
    expect(archive.requested().length).toBe(before);
    await expect(findArchiveSession(client, { year: 2025, raceDate: '4 May 2025', sessionDate: '2025-05-03', kind: 'RACE', grandPrixName: 'Miami Grand Prix' })).rejects.toThrow(
      /Not a date YYYY-MM-DD: 4 May 2025/,
    );
  });
});
