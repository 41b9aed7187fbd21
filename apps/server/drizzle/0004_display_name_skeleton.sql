ALTER TABLE "users" ADD COLUMN "display_name_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_display_name_skeleton" ON "users" USING btree ("display_name_skeleton");