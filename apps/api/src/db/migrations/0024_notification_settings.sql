CREATE TYPE "public"."notify_channel" AS ENUM('email', 'push');--> statement-breakpoint
CREATE TYPE "public"."notify_event" AS ENUM('opened', 'closed');--> statement-breakpoint
CREATE TYPE "public"."notify_kind" AS ENUM('up', 'down', 'offline', 'lowBattery');--> statement-breakpoint
ALTER TYPE "public"."alarm_event_kind" ADD VALUE 'escalated';--> statement-breakpoint
CREATE TABLE "escalation_steps" (
	"organization_id" uuid NOT NULL,
	"alarm_kind" "notify_kind" NOT NULL,
	"step" smallint NOT NULL,
	"after_minutes" integer NOT NULL,
	"role" "user_role" NOT NULL,
	CONSTRAINT "escalation_steps_organization_id_alarm_kind_step_pk" PRIMARY KEY("organization_id","alarm_kind","step")
);
--> statement-breakpoint
CREATE TABLE "notification_held" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" "notify_channel" NOT NULL,
	"alarm_id" uuid NOT NULL,
	"event" "notify_event" NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"channel" "notify_channel" NOT NULL,
	"enabled" boolean NOT NULL,
	"all_targets" boolean NOT NULL,
	"target_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"kinds" "notify_kind"[] NOT NULL,
	"events" "notify_event"[] NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"digest" boolean NOT NULL,
	"digest_hour" smallint NOT NULL,
	"escalations" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "escalation_steps" ADD CONSTRAINT "escalation_steps_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_held" ADD CONSTRAINT "notification_held_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_held" ADD CONSTRAINT "notification_held_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_held" ADD CONSTRAINT "notification_held_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_held_due_idx" ON "notification_held" USING btree ("release_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_user_key" ON "notification_settings" USING btree ("user_id","channel") WHERE "notification_settings"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_organization_key" ON "notification_settings" USING btree ("organization_id","channel") WHERE "notification_settings"."user_id" is null;