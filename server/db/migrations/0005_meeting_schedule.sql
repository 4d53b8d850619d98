CREATE TABLE "meeting_buildings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_invitees" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"response" text DEFAULT 'pending' NOT NULL,
	"responded_at" timestamp with time zone,
	"signed_in_at" timestamp with time zone,
	"signed_in_manually" boolean DEFAULT false NOT NULL,
	CONSTRAINT "meeting_invitees_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"building_id" uuid NOT NULL,
	"name" text NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"equipment" text[] DEFAULT '{}' NOT NULL,
	"photo_file_id" uuid,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"agenda" text DEFAULT '' NOT NULL,
	"room_id" uuid,
	"online_link" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"organizer_id" uuid NOT NULL,
	"host_dept_id" uuid,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"material_file_ids" uuid[] DEFAULT '{}' NOT NULL,
	"channels" text[] DEFAULT '{"app"}' NOT NULL,
	"minutes" text,
	"sign_in_secret" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"reminder_minutes" integer,
	"color" text DEFAULT '#1989fa' NOT NULL,
	"participant_ids" uuid[] DEFAULT '{}' NOT NULL,
	"rule" jsonb,
	"exdates" text[] DEFAULT '{}' NOT NULL,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_invitees" ADD CONSTRAINT "meeting_invitees_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_invitees" ADD CONSTRAINT "meeting_invitees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD CONSTRAINT "meeting_rooms_building_id_meeting_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."meeting_buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_room_id_meeting_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."meeting_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_host_dept_id_orgs_id_fk" FOREIGN KEY ("host_dept_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_room_id_meeting_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."meeting_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_events" ADD CONSTRAINT "schedule_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_invitees_user_idx" ON "meeting_invitees" USING btree ("user_id","response");--> statement-breakpoint
CREATE INDEX "meeting_rooms_building_idx" ON "meeting_rooms" USING btree ("building_id","sort");--> statement-breakpoint
CREATE INDEX "meetings_organizer_idx" ON "meetings" USING btree ("organizer_id","start_at");--> statement-breakpoint
CREATE INDEX "meetings_start_idx" ON "meetings" USING btree ("start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "room_bookings_meeting_idx" ON "room_bookings" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "room_bookings_room_idx" ON "room_bookings" USING btree ("room_id","start_at");--> statement-breakpoint
CREATE INDEX "schedule_events_owner_idx" ON "schedule_events" USING btree ("owner_id","start_at");