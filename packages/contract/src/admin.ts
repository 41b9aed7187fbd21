import { z } from 'zod';

/** One entry of the audit log: who changed what and when, with the values before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

// ---------------------------------------------------------------------------------------------------------------
// Driver editor, team editor, update teams (admin-people): display overrides over the imported F1DB facts.
// Every field is typed: names are short text, colours "#RRGGBB", links http(s) URLs, pictures https URLs or
// pictures uploaded here (/uploads/photos/<uuid>.webp). null in a PATCH reverts the field to the imported value.
// ---------------------------------------------------------------------------------------------------------------

export const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #RRGGBB')
  .transform((colour) => colour.toUpperCase());

export const linkUrl = z.url({ protocol: /^https?$/, message: 'an http or https URL' }).max(2000);

/** An uploaded picture (POST /api/admin/pictures) or an image on another https site. */
export const pictureUrl = z.union(
  [
    z.string().regex(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/, 'an uploaded picture'),
    z.url({ protocol: /^https$/, message: 'an https URL' }).max(2000),
  ],
  { error: 'an https URL or an uploaded picture' },
);

const displayName = z.string().trim().min(1, 'at least one character').max(60, 'at most 60 characters');
const entityId = z.string().regex(/^[a-z0-9-]{1,80}$/, 'an F1DB id such as max-verstappen');

export const linkFields = {
  websiteUrl: linkUrl,
  wikipediaUrl: linkUrl,
  instagramUrl: linkUrl,
  xUrl: linkUrl,
};

export const driverOverrideFields = z.object({
  firstName: displayName,
  lastName: displayName,
  number: z.string().trim().regex(/^[1-9][0-9]?$/, 'a car number from 1 to 99'),
  /** A constructor id. */
  teamId: entityId,
  colour: hexColour,
  /** ISO 3166-1 alpha-2 country code of the flag. */
  flag: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2}$/, 'a two-letter country code')
    .transform((code) => code.toLowerCase()),
  photoUrl: pictureUrl,
  ...linkFields,
});
export type DriverOverrideFields = z.infer<typeof driverOverrideFields>;
export type DriverField = keyof DriverOverrideFields;
export const driverFields = driverOverrideFields.keyof().options;

export const teamOverrideFields = z.object({
  name: displayName,
  fullName: z.string().trim().min(1, 'at least one character').max(120, 'at most 120 characters'),
  colour: hexColour,
  logoUrl: pictureUrl,
  carPhotoUrl: pictureUrl,
  principal: displayName,
  ...linkFields,
});
export type TeamOverrideFields = z.infer<typeof teamOverrideFields>;
export type TeamField = keyof TeamOverrideFields;
export const teamFields = teamOverrideFields.keyof().options;

/** Each field set (a value) or reverted (null); fields left out stay as they are; unknown fields are refused. */
function overridePatch<S extends z.ZodObject>(fields: S) {
  const shape = Object.fromEntries(Object.entries(fields.shape).map(([key, schema]) => [key, (schema as z.ZodType).nullable().optional()]));
  return z.strictObject(shape).refine((patch) => Object.keys(patch).length > 0, 'name at least one field to change');
}
export const driverOverridePatch = overridePatch(driverOverrideFields) as unknown as z.ZodType<{
  [K in DriverField]?: DriverOverrideFields[K] | null;
}>;
export const teamOverridePatch = overridePatch(teamOverrideFields) as unknown as z.ZodType<{
  [K in TeamField]?: TeamOverrideFields[K] | null;
}>;
export type DriverOverridePatch = z.infer<typeof driverOverridePatch>;
export type TeamOverridePatch = z.infer<typeof teamOverridePatch>;

export const driverIdParams = z.object({ driverId: entityId });
export const teamIdParams = z.object({ constructorId: entityId });
export const peopleSearchQuery = z.object({ q: z.string().trim().max(60).default('') });

/** Every field's value: null where there is none. */
const nullableValues = <S extends z.ZodObject>(fields: S) =>
  z.object(Object.fromEntries(Object.keys(fields.shape).map((key) => [key, z.string().nullable()])) as Record<keyof S['shape'], z.ZodNullable<z.ZodString>>);

/** What the editor shows: the imported value, the override (null when none) and the value shown on the site. */
export const driverOverrideView = z.object({
  id: z.string(),
  name: z.string(),
  imported: nullableValues(driverOverrideFields),
  override: nullableValues(driverOverrideFields),
  updatedAt: z.string().nullable(),
});
export type DriverOverrideView = z.infer<typeof driverOverrideView>;

export const teamOverrideView = z.object({
  id: z.string(),
  name: z.string(),
  imported: nullableValues(teamOverrideFields),
  override: nullableValues(teamOverrideFields),
  updatedAt: z.string().nullable(),
});
export type TeamOverrideView = z.infer<typeof teamOverrideView>;

export const peopleSearchResponse = z.array(z.object({ id: z.string(), name: z.string(), detail: z.string() }));
export type PeopleSearchResponse = z.infer<typeof peopleSearchResponse>;

/** POST /api/admin/pictures (multipart, one file in "picture"): a driver photo, team logo or car photo. */
export const pictureUpload = { field: 'picture', maxBytes: 5 * 1024 * 1024, minSidePx: 64 } as const;
export const pictureKind = z.enum(['driver-photo', 'team-logo', 'car-photo']);
export type PictureKind = z.infer<typeof pictureKind>;
export const pictureQuery = z.object({ kind: pictureKind });
export const pictureResponse = z.object({ url: z.string() });

/** /update-teams: a team's race drivers of a season with the rounds each drove. */
export const lineUpDriver = z.object({
  driverId: entityId,
  rounds: z.array(z.number().int().min(1).max(30)).min(1, 'at least one round').max(30),
});
export const lineUpReplacement = z.strictObject({
  drivers: z.array(lineUpDriver).min(1, 'at least one driver').max(6, 'at most six drivers'),
});
export type LineUpReplacement = z.infer<typeof lineUpReplacement>;
export const lineUpParams = z.object({ season: z.coerce.number().int().min(1950).max(2100), constructorId: entityId });
export const lineUpsQuery = z.object({ season: z.coerce.number().int().min(1950).max(2100).optional() });

const lineUpSeat = z.object({ driverId: z.string(), name: z.string(), rounds: z.array(z.number().int()) });
export const lineUpsResponse = z.object({
  season: z.number().int(),
  rounds: z.number().int(),
  teams: z.array(
    z.object({
      constructorId: z.string(),
      name: z.string(),
      colour: z.string(),
      imported: z.array(lineUpSeat),
      assigned: z.array(lineUpSeat).nullable(),
    }),
  ),
  /** Race drivers to choose from: everyone entered in the season. */
  drivers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type LineUpsResponse = z.infer<typeof lineUpsResponse>;

/** GET /api/admin/drivers/:driverId/history and /api/admin/teams/:constructorId/history: the audit entries of one. */
export const overrideHistoryResponse = z.array(auditEntry);
