DROP INDEX "race_results_driver";--> statement-breakpoint
DROP INDEX "race_results_constructor";--> statement-breakpoint
CREATE INDEX "race_results_driver_race" ON "race_results" USING btree ("driver_id","race_id");--> statement-breakpoint
CREATE INDEX "race_results_constructor_race" ON "race_results" USING btree ("constructor_id","race_id");