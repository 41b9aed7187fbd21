DROP INDEX "race_constructor_standings_constructor";--> statement-breakpoint
DROP INDEX "race_driver_standings_driver";--> statement-breakpoint
CREATE INDEX "race_constructor_standings_constructor_position" ON "race_constructor_standings" USING btree ("constructor_id","position_number");--> statement-breakpoint
CREATE INDEX "race_driver_standings_driver_position" ON "race_driver_standings" USING btree ("driver_id","position_number");--> statement-breakpoint
-- Planner statistics for databases imported before the import ran ANALYZE (the embedded one never gathers them).
ANALYZE;
