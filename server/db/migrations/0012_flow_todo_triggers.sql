-- 待办 without the instance join: a task of the initiator on a returned instance waits in 我的退回, not in 待办.
-- flow_tasks.returned_to_initiator says so, kept here from the instance's status and initiator whichever is written
-- first (the task, or the instance's status), so the 待办 page and count read flow_tasks alone.
CREATE OR REPLACE FUNCTION "flow_task_returned_to_initiator"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."returned_to_initiator" := EXISTS (
		SELECT 1 FROM "flow_instances" i
		WHERE i."id" = NEW."instance_id" AND i."status" = 'returned' AND i."initiator_id" = NEW."assignee_id");
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "flow_tasks_returned_to_initiator" BEFORE INSERT OR UPDATE OF "assignee_id", "instance_id" ON "flow_tasks"
	FOR EACH ROW EXECUTE FUNCTION "flow_task_returned_to_initiator"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "flow_instance_returned_to_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "flow_tasks" SET "returned_to_initiator" = (NEW."status" = 'returned' AND "assignee_id" = NEW."initiator_id")
	WHERE "instance_id" = NEW."id"
		AND "returned_to_initiator" IS DISTINCT FROM (NEW."status" = 'returned' AND "assignee_id" = NEW."initiator_id");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "flow_instances_returned_to_tasks" AFTER UPDATE OF "status", "initiator_id" ON "flow_instances" FOR EACH ROW
	WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."initiator_id" IS DISTINCT FROM NEW."initiator_id")
	EXECUTE FUNCTION "flow_instance_returned_to_tasks"();
--> statement-breakpoint
UPDATE "flow_tasks" t SET "returned_to_initiator" = true FROM "flow_instances" i
	WHERE i."id" = t."instance_id" AND i."status" = 'returned' AND t."assignee_id" = i."initiator_id";
--> statement-breakpoint
-- Search inside form content (病假, 发烧 find the leave): the 1- and 2-character grams of every string in the form,
-- and of the label of every chosen option (the form keeps 请假类型 as its code), join the instance's search_grams (GIN
-- indexed) beside the grams server/lib/search-grams.ts makes of the title, serial, process and initiator;
-- flow_form_text is what the ILIKE recheck reads.
CREATE OR REPLACE FUNCTION "flow_form_strings"(definition uuid, data jsonb) RETURNS SETOF text LANGUAGE sql STABLE AS $$
	SELECT v #>> '{}' FROM jsonb_path_query(data, 'strict $.**') AS v WHERE jsonb_typeof(v) = 'string'
	UNION ALL
	SELECT o ->> 'label'
	FROM "flow_definitions" d, jsonb_array_elements(d."form_schema") AS f, jsonb_array_elements(f -> 'options') AS o
	WHERE d."id" = definition AND jsonb_typeof(d."form_schema") = 'array' AND jsonb_typeof(f -> 'options') = 'array'
		AND data ? (f ->> 'key')
		AND (data -> (f ->> 'key') = o -> 'value' OR data ->> (f ->> 'key') = o ->> 'value'
			OR (jsonb_typeof(data -> (f ->> 'key')) = 'array' AND data -> (f ->> 'key') @> jsonb_build_array(o -> 'value')))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "flow_form_text"(definition uuid, data jsonb) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce(string_agg(s, E'\n'), '') FROM "flow_form_strings"(definition, data) AS s
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "text_grams"(value text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
		SELECT substr(t, n, 1) AS g FROM (SELECT regexp_replace(lower(value), '\s+', '', 'g') AS t) s, generate_series(1, char_length(t)) AS n
		UNION ALL
		SELECT substr(t, n, 2) FROM (SELECT regexp_replace(lower(value), '\s+', '', 'g') AS t) s, generate_series(1, char_length(t) - 1) AS n
	) grams
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "flow_instance_form_grams"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."search_grams" := ARRAY(
		SELECT DISTINCT g FROM (
			SELECT unnest(NEW."search_grams") AS g
			UNION ALL
			SELECT unnest("text_grams"(s)) FROM "flow_form_strings"(NEW."definition_id", NEW."form_data") AS s
		) grams);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "flow_instances_form_grams" BEFORE INSERT OR UPDATE OF "form_data", "search_grams" ON "flow_instances"
	FOR EACH ROW EXECUTE FUNCTION "flow_instance_form_grams"();
--> statement-breakpoint
UPDATE "flow_instances" SET "search_grams" = "search_grams";
