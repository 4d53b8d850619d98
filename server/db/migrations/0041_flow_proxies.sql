CREATE TABLE "flow_proxies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"proxy_user_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"definition_ids" uuid[],
	"include_waiting" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_logs" ADD COLUMN "on_behalf_of_id" uuid;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD COLUMN "on_behalf_of_id" uuid;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD COLUMN "proxy_ids" uuid[];--> statement-breakpoint
ALTER TABLE "flow_proxies" ADD CONSTRAINT "flow_proxies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_proxies" ADD CONSTRAINT "flow_proxies_proxy_user_id_users_id_fk" FOREIGN KEY ("proxy_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_proxies" ADD CONSTRAINT "flow_proxies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_proxies_user_idx" ON "flow_proxies" USING btree ("user_id","end_at");--> statement-breakpoint
CREATE INDEX "flow_proxies_proxy_user_idx" ON "flow_proxies" USING btree ("proxy_user_id","end_at");--> statement-breakpoint
CREATE INDEX "flow_proxies_unclosed_idx" ON "flow_proxies" USING btree ("end_at") WHERE "flow_proxies"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "flow_proxies_unopened_idx" ON "flow_proxies" USING btree ("start_at") WHERE "flow_proxies"."opened_at" is null and "flow_proxies"."include_waiting";--> statement-breakpoint
ALTER TABLE "flow_logs" ADD CONSTRAINT "flow_logs_on_behalf_of_id_users_id_fk" FOREIGN KEY ("on_behalf_of_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_tasks" ADD CONSTRAINT "flow_tasks_on_behalf_of_id_users_id_fk" FOREIGN KEY ("on_behalf_of_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_tasks_proxied_idx" ON "flow_tasks" USING btree ("on_behalf_of_id") WHERE "flow_tasks"."on_behalf_of_id" is not null and "flow_tasks"."status" in ('pending', 'waiting');