CREATE INDEX "flow_reads_user_at_idx" ON "flow_reads" USING btree ("user_id","created_at","instance_id");--> statement-breakpoint
CREATE INDEX "flow_tasks_assignee_at_idx" ON "flow_tasks" USING btree ("assignee_id","created_at","instance_id");--> statement-breakpoint
CREATE INDEX "flow_tasks_on_behalf_at_idx" ON "flow_tasks" USING btree ("on_behalf_of_id","created_at","instance_id") WHERE "flow_tasks"."on_behalf_of_id" is not null;--> statement-breakpoint
-- migration 0050's index of stand-in tasks (by person and request) is served by the one above, which adds the time
DROP INDEX IF EXISTS "flow_tasks_on_behalf_idx";
