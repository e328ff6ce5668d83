-- The idempotency key's order on a filled table (issue 30): psql -v devices=10000 -v slots=1000
--   -f bench/idempotency-key.sql  (on a PostgreSQL database migrated by the app, nothing else in it)
-- Writes devices × slots readings into March 2026's partition of measurement_data in time
-- order, as the ingest does: each statement one 5-minute slot of the whole fleet (every device
-- at its own phase), a ChirpStack-like random UUID as dedup key, 2.5 readings an uplink keyed by
-- measurement UUIDs. Foreign keys are not checked (session_replication_role = replica): the
-- devices do not exist, the cost measured is the table's and its indexes'. Prints the rate and
-- the bytes an uplink of the heap and of each index.
\set ON_ERROR_STOP on
SET session_replication_role = replica;
SELECT create_measurement_partition('2026-03-01T00:00:00Z');
CREATE PROCEDURE bench_fill_measurements(devices int, slots int) LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz := clock_timestamp();
  slot_start timestamptz;
BEGIN
  FOR slot IN 0 .. slots - 1 LOOP
    slot_start := timestamptz '2026-03-01T00:00:00Z' + slot * interval '5 minutes';
    INSERT INTO measurement_data
      (organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data)
    SELECT
      ('00000000-0000-4000-8000-' || lpad(to_hex(d % 1000), 12, '0'))::uuid,
      ('00000000-0000-4000-9000-' || lpad(to_hex(d), 12, '0'))::uuid,
      slot_start + (d % 300) * interval '1 second',
      slot_start + (d % 300) * interval '1 second' + interval '2 seconds',
      slot,
      gen_random_uuid()::text,
      CASE WHEN d % 2 = 0
        THEN jsonb_build_object('5b0c6a4e-9d1f-4c3b-8e2a-1f0d9c8b7a61', round((20 + random() * 5)::numeric, 2),
               '6c1d7b5f-ae20-4d4c-9f3b-2a1e0d9c8b72', round((30 + random() * 20)::numeric, 1),
               '7d2e8c60-bf31-4e5d-a04c-3b2f1eadc983', (400 + floor(random() * 800))::int)
        ELSE jsonb_build_object('5b0c6a4e-9d1f-4c3b-8e2a-1f0d9c8b7a61', round((20 + random() * 5)::numeric, 2),
               '6c1d7b5f-ae20-4d4c-9f3b-2a1e0d9c8b72', round((30 + random() * 20)::numeric, 1))
      END
    FROM generate_series(0, devices - 1) AS d;
    COMMIT;
  END LOOP;
  RAISE NOTICE 'inserted % rows in % s: % rows/s', devices::bigint * slots,
    round(extract(epoch FROM clock_timestamp() - started)::numeric, 1),
    round(devices::bigint * slots / extract(epoch FROM clock_timestamp() - started));
END;
$$;
CALL bench_fill_measurements(:devices, :slots);
DROP PROCEDURE bench_fill_measurements;
VACUUM ANALYZE measurement_data_y2026m03;
SELECT c.relname AS relation,
  round(pg_relation_size(c.oid) / 1048576.0, 1) AS mb,
  round(pg_relation_size(c.oid)::numeric / (SELECT count(*) FROM measurement_data_y2026m03), 1)
    AS bytes_an_uplink
FROM pg_class c
WHERE c.oid = 'measurement_data_y2026m03'::regclass
  OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'measurement_data_y2026m03'::regclass)
ORDER BY c.relname;
