ALTER TABLE "user_preferences" ADD COLUMN "channel_order" text[];--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "quiet_start" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "quiet_end" text;--> statement-breakpoint
ALTER TABLE "outbound_deliveries" ADD COLUMN "rung" integer;--> statement-breakpoint
CREATE INDEX "outbound_deliveries_held_idx" ON "outbound_deliveries" USING btree ("next_attempt_at") WHERE "outbound_deliveries"."status" = 'held';