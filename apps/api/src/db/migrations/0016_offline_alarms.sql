ALTER TYPE "public"."alarm_break_through" ADD VALUE 'offline';--> statement-breakpoint
CREATE TABLE "alarm_pending" (
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"measurement_id" uuid NOT NULL,
	"break_through" "alarm_break_through" NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "alarm_pending_device_id_measurement_id_break_through_pk" PRIMARY KEY("device_id","measurement_id","break_through")
);
--> statement-breakpoint
ALTER TABLE "alarms" ALTER COLUMN "measurement_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "offline_after_minutes" integer;--> statement-breakpoint
ALTER TABLE "device_types" ADD COLUMN "alarm_delay_minutes" integer;--> statement-breakpoint
ALTER TABLE "alarm_pending" ADD CONSTRAINT "alarm_pending_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_pending" ADD CONSTRAINT "alarm_pending_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_pending" ADD CONSTRAINT "alarm_pending_measurement_id_measurements_measurement_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurements"("measurement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_offline_open_key" ON "alarms" USING btree ("device_id") WHERE "alarms"."closed_at" is null and "alarms"."measurement_id" is null;--> statement-breakpoint
ALTER TABLE "device_types" ADD CONSTRAINT "device_types_offline_after_check" CHECK ("device_types"."offline_after_minutes" between 5 and 43200);--> statement-breakpoint
ALTER TABLE "device_types" ADD CONSTRAINT "device_types_alarm_delay_check" CHECK ("device_types"."alarm_delay_minutes" between 1 and 1440);