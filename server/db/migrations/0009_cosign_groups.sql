ALTER TABLE "flow_tasks" ADD COLUMN "parent_task_id" uuid;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD COLUMN "add_kind" text;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD COLUMN "group_sign_mode" text;