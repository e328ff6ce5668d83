ALTER TABLE "device_type_measurements" ADD COLUMN "decoded_path" text;--> statement-breakpoint
ALTER TABLE "device_type_measurements" ADD COLUMN "decimals" smallint;--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "state" "record_state" DEFAULT 'Aktiivinen' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "codec" jsonb;--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rejected_uplinks" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "device_type_measurements" ADD CONSTRAINT "device_type_measurements_decimals_check" CHECK ("device_type_measurements"."decimals" between 0 and 6);