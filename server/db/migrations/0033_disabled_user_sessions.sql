-- hand-written below
-- Disabling a user ends their sessions in the same transaction, whether through the API or straight through SQL:
-- re-enabled, an old token must not work again. Each revoked session NOTIFYs 's:<id>' (sessions_auth_changes of
-- 0003_auth_changes), so every server drops it from its auth cache at once.
CREATE OR REPLACE FUNCTION "users_disabled_revoke_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "sessions" SET "revoked_at" = now() WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_disabled_revoke_sessions" AFTER UPDATE OF "status" ON "users" FOR EACH ROW
	WHEN (NEW."status" <> 'active' AND NEW."status" IS DISTINCT FROM OLD."status")
	EXECUTE FUNCTION "users_disabled_revoke_sessions"();
--> statement-breakpoint
-- sessions of users disabled before this migration
UPDATE "sessions" SET "revoked_at" = now() FROM "users" WHERE "sessions"."user_id" = "users"."id" AND "users"."status" <> 'active' AND "sessions"."revoked_at" IS NULL;
