CREATE TABLE "flow_action_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_action_tokens" ADD CONSTRAINT "flow_action_tokens_task_id_flow_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."flow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_action_tokens" ADD CONSTRAINT "flow_action_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_action_tokens_task_idx" ON "flow_action_tokens" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "flow_action_tokens_expiry_idx" ON "flow_action_tokens" USING btree ("expires_at");