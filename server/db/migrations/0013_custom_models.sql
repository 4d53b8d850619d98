CREATE TABLE "custom_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"group_name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"list_columns" jsonb NOT NULL,
	"search_fields" jsonb NOT NULL,
	"filter_fields" jsonb NOT NULL,
	"access" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_record_files" (
	"record_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "custom_record_files_record_id_file_id_pk" PRIMARY KEY("record_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "custom_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"title" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"org_id" uuid,
	"source_address" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_record_files" ADD CONSTRAINT "custom_record_files_record_id_custom_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."custom_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_record_files" ADD CONSTRAINT "custom_record_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_records" ADD CONSTRAINT "custom_records_model_id_custom_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."custom_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_records" ADD CONSTRAINT "custom_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_records" ADD CONSTRAINT "custom_records_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_models_code_idx" ON "custom_models" USING btree ("code");--> statement-breakpoint
CREATE INDEX "custom_record_files_file_idx" ON "custom_record_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "custom_records_model_idx" ON "custom_records" USING btree ("model_id","updated_at");--> statement-breakpoint
CREATE INDEX "custom_records_source_idx" ON "custom_records" USING btree ("source_address","created_at");