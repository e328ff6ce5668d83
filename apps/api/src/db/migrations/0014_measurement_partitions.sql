-- Hand-written (drizzle-kit cannot declare a partitioned table; ADR 0025): measurement_data
-- becomes a table partitioned by month on created_at (UTC months). The schema in
-- src/db/schema/ingest.ts declares the same columns, keys and indexes. Runs on PostgreSQL 15+
-- and PGlite alike; one statement per breakpoint (PGlite runs each as a prepared statement).
--
-- create_measurement_partition(at_time) is what the server calls too (src/db/partitions.ts): it
-- creates the partition of the UTC month holding `at_time` unless it exists, serialised by a
-- transaction advisory lock so several instances may ask at once. The partition is created on
-- its own and then attached: ATTACH PARTITION takes only a SHARE UPDATE EXCLUSIVE lock on
-- measurement_data, so writes and reads go on meanwhile (CREATE TABLE … PARTITION OF would take
-- an ACCESS EXCLUSIVE lock and wait for every running query on the table). There is no DEFAULT
-- partition: a row of a month without a partition fails instead of landing where it would later
-- stop that month's partition from being created.
CREATE FUNCTION create_measurement_partition(at_time timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamp := date_trunc('month', at_time at time zone 'UTC');
  part_name text := 'measurement_data_' || to_char(month_start, '"y"YYYY"m"MM');
BEGIN
  PERFORM pg_advisory_xact_lock(7261804);
  IF to_regclass(quote_ident(part_name)) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE measurement_data INCLUDING DEFAULTS)', part_name);
  EXECUTE format(
    'ALTER TABLE measurement_data ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
    part_name,
    to_char(month_start, 'YYYY-MM-DD') || ' 00:00:00+00',
    to_char(month_start + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00'
  );
  RETURN true;
END;
$$;
--> statement-breakpoint
ALTER TABLE "measurement_data" RENAME TO "measurement_data_unpartitioned";
--> statement-breakpoint
CREATE TABLE "measurement_data" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"f_cnt" bigint,
	"dedup_key" text NOT NULL,
	"data" jsonb NOT NULL
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
-- The months of the stored rows, and this month and the next three (the server keeps creating
-- them ahead).
SELECT create_measurement_partition(month) FROM (
  SELECT DISTINCT date_trunc('month', created_at, 'UTC') AS month FROM measurement_data_unpartitioned
  UNION
  SELECT date_trunc('month', now(), 'UTC') + make_interval(months => ahead)
  FROM generate_series(0, 3) AS ahead
) AS months;
--> statement-breakpoint
INSERT INTO "measurement_data" ("id", "organization_id", "device_id", "created_at", "received_at", "f_cnt", "dedup_key", "data")
SELECT "id", "organization_id", "device_id", "created_at", "received_at", "f_cnt", "dedup_key", "data"
FROM "measurement_data_unpartitioned";
--> statement-breakpoint
DROP TABLE "measurement_data_unpartitioned";
--> statement-breakpoint
-- Keys and indexes after the copy (one index build instead of row-by-row maintenance); each is
-- created on every partition, and on every partition attached later.
ALTER TABLE "measurement_data" ADD CONSTRAINT "measurement_data_device_id_created_at_id_pk" PRIMARY KEY("device_id","created_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_data_device_dedup_key" ON "measurement_data" USING btree ("device_id","dedup_key","created_at");
--> statement-breakpoint
CREATE INDEX "measurement_data_organization_idx" ON "measurement_data" USING btree ("organization_id","created_at");
--> statement-breakpoint
ALTER TABLE "measurement_data" ADD CONSTRAINT "measurement_data_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "measurement_data" ADD CONSTRAINT "measurement_data_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;
