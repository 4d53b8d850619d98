CREATE TABLE "meeting_sign_in_attempts" (
	"user_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	CONSTRAINT "meeting_sign_in_attempts_user_id_meeting_id_pk" PRIMARY KEY("user_id","meeting_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_sign_in_attempts" ADD CONSTRAINT "meeting_sign_in_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_sign_in_attempts_window_idx" ON "meeting_sign_in_attempts" USING btree ("window_start");