ALTER TABLE "users" ADD COLUMN "display_name_skeleton" text;--> statement-breakpoint
ALTER TABLE "reaction_players" ADD COLUMN "last_lights_out_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_display_name_skeleton" ON "users" USING btree ("display_name_skeleton");