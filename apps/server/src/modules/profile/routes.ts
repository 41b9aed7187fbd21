import fs from 'node:fs';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  profileParams,
  profilePatch,
  profilePhotoUpload,
  profileReplacement,
  type ProfileResponse,
} from '@slipstream/contract';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { accountError } from '../auth/errors';
import { currentUser } from '../auth/guard';
import { sessionCookies } from '../auth/sessions';
import { deleteAccount, getProfile, removePhoto, replacePhoto, updateProfile } from './service';
import { diskPhotoStorage, UPLOADS_URL_PREFIX, uploadsDir } from './storage';
import { endpointRoute } from '../../lib/endpoints';

/** The uid in the path must be the caller's own (or, for reading, the caller must be an admin). */
function ownUid(request: FastifyRequest, options: { adminMayRead?: boolean } = {}): string {
  const { uid } = parseInput(profileParams, request.params);
  const user = currentUser(request);
  if (user.id !== uid && !(options.adminMayRead && user.role === 'admin')) throw accountError(403, 'auth/forbidden');
  return uid;
}

export const profileRoutes: FastifyPluginAsync<AppDeps> = async (app, { config, database }) => {
  const { db } = database;
  const storage = diskPhotoStorage(uploadsDir(config.dataDir));
  await app.register(multipart, { limits: { fileSize: profilePhotoUpload.maxBytes, files: 1, fields: 0, parts: 1 } });

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('preHandler', app.requireUser);

  endpointRoute(app, 'profile', async (request): Promise<ProfileResponse> => {
    return { data: await getProfile(db, ownUid(request, { adminMayRead: true })) };
  });

  endpointRoute(app, 'replaceProfile', async (request): Promise<ProfileResponse> => {
    const uid = ownUid(request);
    return { data: await updateProfile(db, uid, parseInput(profileReplacement, request.body)) };
  });

  endpointRoute(app, 'updateProfile', async (request): Promise<ProfileResponse> => {
    const uid = ownUid(request);
    return { data: await updateProfile(db, uid, parseInput(profilePatch, request.body)) };
  });

  endpointRoute(app, 'uploadProfilePhoto', async (request): Promise<ProfileResponse> => {
    const uid = ownUid(request);
    return { data: await replacePhoto(db, storage, uid, await readPhotoUpload(request)) };
  });

  endpointRoute(app, 'removeProfilePhoto', async (request): Promise<ProfileResponse> => {
    return { data: await removePhoto(db, storage, ownUid(request)) };
  });

  endpointRoute(app, 'deleteAccount', async (request, reply) => {
    await deleteAccount(db, storage, ownUid(request));
    sessionCookies(config).clear(reply);
    return reply.status(204).send();
  });
};

const missingPhoto = () => new HttpError(400, `Invalid ${profilePhotoUpload.field}: send multipart/form-data with one file in the field "${profilePhotoUpload.field}"`);

async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw missingPhoto();
  let file;
  try {
    file = await request.file();
  } catch {
    throw missingPhoto();
  }
  if (!file || file.fieldname !== profilePhotoUpload.field) throw missingPhoto();
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw accountError(413, 'profile/image-too-large');
    throw missingPhoto();
  }
}

/** Serves stored photos at /uploads/...: immutable, as each new photo gets a new name. */
export const uploadsRoutes: FastifyPluginAsync<AppDeps> = async (app, { config }) => {
  const root = uploadsDir(config.dataDir);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${UPLOADS_URL_PREFIX}/`,
    decorateReply: false,
    index: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
};
