import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Admin overrides of the display data, kept apart from the imported F1DB facts (db/schema/f1.ts), which the
 * importer rewrites: a re-import never touches these tables. A null column means "show the imported value".
 * No foreign keys to the F1 tables, as the importer deletes and re-inserts their rows.
 */

/** Links shown on a driver's or a team's page: one column per kind, no free-form list. */
const linkColumns = {
  websiteUrl: text('website_url'),
  wikipediaUrl: text('wikipedia_url'),
  instagramUrl: text('instagram_url'),
  xUrl: text('x_url'),
};

export const driverOverrides = pgTable('driver_overrides', {
  driverId: text('driver_id').primaryKey(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** The car number, "1" to "99". */
  number: text('number'),
  /** The constructor id of the team shown on the driver's card. */
  teamId: text('team_id'),
  /** "#RRGGBB"; shown instead of the team colour on the driver's card. */
  colour: text('colour'),
  /** ISO 3166-1 alpha-2 code of the flag shown (lower case). */
  flag: text('flag'),
  photoUrl: text('photo_url'),
  ...linkColumns,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const teamOverrides = pgTable('team_overrides', {
  constructorId: text('constructor_id').primaryKey(),
  name: text('name'),
  fullName: text('full_name'),
  /** "#RRGGBB"; wins over the built-in team colour of every season. */
  colour: text('colour'),
  logoUrl: text('logo_url'),
  carPhotoUrl: text('car_photo_url'),
  principal: text('principal'),
  ...linkColumns,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A team's race drivers in a season as the admin sets them (/update-teams), with the rounds each drove. When a
 * team has rows for a season they replace the line-up read from the imported entries.
 */
export const lineUpAssignments = pgTable(
  'line_up_assignments',
  {
    year: integer('year').notNull(),
    constructorId: text('constructor_id').notNull(),
    driverId: text('driver_id').notNull(),
    rounds: integer('rounds').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.constructorId, t.driverId] })],
);
