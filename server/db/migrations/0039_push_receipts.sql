CREATE TABLE "push_subscription_drops" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"dropped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_deliveries" ADD COLUMN "receipt_hash" text;--> statement-breakpoint
ALTER TABLE "outbound_deliveries" ADD COLUMN "shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_deliveries" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "last_shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "last_shown_title" text;--> statement-breakpoint
ALTER TABLE "push_subscription_drops" ADD CONSTRAINT "push_subscription_drops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscription_drops_user_idx" ON "push_subscription_drops" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_deliveries_receipt_idx" ON "outbound_deliveries" USING btree ("receipt_hash") WHERE "outbound_deliveries"."receipt_hash" is not null;