CREATE TABLE "flow_todo_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_todo_counts" ADD CONSTRAINT "flow_todo_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement triggers with transition tables: one upsert per statement and assignee, in user order (a statement that
-- touches several people's tasks locks their counts in the same order every time).
CREATE OR REPLACE FUNCTION "flow_todo_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	source text := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT n."assignee_id", n."status", n."returned_to_initiator", 1 AS sign FROM new_rows n'
		WHEN 'DELETE' THEN 'SELECT o."assignee_id", o."status", o."returned_to_initiator", -1 AS sign FROM old_rows o'
		ELSE 'SELECT n."assignee_id", n."status", n."returned_to_initiator", 1 AS sign FROM new_rows n
			UNION ALL SELECT o."assignee_id", o."status", o."returned_to_initiator", -1 FROM old_rows o' END;
BEGIN
	EXECUTE format($q$
		INSERT INTO "flow_todo_counts" AS c ("user_id", "pending")
		SELECT "assignee_id", sum(sign) FROM (%s) changes
		WHERE "status" = 'pending' AND NOT "returned_to_initiator"
		GROUP BY "assignee_id" HAVING sum(sign) <> 0 ORDER BY "assignee_id"
		ON CONFLICT ("user_id") DO UPDATE SET "pending" = c."pending" + excluded."pending"
	$q$, source);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "flow_tasks_todo_counts_insert" AFTER INSERT ON "flow_tasks" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "flow_todo_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "flow_tasks_todo_counts_update" AFTER UPDATE ON "flow_tasks" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "flow_todo_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "flow_tasks_todo_counts_delete" AFTER DELETE ON "flow_tasks" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "flow_todo_counts_apply"();
--> statement-breakpoint
-- the pending tasks already there
INSERT INTO "flow_todo_counts" ("user_id", "pending")
	SELECT "assignee_id", count(*) FROM "flow_tasks" WHERE "status" = 'pending' AND NOT "returned_to_initiator" GROUP BY "assignee_id";
