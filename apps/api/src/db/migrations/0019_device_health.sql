ALTER TYPE "public"."alarm_break_through" ADD VALUE 'lowBattery';--> statement-breakpoint
ALTER TYPE "public"."alarm_break_through" ADD VALUE 'frameCounterReset';--> statement-breakpoint
ALTER TYPE "public"."measurement_quantity" ADD VALUE 'battery' BEFORE 'other';--> statement-breakpoint
CREATE TABLE "device_health" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"uplink_at" timestamp with time zone,
	"rssi" smallint,
	"snr" real,
	"gateways" smallint,
	"gateway_id" text,
	"spreading_factor" smallint,
	"frequency" bigint,
	"f_port" smallint,
	"f_cnt" bigint,
	"battery" double precision,
	"battery_at" timestamp with time zone,
	"margin" smallint,
	"external_power" boolean,
	"status_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "alarms_offline_open_key";--> statement-breakpoint
ALTER TABLE "device_health" ADD CONSTRAINT "device_health_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_health" ADD CONSTRAINT "device_health_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_device_open_key" ON "alarms" USING btree ("device_id","break_through") WHERE "alarms"."closed_at" is null and "alarms"."measurement_id" is null;