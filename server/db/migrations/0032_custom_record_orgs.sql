-- hand-written below
-- A record belongs to the org its creator sat in (the access scopes read it); seeded records were stored without one.
UPDATE "custom_records" AS r SET "org_id" = u."org_id" FROM "users" AS u WHERE r."org_id" IS NULL AND r."created_by" = u."id";--> statement-breakpoint
-- The seeded 合同台账 let every department head read every contract: they now read their own department's only.
UPDATE "custom_models" SET "access" = jsonb_set("access", '{read}', '["admin", {"role": "dept_manager", "scope": "dept"}, "owner"]'::jsonb)
WHERE "code" = 'contract' AND "access" -> 'read' = '["admin", "dept_manager", "owner"]'::jsonb;
