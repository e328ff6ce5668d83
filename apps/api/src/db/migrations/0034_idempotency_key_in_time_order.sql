-- The idempotency key leads with the device and the time (ADR 0048): a new reading lands at the
-- right edge of its device's entries instead of at a random page (the dedup key is a random UUID).
-- ON CONFLICT (device_id, dedup_key, created_at) infers it from the same columns. On PostgreSQL
-- each partition's index is already built, CONCURRENTLY, before this transaction
-- (src/db/online-indexes.ts): this CREATE INDEX only attaches them. On PGlite, and on partitions
-- made meanwhile, it builds them. The new key exists before the old one goes.
CREATE UNIQUE INDEX IF NOT EXISTS "measurement_data_device_time_dedup_key" ON "measurement_data" USING btree ("device_id","created_at","dedup_key");
--> statement-breakpoint
DROP INDEX "measurement_data_device_dedup_key";
