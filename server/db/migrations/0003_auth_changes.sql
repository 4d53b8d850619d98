-- Every server process caches sessions and principals in memory for a few seconds; these triggers tell all of them
-- (LISTEN auth_changes) the moment a session is revoked or cut short, or a user's status, password, identity or roles
-- change, whether the change came through the API or straight through SQL. Payload: 's:<session id>', 'u:<user id>'
-- or '*' (a role's permissions changed: every principal holding it is stale).
CREATE OR REPLACE FUNCTION "auth_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'sessions' THEN
		PERFORM pg_notify('auth_changes', 's:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
	ELSIF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('auth_changes', 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
	ELSIF TG_TABLE_NAME = 'user_roles' THEN
		IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('auth_changes', 'u:' || OLD.user_id::text); END IF;
		IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('auth_changes', 'u:' || NEW.user_id::text); END IF;
	ELSE
		PERFORM pg_notify('auth_changes', '*');
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- sliding expiry moves expires_at forward once a minute: only a revocation or a shortened expiry is news
CREATE TRIGGER "sessions_auth_changes" AFTER UPDATE ON "sessions" FOR EACH ROW
	WHEN (NEW."revoked_at" IS DISTINCT FROM OLD."revoked_at" OR NEW."expires_at" < OLD."expires_at")
	EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_deleted" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_changes" AFTER UPDATE ON "users" FOR EACH ROW
	WHEN (NEW."status" IS DISTINCT FROM OLD."status" OR NEW."password_hash" IS DISTINCT FROM OLD."password_hash"
		OR NEW."username" IS DISTINCT FROM OLD."username" OR NEW."real_name" IS DISTINCT FROM OLD."real_name"
		OR NEW."org_id" IS DISTINCT FROM OLD."org_id")
	EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_changes" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_changes" AFTER UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "auth_changes_notify"();
