CREATE TABLE "mail_counters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"inbox" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"drafts" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"starred" integer DEFAULT 0 NOT NULL,
	"trash" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_counters" ADD CONSTRAINT "mail_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_articles_latest_idx" ON "news_articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "news_articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "news_articles_pinned_idx" ON "news_articles" USING btree ("pinned_until") WHERE "news_articles"."status" = 'published' and "news_articles"."pinned_until" is not null;--> statement-breakpoint
CREATE INDEX "mailboxes_alive_idx" ON "mailboxes" USING btree ("user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mailboxes"."deleted_at" is null and not "mailboxes"."purged";--> statement-breakpoint
CREATE INDEX "mailboxes_starred_idx" ON "mailboxes" USING btree ("user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mailboxes"."starred" and "mailboxes"."deleted_at" is null and not "mailboxes"."purged";--> statement-breakpoint
CREATE INDEX "mailboxes_trash_idx" ON "mailboxes" USING btree ("user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "mailboxes"."deleted_at" is not null and not "mailboxes"."purged";--> statement-breakpoint
-- mail_counters: what one mailbox row adds to its user's counts (alive = not deleted, not purged).
CREATE OR REPLACE FUNCTION "mailbox_tally"(kind text, folder text, seen boolean, starred boolean, deleted_at timestamptz, purged boolean)
	RETURNS integer LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN purged THEN 0
		WHEN kind = 'trash' THEN (deleted_at IS NOT NULL)::int
		WHEN deleted_at IS NOT NULL THEN 0
		WHEN kind = 'inbox' THEN (folder = 'inbox')::int
		WHEN kind = 'unread' THEN (folder = 'inbox' AND NOT seen)::int
		WHEN kind = 'drafts' THEN (folder = 'drafts')::int
		WHEN kind = 'sent' THEN (folder = 'sent')::int
		WHEN kind = 'starred' THEN starred::int
		ELSE 0 END
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: one upsert per statement and user, in user order (a bulk send locks
-- the counters of its people in the same order every time).
CREATE OR REPLACE FUNCTION "mailbox_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	source text := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_rows n'
		WHEN 'DELETE' THEN 'SELECT o.*, -1 AS sign FROM old_rows o'
		ELSE 'SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 FROM old_rows o' END;
BEGIN
	EXECUTE format($q$
		INSERT INTO "mail_counters" AS c ("user_id", "inbox", "unread", "drafts", "sent", "starred", "trash")
		SELECT "user_id",
			sum(sign * "mailbox_tally"('inbox', "folder", "seen", "starred", "deleted_at", "purged")),
			sum(sign * "mailbox_tally"('unread', "folder", "seen", "starred", "deleted_at", "purged")),
			sum(sign * "mailbox_tally"('drafts', "folder", "seen", "starred", "deleted_at", "purged")),
			sum(sign * "mailbox_tally"('sent', "folder", "seen", "starred", "deleted_at", "purged")),
			sum(sign * "mailbox_tally"('starred', "folder", "seen", "starred", "deleted_at", "purged")),
			sum(sign * "mailbox_tally"('trash', "folder", "seen", "starred", "deleted_at", "purged"))
		FROM (%s) changes GROUP BY "user_id" ORDER BY "user_id"
		ON CONFLICT ("user_id") DO UPDATE SET
			"inbox" = c."inbox" + excluded."inbox", "unread" = c."unread" + excluded."unread", "drafts" = c."drafts" + excluded."drafts",
			"sent" = c."sent" + excluded."sent", "starred" = c."starred" + excluded."starred", "trash" = c."trash" + excluded."trash"
	$q$, source);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "mailboxes_counters_insert" AFTER INSERT ON "mailboxes" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "mailbox_counters_apply"();
--> statement-breakpoint
CREATE TRIGGER "mailboxes_counters_update" AFTER UPDATE ON "mailboxes" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "mailbox_counters_apply"();
--> statement-breakpoint
CREATE TRIGGER "mailboxes_counters_delete" AFTER DELETE ON "mailboxes" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "mailbox_counters_apply"();
--> statement-breakpoint
-- the counts of the mail already there
INSERT INTO "mail_counters" ("user_id", "inbox", "unread", "drafts", "sent", "starred", "trash")
	SELECT "user_id",
		sum("mailbox_tally"('inbox', "folder", "seen", "starred", "deleted_at", "purged")),
		sum("mailbox_tally"('unread', "folder", "seen", "starred", "deleted_at", "purged")),
		sum("mailbox_tally"('drafts', "folder", "seen", "starred", "deleted_at", "purged")),
		sum("mailbox_tally"('sent', "folder", "seen", "starred", "deleted_at", "purged")),
		sum("mailbox_tally"('starred', "folder", "seen", "starred", "deleted_at", "purged")),
		sum("mailbox_tally"('trash', "folder", "seen", "starred", "deleted_at", "purged"))
	FROM "mailboxes" GROUP BY "user_id";
