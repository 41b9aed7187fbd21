CREATE TABLE "driver_overrides" (
	"driver_id" text PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"number" text,
	"team_id" text,
	"colour" text,
	"flag" text,
	"photo_url" text,
	"website_url" text,
	"wikipedia_url" text,
	"instagram_url" text,
	"x_url" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_up_assignments" (
	"year" integer NOT NULL,
	"constructor_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"rounds" integer[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "line_up_assignments_year_constructor_id_driver_id_pk" PRIMARY KEY("year","constructor_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "team_overrides" (
	"constructor_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"full_name" text,
	"colour" text,
	"logo_url" text,
	"car_photo_url" text,
	"principal" text,
	"website_url" text,
	"wikipedia_url" text,
	"instagram_url" text,
	"x_url" text,
	"updated_at" timestamp with time zone NOT NULL
);
