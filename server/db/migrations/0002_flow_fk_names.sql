-- 0001_flow.sql declared its foreign keys inline, so PostgreSQL named them <table>_<column>_fkey; the snapshot (and any
-- later generated migration that drops or alters them) uses drizzle-kit names. Renaming keeps both databases and snapshot in step.
ALTER TABLE "flow_instances" RENAME CONSTRAINT "flow_instances_definition_id_fkey" TO "flow_instances_definition_id_flow_definitions_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_instances" RENAME CONSTRAINT "flow_instances_initiator_id_fkey" TO "flow_instances_initiator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_logs" RENAME CONSTRAINT "flow_logs_instance_id_fkey" TO "flow_logs_instance_id_flow_instances_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_logs" RENAME CONSTRAINT "flow_logs_actor_id_fkey" TO "flow_logs_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_reads" RENAME CONSTRAINT "flow_reads_instance_id_fkey" TO "flow_reads_instance_id_flow_instances_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_reads" RENAME CONSTRAINT "flow_reads_user_id_fkey" TO "flow_reads_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_tasks" RENAME CONSTRAINT "flow_tasks_instance_id_fkey" TO "flow_tasks_instance_id_flow_instances_id_fk";
--> statement-breakpoint
ALTER TABLE "flow_tasks" RENAME CONSTRAINT "flow_tasks_assignee_id_fkey" TO "flow_tasks_assignee_id_users_id_fk";
