CREATE TYPE "public"."alarm_break_through" AS ENUM('up', 'down');--> statement-breakpoint
CREATE TYPE "public"."alarm_event_kind" AS ENUM('opened', 'closed', 'acknowledged', 'unacknowledged', 'mailed');--> statement-breakpoint
CREATE TABLE "alarm_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"alarm_id" uuid NOT NULL,
	"kind" "alarm_event_kind" NOT NULL,
	"actor_id" uuid,
	"full_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"serial" integer GENERATED ALWAYS AS IDENTITY (sequence name "alarm_events_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"measurement_id" uuid NOT NULL,
	"break_through" "alarm_break_through" NOT NULL,
	"value" double precision NOT NULL,
	"limit_value" double precision NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alarm_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_actor_id_users_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_measurement_id_measurements_measurement_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurements"("measurement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_events_alarm_idx" ON "alarm_events" USING btree ("alarm_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_key" ON "alarms" USING btree ("device_id","measurement_id","break_through") WHERE "alarms"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "alarms_organization_created_idx" ON "alarms" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "alarms_device_created_idx" ON "alarms" USING btree ("device_id","created_at");