CREATE TABLE "flow_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_document" boolean DEFAULT false NOT NULL,
	"form_schema" jsonb NOT NULL,
	"graph" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"definition_id" uuid NOT NULL REFERENCES "flow_definitions"("id"),
	"serial" text NOT NULL,
	"title" text NOT NULL,
	"initiator_id" uuid NOT NULL REFERENCES "users"("id"),
	"status" text NOT NULL,
	"current_node_id" text,
	"form_data" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"search_grams" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL REFERENCES "flow_instances"("id") ON DELETE cascade,
	"node_id" text NOT NULL,
	"node_name" text NOT NULL,
	"assignee_id" uuid NOT NULL REFERENCES "users"("id"),
	"status" text DEFAULT 'pending' NOT NULL,
	"action" text,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL REFERENCES "flow_instances"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"kind" text DEFAULT 'copy' NOT NULL,
	"node_name" text NOT NULL,
	"title" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL REFERENCES "flow_instances"("id") ON DELETE cascade,
	"node_id" text NOT NULL,
	"node_name" text NOT NULL,
	"actor_id" uuid NOT NULL REFERENCES "users"("id"),
	"action" text NOT NULL,
	"opinion" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "flow_definitions_code_version_idx" ON "flow_definitions" USING btree ("code","version");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_instances_serial_idx" ON "flow_instances" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "flow_instances_initiator_idx" ON "flow_instances" USING btree ("initiator_id","created_at");--> statement-breakpoint
CREATE INDEX "flow_instances_grams_idx" ON "flow_instances" USING gin ("search_grams") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "flow_tasks_assignee_status_idx" ON "flow_tasks" USING btree ("assignee_id","status","created_at");--> statement-breakpoint
CREATE INDEX "flow_tasks_instance_idx" ON "flow_tasks" USING btree ("instance_id","status");--> statement-breakpoint
CREATE INDEX "flow_reads_user_idx" ON "flow_reads" USING btree ("user_id","kind","read_at","created_at");--> statement-breakpoint
CREATE INDEX "flow_reads_instance_idx" ON "flow_reads" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "flow_logs_instance_idx" ON "flow_logs" USING btree ("instance_id","created_at");
