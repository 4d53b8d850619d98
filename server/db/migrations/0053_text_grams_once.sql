-- The value's lower-cased, space-free text was a subquery the planner pulled up into both generate_series scans, so it
-- was made again for every character: a call cost O(n²) regexp work, 16 ms for the 490 characters of a request's 拼音
-- keys, three quarters of a searchable write's trigger. Materialized, it is made once per call; the grams are the same.
CREATE OR REPLACE FUNCTION "text_grams"(value text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	WITH s AS MATERIALIZED (SELECT regexp_replace(lower(value), '\s+', '', 'g') AS t)
	SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
		SELECT substr(t, n, 1) AS g FROM s, generate_series(1, char_length(t)) AS n
		UNION ALL
		SELECT substr(t, n, 2) FROM s, generate_series(1, char_length(t) - 1) AS n
	) grams
$$;
