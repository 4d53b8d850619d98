CREATE TABLE "org_user_counts" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_user_counts" ADD CONSTRAINT "org_user_counts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement triggers with transition tables, as flow_todo_counts (0023): one upsert per statement and org, in org
-- order, so an import of a whole department is one statement and never locks counts in two orders.
CREATE OR REPLACE FUNCTION "org_user_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	source text := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT n."org_id", n."status", 1 AS sign FROM new_rows n'
		WHEN 'DELETE' THEN 'SELECT o."org_id", o."status", -1 AS sign FROM old_rows o'
		ELSE 'SELECT n."org_id", n."status", 1 AS sign FROM new_rows n
			UNION ALL SELECT o."org_id", o."status", -1 FROM old_rows o' END;
BEGIN
	EXECUTE format($q$
		INSERT INTO "org_user_counts" AS c ("org_id", "active")
		SELECT "org_id", sum(sign) FROM (%s) changes
		WHERE "status" = 'active'
		GROUP BY "org_id" HAVING sum(sign) <> 0 ORDER BY "org_id"
		ON CONFLICT ("org_id") DO UPDATE SET "active" = c."active" + excluded."active"
	$q$, source);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_org_counts_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "org_user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_org_counts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "org_user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_org_counts_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "org_user_counts_apply"();
--> statement-breakpoint
-- the users already there
INSERT INTO "org_user_counts" ("org_id", "active")
	SELECT "org_id", count(*) FROM "users" WHERE "status" = 'active' GROUP BY "org_id";
