ALTER TABLE "measurements" ADD COLUMN "valid_min" double precision;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "valid_max" double precision;--> statement-breakpoint
ALTER TABLE "rejected_uplinks" ADD COLUMN "field" text;--> statement-breakpoint
-- Existing measurements get the default bounds of their quantity (PLAUSIBLE_RANGES, packages/domain).
UPDATE "measurements" SET
  "valid_min" = CASE "quantity" WHEN 'temperature' THEN -60 WHEN 'humidity' THEN 0 WHEN 'co2' THEN 0 WHEN 'pm25' THEN 0 WHEN 'pm10' THEN 0 WHEN 'pressureDifference' THEN -500 WHEN 'tvoc' THEN 0 END,
  "valid_max" = CASE "quantity" WHEN 'temperature' THEN 120 WHEN 'humidity' THEN 100 WHEN 'co2' THEN 40000 WHEN 'pm25' THEN 2000 WHEN 'pm10' THEN 2000 WHEN 'pressureDifference' THEN 500 WHEN 'tvoc' THEN 60000 END;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_valid_order_check" CHECK ("measurements"."valid_min" is null or "measurements"."valid_max" is null or "measurements"."valid_min" < "measurements"."valid_max");