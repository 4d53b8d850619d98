CREATE TABLE "message_inbox_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_inbox_counts" ADD CONSTRAINT "message_inbox_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_deliveries_inbox_page_idx" ON "message_deliveries" USING btree ("receiver_id","created_at","id") WHERE "message_deliveries"."channel" = 'app';--> statement-breakpoint
-- Statement triggers with transition tables, as flow_todo_counts (0023): one upsert per statement and receiver, in
-- user order, so a message sent to a whole company is one statement and never locks counts in two orders.
CREATE OR REPLACE FUNCTION "message_inbox_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	source text := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT n."receiver_id", n."channel", 1 AS sign FROM new_rows n'
		WHEN 'DELETE' THEN 'SELECT o."receiver_id", o."channel", -1 AS sign FROM old_rows o'
		ELSE 'SELECT n."receiver_id", n."channel", 1 AS sign FROM new_rows n
			UNION ALL SELECT o."receiver_id", o."channel", -1 FROM old_rows o' END;
BEGIN
	EXECUTE format($q$
		INSERT INTO "message_inbox_counts" AS c ("user_id", "total")
		SELECT "receiver_id", sum(sign) FROM (%s) changes
		WHERE "channel" = 'app'
		GROUP BY "receiver_id" HAVING sum(sign) <> 0 ORDER BY "receiver_id"
		ON CONFLICT ("user_id") DO UPDATE SET "total" = c."total" + excluded."total"
	$q$, source);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "message_deliveries_inbox_counts_insert" AFTER INSERT ON "message_deliveries" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "message_inbox_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "message_deliveries_inbox_counts_update" AFTER UPDATE ON "message_deliveries" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "message_inbox_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "message_deliveries_inbox_counts_delete" AFTER DELETE ON "message_deliveries" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "message_inbox_counts_apply"();
--> statement-breakpoint
-- the in-app messages already there
INSERT INTO "message_inbox_counts" ("user_id", "total")
	SELECT "receiver_id", count(*) FROM "message_deliveries" WHERE "channel" = 'app' GROUP BY "receiver_id";
