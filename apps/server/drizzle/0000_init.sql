CREATE TABLE "circuit_layouts" (
	"id" text PRIMARY KEY NOT NULL,
	"circuit_id" text NOT NULL,
	"length" double precision,
	"turns" integer,
	"svgs" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circuits" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"place_name" text NOT NULL,
	"country_id" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"length" double precision,
	"turns" integer,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "constructors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"country_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" text PRIMARY KEY NOT NULL,
	"alpha2_code" text,
	"alpha3_code" text,
	"name" text NOT NULL,
	"demonym" text,
	"continent_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"version" text NOT NULL,
	"data_date" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"changed_rows" integer NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"full_name" text NOT NULL,
	"abbreviation" text NOT NULL,
	"permanent_number" text,
	"gender" text NOT NULL,
	"date_of_birth" text,
	"date_of_death" text,
	"place_of_birth" text,
	"country_of_birth_id" text,
	"nationality_id" text NOT NULL,
	"second_nationality_id" text
);
--> statement-breakpoint
CREATE TABLE "engine_manufacturers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_id" text
);
--> statement-breakpoint
CREATE TABLE "fastest_laps" (
	"race_id" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"driver_number" text NOT NULL,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"engine_manufacturer_id" text NOT NULL,
	"lap" integer,
	"time" text NOT NULL,
	"gap" text,
	CONSTRAINT "fastest_laps_race_id_position_display_order_pk" PRIMARY KEY("race_id","position_display_order")
);
--> statement-breakpoint
CREATE TABLE "grands_prix" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"short_name" text NOT NULL,
	"abbreviation" text NOT NULL,
	"country_id" text
);
--> statement-breakpoint
CREATE TABLE "qualifying_results" (
	"race_id" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"driver_number" text NOT NULL,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"engine_manufacturer_id" text NOT NULL,
	"session" text NOT NULL,
	"time" text,
	"q1" text,
	"q2" text,
	"q3" text,
	"gap" text,
	"laps" integer,
	CONSTRAINT "qualifying_results_race_id_session_position_display_order_pk" PRIMARY KEY("race_id","session","position_display_order")
);
--> statement-breakpoint
CREATE TABLE "race_constructor_standings" (
	"race_id" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"points" double precision NOT NULL,
	"constructor_id" text NOT NULL,
	"engine_manufacturer_id" text NOT NULL,
	CONSTRAINT "race_constructor_standings_race_id_position_display_order_pk" PRIMARY KEY("race_id","position_display_order")
);
--> statement-breakpoint
CREATE TABLE "race_driver_standings" (
	"race_id" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"points" double precision NOT NULL,
	"driver_id" text NOT NULL,
	CONSTRAINT "race_driver_standings_race_id_position_display_order_pk" PRIMARY KEY("race_id","position_display_order")
);
--> statement-breakpoint
CREATE TABLE "race_results" (
	"race_id" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"driver_number" text NOT NULL,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"engine_manufacturer_id" text NOT NULL,
	"session" text NOT NULL,
	"shared_car" boolean DEFAULT false NOT NULL,
	"laps" integer,
	"time" text,
	"time_penalty" text,
	"gap" text,
	"interval" text,
	"reason_retired" text,
	"points" double precision,
	"grid_position" text,
	CONSTRAINT "race_results_race_id_session_position_display_order_pk" PRIMARY KEY("race_id","session","position_display_order")
);
--> statement-breakpoint
CREATE TABLE "race_sessions" (
	"race_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" text NOT NULL,
	"starts_at" timestamp with time zone,
	CONSTRAINT "race_sessions_race_id_kind_pk" PRIMARY KEY("race_id","kind")
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" integer PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"round" integer NOT NULL,
	"date" text NOT NULL,
	"time" text,
	"grand_prix_id" text NOT NULL,
	"official_name" text NOT NULL,
	"qualifying_format" text NOT NULL,
	"sprint_qualifying_format" text,
	"circuit_id" text NOT NULL,
	"circuit_layout_id" text NOT NULL,
	"circuit_type" text NOT NULL,
	"direction" text NOT NULL,
	"course_length" double precision NOT NULL,
	"turns" integer NOT NULL,
	"laps" integer NOT NULL,
	"distance" double precision NOT NULL,
	"scheduled_laps" integer,
	"scheduled_distance" double precision,
	"sprint_race_laps" integer,
	"drivers_championship_decider" boolean DEFAULT false NOT NULL,
	"constructors_championship_decider" boolean DEFAULT false NOT NULL,
	CONSTRAINT "races_year_round" UNIQUE("year","round")
);
--> statement-breakpoint
CREATE TABLE "season_constructor_standings" (
	"year" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"points" double precision NOT NULL,
	"constructor_id" text NOT NULL,
	"engine_manufacturer_id" text NOT NULL,
	CONSTRAINT "season_constructor_standings_year_position_display_order_pk" PRIMARY KEY("year","position_display_order")
);
--> statement-breakpoint
CREATE TABLE "season_driver_standings" (
	"year" integer NOT NULL,
	"position_display_order" integer NOT NULL,
	"position_number" integer,
	"position_text" text NOT NULL,
	"points" double precision NOT NULL,
	"driver_id" text NOT NULL,
	CONSTRAINT "season_driver_standings_year_position_display_order_pk" PRIMARY KEY("year","position_display_order")
);
--> statement-breakpoint
CREATE TABLE "season_entrant_drivers" (
	"year" integer NOT NULL,
	"entrant_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"engine_manufacturer_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"rounds" integer[] NOT NULL,
	"test_driver" boolean NOT NULL,
	CONSTRAINT "season_entrant_drivers_year_entrant_id_constructor_id_engine_manufacturer_id_driver_id_pk" PRIMARY KEY("year","entrant_id","constructor_id","engine_manufacturer_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"year" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_colours" (
	"constructor_id" text NOT NULL,
	"year" integer NOT NULL,
	"colour" text NOT NULL,
	CONSTRAINT "team_colours_constructor_id_year_pk" PRIMARY KEY("constructor_id","year")
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"external_key" text NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"published_at" timestamp with time zone,
	"description" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"link" text NOT NULL,
	"image_url" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "news_items_source_key" UNIQUE("source","external_key")
);
--> statement-breakpoint
CREATE TABLE "news_sources" (
	"name" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"driver_id" text,
	"constructor_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_accounts" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_accounts_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"password_hash" text,
	"role" text DEFAULT 'user' NOT NULL,
	"display_name" text,
	"first_name" text,
	"last_name" text,
	"nickname" text,
	"country" text,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role" CHECK ("users"."role" in ('user', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "ballots" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"user_id" uuid,
	"visitor_id" text,
	"address_hash" text,
	"address_slot" integer,
	"best_point_scorer" text NOT NULL,
	"best_of_the_rest" text NOT NULL,
	"best_team" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ballots_race_user" UNIQUE("race_id","user_id"),
	CONSTRAINT "ballots_race_visitor" UNIQUE("race_id","visitor_id"),
	CONSTRAINT "ballots_race_address_slot" UNIQUE("race_id","address_hash","address_slot"),
	CONSTRAINT "ballots_one_voter" CHECK (num_nonnulls("ballots"."user_id", "ballots"."visitor_id") = 1),
	CONSTRAINT "ballots_visitor_address" CHECK (("ballots"."visitor_id" is null) = ("ballots"."address_hash" is null) and ("ballots"."visitor_id" is null) = ("ballots"."address_slot" is null)),
	CONSTRAINT "ballots_address_slot" CHECK ("ballots"."address_slot" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reaction_players" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"best_ms" integer NOT NULL,
	"best_at" timestamp with time zone NOT NULL,
	"recent_submissions" jsonb NOT NULL,
	CONSTRAINT "reaction_players_best_ms" CHECK ("reaction_players"."best_ms" between 100 and 2000)
);
--> statement-breakpoint
ALTER TABLE "action_codes" ADD CONSTRAINT "action_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reaction_players" ADD CONSTRAINT "reaction_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "race_results_driver" ON "race_results" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "news_items_source_date" ON "news_items" USING btree ("source",coalesce("published_at", "first_seen_at") desc);--> statement-breakpoint
CREATE INDEX "action_codes_user" ON "action_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "favourites_driver" ON "favourites" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "favourites_constructor" ON "favourites" USING btree ("constructor_id");--> statement-breakpoint
CREATE INDEX "oauth_accounts_user" ON "oauth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "ballots_user" ON "ballots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reaction_players_best" ON "reaction_players" USING btree ("best_ms","best_at");