import type { FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import multipart from '@fastify/multipart';
import {
  driverIdParams,
  driverOverridePatch,
  driverOverrideView,
  lineUpParams,
  lineUpReplacement,
  lineUpsQuery,
  lineUpsResponse,
  overrideHistoryResponse,
  peopleSearchQuery,
  peopleSearchResponse,
  pictureQuery,
  pictureResponse,
  pictureUpload,
  teamIdParams,
  teamOverridePatch,
  teamOverrideView,
} from '@slipstream/contract';
import type { AppDeps } from '../../../deps';
import { HttpError } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';
import { currentUser } from '../../auth/guard';
import { diskPhotoStorage, uploadsDir } from '../../profile/storage';
import { featuredSeason } from '../../f1/season';
import { recordAudit } from '../audit';
import { lineUps, replaceLineUp, revertLineUp } from './line-ups';
import {
  driverOverrideView as readDriverOverride,
  overrideHistory,
  revertDriverOverride,
  revertTeamOverride,
  searchDrivers,
  searchTeams,
  teamOverrideView as readTeamOverride,
  updateDriverOverride,
  updateTeamOverride,
  type Edit,
} from './overrides';
import { normalisePicture } from './pictures';
import { endpointRoute } from '../../../lib/endpoints';

export type AdminPeopleOptions = AppDeps & { adminGuard: preHandlerAsyncHookHandler };

/**
 * The driver editor, the team editor and /update-teams: every route is the admin's only, validates its input with
 * the contract and records each change in the audit log in the change's own transaction.
 */
export const adminPeopleRoutes: FastifyPluginAsync<AdminPeopleOptions> = async (app, { config, database, clock, adminGuard }) => {
  const { db } = database;
  const storage = diskPhotoStorage(uploadsDir(config.dataDir));
  await app.register(multipart, { limits: { fileSize: pictureUpload.maxBytes, files: 1, fields: 0, parts: 1 } });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('preHandler', adminGuard);
  const edit = (request: FastifyRequest): Edit => ({ actor: currentUser(request), at: clock.now() });
  /** The editors show the imported values of the featured season, as the cards show them. */
  const featured = () => featuredSeason(db, clock, config.seasonOverride);

  endpointRoute(app, 'searchAdminDrivers', async (request) => peopleSearchResponse.parse(await searchDrivers(db, parseInput(peopleSearchQuery, request.query).q)));
  endpointRoute(app, 'driverOverride', async (request) => {
    const { driverId } = parseInput(driverIdParams, request.params);
    return driverOverrideView.parse(await readDriverOverride(db, driverId, await featured()));
  });
  endpointRoute(app, 'updateDriverOverride', async (request) => {
    const { driverId } = parseInput(driverIdParams, request.params);
    const patch = parseInput(driverOverridePatch, request.body);
    return driverOverrideView.parse(await updateDriverOverride(db, driverId, patch, edit(request), await featured()));
  });
  endpointRoute(app, 'revertDriverOverride', async (request) => {
    const { driverId } = parseInput(driverIdParams, request.params);
    return driverOverrideView.parse(await revertDriverOverride(db, driverId, edit(request), await featured()));
  });

  endpointRoute(app, 'driverHistory', async (request) => {
    const { driverId } = parseInput(driverIdParams, request.params);
    return overrideHistoryResponse.parse(await overrideHistory(db, 'driver', driverId));
  });

  endpointRoute(app, 'searchAdminTeams', async (request) => peopleSearchResponse.parse(await searchTeams(db, parseInput(peopleSearchQuery, request.query).q)));
  endpointRoute(app, 'teamOverride', async (request) => {
    const { constructorId } = parseInput(teamIdParams, request.params);
    return teamOverrideView.parse(await readTeamOverride(db, constructorId, await featured()));
  });
  endpointRoute(app, 'updateTeamOverride', async (request) => {
    const { constructorId } = parseInput(teamIdParams, request.params);
    const patch = parseInput(teamOverridePatch, request.body);
    return teamOverrideView.parse(await updateTeamOverride(db, constructorId, patch, edit(request), await featured()));
  });
  endpointRoute(app, 'revertTeamOverride', async (request) => {
    const { constructorId } = parseInput(teamIdParams, request.params);
    return teamOverrideView.parse(await revertTeamOverride(db, constructorId, edit(request), await featured()));
  });

  endpointRoute(app, 'teamHistory', async (request) => {
    const { constructorId } = parseInput(teamIdParams, request.params);
    return overrideHistoryResponse.parse(await overrideHistory(db, 'team', constructorId));
  });

  endpointRoute(app, 'lineUps', async (request) => {
    const { season } = parseInput(lineUpsQuery, request.query);
    return lineUpsResponse.parse(await lineUps(db, season ?? (await featured())));
  });
  endpointRoute(app, 'replaceLineUp', async (request) => {
    const { season, constructorId } = parseInput(lineUpParams, request.params);
    await replaceLineUp(db, season, constructorId, parseInput(lineUpReplacement, request.body), edit(request));
    return lineUpsResponse.parse(await lineUps(db, season));
  });
  endpointRoute(app, 'revertLineUp', async (request) => {
    const { season, constructorId } = parseInput(lineUpParams, request.params);
    await revertLineUp(db, season, constructorId, edit(request));
    return lineUpsResponse.parse(await lineUps(db, season));
  });

  /** Stores a picture and answers its URL; the editor then saves the URL into a field (audited there too). */
  endpointRoute(app, 'uploadPicture', async (request, reply) => {
    const { kind } = parseInput(pictureQuery, request.query);
    const picture = await normalisePicture(await readPicture(request), kind);
    const url = await storage.save(picture, 'webp');
    await recordAudit(db, { ...edit(request), action: 'picture.upload', target: { type: 'picture', id: url }, after: { kind, url } });
    return reply.status(201).send(pictureResponse.parse({ url }));
  });
};

const missingPicture = () =>
  new HttpError(400, `Invalid ${pictureUpload.field}: send multipart/form-data with one file in the field "${pictureUpload.field}"`);

async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw missingPicture();
  let file;
  try {
    file = await request.file();
  } catch {
    throw missingPicture();
  }
  if (!file || file.fieldname !== pictureUpload.field) throw missingPicture();
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The picture is too large: at most ${pictureUpload.maxBytes / 1024 / 1024} MB`);
    }
    throw missingPicture();
  }
}
