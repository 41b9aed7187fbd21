CREATE TABLE "reaction_players" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"best_ms" integer NOT NULL,
	"best_at" timestamp with time zone NOT NULL,
	"recent_submissions" jsonb NOT NULL,
	CONSTRAINT "reaction_players_best_ms" CHECK ("reaction_players"."best_ms" between 100 and 2000)
);
--> statement-breakpoint
ALTER TABLE "reaction_players" ADD CONSTRAINT "reaction_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reaction_players_best" ON "reaction_players" USING btree ("best_ms","best_at");