ALTER TABLE "device_bindings" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_bindings_session_idx" ON "device_bindings" USING btree ("session_id");