CREATE TABLE "shared_limits" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shared_limits_scope_subject_bucket_start_pk" PRIMARY KEY("scope","subject","bucket_start")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "shared_limits_expires_idx" ON "shared_limits" USING btree ("expires_at");