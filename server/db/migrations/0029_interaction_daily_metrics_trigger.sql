-- Issue 26 insights: `interaction_daily_metrics` kept current by `interactions` itself, so the
-- figures of a million calls are read from a few thousand rows. The rules are domain/metrics.ts's:
-- a call counts once it ended (`end_timestamp`) and while not deleted (`deleted_at`), on the UTC
-- day it started, under its queue ('' for none) and direction; `abandoned` ended before an agent
-- took it, `completed` and `follow-up` were answered, and answered within 20 seconds of waiting is
-- within the service level; handle time counts answered calls, wait time every call; the latest
-- disposition is counted by name.
--
-- One trigger per statement (not per row) with its transition tables: a bulk load of a million
-- rows (INSERT … SELECT) adds its contribution in one grouped upsert. Each statement adds what its
-- new rows count and subtracts what its old rows counted, so inserts, updates (a status, an end, a
-- disposition, a soft delete or restore), deletes and changes of day, queue or direction all keep
-- the sums right. The upsert adds to the stored figures (`calls = calls + excluded.calls`) under
-- the row lock ON CONFLICT takes, so concurrent writers never lose each other's counts; the keys
-- are upserted in order, so two bulk statements lock them in the same order (no deadlock).
-- TRUNCATE of `interactions` is not followed (only tests do it); recompute then.

-- Two disposition maps added name by name; names whose count comes to 0 are dropped.
CREATE OR REPLACE FUNCTION "interaction_dispositions_add"("a" jsonb, "b" jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "b" = '{}'::jsonb THEN "a" ELSE (
    SELECT coalesce(jsonb_object_agg("k", "n"), '{}'::jsonb) FROM (
      SELECT "k", sum("v"::bigint) AS "n"
      FROM (SELECT "key" AS "k", "value" AS "v" FROM jsonb_each_text("a") UNION ALL SELECT "key", "value" FROM jsonb_each_text("b")) "e"
      GROUP BY "k" HAVING sum("v"::bigint) <> 0
    ) "s"
  ) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "interaction_daily_metrics_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "source" text;
BEGIN
  -- The statement's rows with their sign: what new rows add, what old rows took away.
  "source" := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  -- EXECUTE sees the trigger's transition tables (PL/pgSQL registers them for every query it runs).
  EXECUTE format($sql$
    WITH "changed" AS (
      SELECT "sign", "account_id", ("start_timestamp" AT TIME ZONE 'UTC')::date AS "day", coalesce("queue_id", '') AS "queue_id", "direction",
        ("status" = 'abandoned')::int AS "abandoned",
        ("status" IN ('completed', 'follow-up'))::int AS "answered",
        ("status" IN ('completed', 'follow-up') AND coalesce("wait_seconds", 0) <= 20)::int AS "in_threshold",
        CASE WHEN "status" IN ('completed', 'follow-up') THEN coalesce("handle_seconds", 0) ELSE 0 END AS "handle_seconds",
        coalesce("wait_seconds", 0) AS "wait_seconds",
        "latest_disposition"
      FROM (%s) "s"
      WHERE "end_timestamp" IS NOT NULL AND "deleted_at" IS NULL
    ),
    "sums" AS (
      SELECT "account_id", "day", "queue_id", "direction",
        sum("sign") AS "calls", sum("sign" * "abandoned") AS "abandoned", sum("sign" * "answered") AS "answered",
        sum("sign" * "in_threshold") AS "in_threshold", sum("sign" * "handle_seconds") AS "handle_seconds", sum("sign" * "wait_seconds") AS "wait_seconds"
      FROM "changed" GROUP BY "account_id", "day", "queue_id", "direction"
    ),
    "dispositions" AS (
      SELECT "account_id", "day", "queue_id", "direction", jsonb_object_agg("latest_disposition", "n") AS "dispositions"
      FROM (
        SELECT "account_id", "day", "queue_id", "direction", "latest_disposition", sum("sign") AS "n"
        FROM "changed" WHERE "latest_disposition" IS NOT NULL
        GROUP BY "account_id", "day", "queue_id", "direction", "latest_disposition" HAVING sum("sign") <> 0
      ) "d"
      GROUP BY "account_id", "day", "queue_id", "direction"
    )
    INSERT INTO "interaction_daily_metrics" AS "m"
      ("account_id", "day", "queue_id", "direction", "calls", "abandoned", "answered", "answered_in_threshold", "handle_seconds", "wait_seconds", "dispositions")
    SELECT "s"."account_id", "s"."day", "s"."queue_id", "s"."direction", "s"."calls", "s"."abandoned", "s"."answered", "s"."in_threshold",
      "s"."handle_seconds", "s"."wait_seconds", coalesce("d"."dispositions", '{}'::jsonb)
    FROM "sums" "s" LEFT JOIN "dispositions" "d" USING ("account_id", "day", "queue_id", "direction")
    -- An update that changed nothing counted (notes, escalation…) touches no figure row.
    WHERE "s"."calls" <> 0 OR "s"."abandoned" <> 0 OR "s"."answered" <> 0 OR "s"."in_threshold" <> 0
      OR "s"."handle_seconds" <> 0 OR "s"."wait_seconds" <> 0 OR "d"."dispositions" IS NOT NULL
    ORDER BY "s"."account_id", "s"."day", "s"."queue_id", "s"."direction"
    ON CONFLICT ("account_id", "day", "queue_id", "direction") DO UPDATE SET
      "calls" = "m"."calls" + EXCLUDED."calls",
      "abandoned" = "m"."abandoned" + EXCLUDED."abandoned",
      "answered" = "m"."answered" + EXCLUDED."answered",
      "answered_in_threshold" = "m"."answered_in_threshold" + EXCLUDED."answered_in_threshold",
      "handle_seconds" = "m"."handle_seconds" + EXCLUDED."handle_seconds",
      "wait_seconds" = "m"."wait_seconds" + EXCLUDED."wait_seconds",
      "dispositions" = interaction_dispositions_add("m"."dispositions", EXCLUDED."dispositions")
  $sql$, "source");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "interaction_daily_metrics_insert" AFTER INSERT ON "interactions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "interaction_daily_metrics_track"();
--> statement-breakpoint
CREATE TRIGGER "interaction_daily_metrics_update" AFTER UPDATE ON "interactions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "interaction_daily_metrics_track"();
--> statement-breakpoint
CREATE TRIGGER "interaction_daily_metrics_delete" AFTER DELETE ON "interactions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "interaction_daily_metrics_track"();
--> statement-breakpoint
-- Calls already stored (a database migrated while it held some) are counted once, by the same rules.
DELETE FROM "interaction_daily_metrics";
--> statement-breakpoint
INSERT INTO "interaction_daily_metrics" ("account_id", "day", "queue_id", "direction", "calls", "abandoned", "answered", "answered_in_threshold", "handle_seconds", "wait_seconds", "dispositions")
SELECT "account_id", ("start_timestamp" AT TIME ZONE 'UTC')::date, coalesce("queue_id", ''), "direction", count(*),
  count(*) FILTER (WHERE "status" = 'abandoned'),
  count(*) FILTER (WHERE "status" IN ('completed', 'follow-up')),
  count(*) FILTER (WHERE "status" IN ('completed', 'follow-up') AND coalesce("wait_seconds", 0) <= 20),
  coalesce(sum("handle_seconds") FILTER (WHERE "status" IN ('completed', 'follow-up')), 0),
  coalesce(sum("wait_seconds"), 0),
  '{}'::jsonb
FROM "interactions" WHERE "end_timestamp" IS NOT NULL AND "deleted_at" IS NULL
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
UPDATE "interaction_daily_metrics" "m" SET "dispositions" = "d"."dispositions"
FROM (
  SELECT "account_id", "day", "queue_id", "direction", jsonb_object_agg("latest_disposition", "n") AS "dispositions"
  FROM (
    SELECT "account_id", ("start_timestamp" AT TIME ZONE 'UTC')::date AS "day", coalesce("queue_id", '') AS "queue_id", "direction", "latest_disposition", count(*) AS "n"
    FROM "interactions" WHERE "end_timestamp" IS NOT NULL AND "deleted_at" IS NULL AND "latest_disposition" IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
  ) "x" GROUP BY 1, 2, 3, 4
) "d"
WHERE "m"."account_id" = "d"."account_id" AND "m"."day" = "d"."day" AND "m"."queue_id" = "d"."queue_id" AND "m"."direction" = "d"."direction";
