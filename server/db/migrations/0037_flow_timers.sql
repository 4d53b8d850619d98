CREATE TABLE "flow_task_timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"fired_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_calendar_days" (
	"day" date PRIMARY KEY NOT NULL,
	"working" boolean NOT NULL,
	"name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_task_timers" ADD CONSTRAINT "flow_task_timers_task_id_flow_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."flow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_task_timers_due_idx" ON "flow_task_timers" USING btree ("due_at") WHERE "flow_task_timers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "flow_task_timers_task_idx" ON "flow_task_timers" USING btree ("task_id","kind");