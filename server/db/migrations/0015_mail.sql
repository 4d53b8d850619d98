CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"parent_id" uuid,
	"relation" text,
	"subject" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"receipt" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_grams" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_recipients" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "mail_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"folder" text NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"starred" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"purged" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_recipients" ADD CONSTRAINT "mail_recipients_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_recipients" ADD CONSTRAINT "mail_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_thread_idx" ON "mail_messages" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "mail_messages_grams_idx" ON "mail_messages" USING gin ("search_grams") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "mail_messages_attachments_idx" ON "mail_messages" USING gin ("attachments");--> statement-breakpoint
CREATE INDEX "mail_recipients_user_idx" ON "mail_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mailboxes_folder_idx" ON "mailboxes" USING btree ("user_id","folder","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mailboxes"."deleted_at" is null and not "mailboxes"."purged";--> statement-breakpoint
CREATE INDEX "mailboxes_unread_idx" ON "mailboxes" USING btree ("user_id") WHERE "mailboxes"."folder" = 'inbox' and not "mailboxes"."seen" and "mailboxes"."deleted_at" is null and not "mailboxes"."purged";--> statement-breakpoint
CREATE INDEX "mailboxes_message_idx" ON "mailboxes" USING btree ("message_id","user_id");