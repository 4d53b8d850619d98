ALTER TABLE "meeting_rooms" ADD COLUMN "manager_id" uuid;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "approval_instance_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD CONSTRAINT "meeting_rooms_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetings_materials_idx" ON "meetings" USING gin ("material_file_ids");