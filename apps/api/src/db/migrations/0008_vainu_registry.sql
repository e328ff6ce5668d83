CREATE TYPE "public"."byte_order" AS ENUM('big', 'little');--> statement-breakpoint
CREATE TYPE "public"."device_history_kind" AS ENUM('device', 'limits');--> statement-breakpoint
CREATE TYPE "public"."measurement_type" AS ENUM('byte', 'bit');--> statement-breakpoint
CREATE TABLE "alarm_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid,
	"target_id" uuid,
	"measurement_id" uuid NOT NULL,
	"low_limit" double precision NOT NULL,
	"high_limit" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_limits_order_check" CHECK ("alarm_limits"."low_limit" < "alarm_limits"."high_limit"),
	CONSTRAINT "alarm_limits_owner_check" CHECK (("alarm_limits"."device_id" is null) <> ("alarm_limits"."target_id" is null))
);
--> statement-breakpoint
CREATE TABLE "device_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"kind" "device_history_kind" NOT NULL,
	"target_name" text NOT NULL,
	"actor_id" uuid,
	"full_name" text NOT NULL,
	"device_text" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"serial" integer GENERATED ALWAYS AS IDENTITY (sequence name "device_history_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "device_type_measurements" (
	"device_type_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"measurement_id" uuid NOT NULL,
	CONSTRAINT "device_type_measurements_device_type_id_position_pk" PRIMARY KEY("device_type_id","position"),
	CONSTRAINT "device_type_measurements_measurement_key" UNIQUE("device_type_id","measurement_id")
);
--> statement-breakpoint
CREATE TABLE "device_types" (
	"device_type_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_types_organization_name_key" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"device_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"device_type_id" uuid NOT NULL,
	"qr_code" text NOT NULL,
	"name" text NOT NULL,
	"dev_eui" text NOT NULL,
	"serial_number" text NOT NULL,
	"commissioning_day" date NOT NULL,
	"location" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"sw_version" text NOT NULL,
	"product_code" text NOT NULL,
	"state" "record_state" DEFAULT 'Aktiivinen' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_dev_eui_key" UNIQUE("dev_eui"),
	CONSTRAINT "devices_organization_qr_code_key" UNIQUE("organization_id","qr_code"),
	CONSTRAINT "devices_dev_eui_check" CHECK ("devices"."dev_eui" ~ '^[0-9A-F]{16}$')
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"measurement_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "measurement_type" DEFAULT 'byte' NOT NULL,
	"size_in_bytes" smallint NOT NULL,
	"bit_number" smallint NOT NULL,
	"state" "record_state" DEFAULT 'Aktiivinen' NOT NULL,
	"description" text,
	"min_default" double precision,
	"max_default" double precision,
	"signed" boolean DEFAULT false NOT NULL,
	"scale" double precision DEFAULT 1 NOT NULL,
	"value_offset" double precision DEFAULT 0 NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"byte_order" "byte_order" DEFAULT 'big' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurements_organization_name_key" UNIQUE("organization_id","name"),
	CONSTRAINT "measurements_size_check" CHECK ("measurements"."size_in_bytes" between 1 and 8),
	CONSTRAINT "measurements_bit_check" CHECK ("measurements"."bit_number" between 1 and 8),
	CONSTRAINT "measurements_bit_size_check" CHECK ("measurements"."type" <> 'bit' or "measurements"."size_in_bytes" = 1),
	CONSTRAINT "measurements_scale_check" CHECK ("measurements"."scale" <> 0),
	CONSTRAINT "measurements_default_order_check" CHECK ("measurements"."min_default" is null or "measurements"."max_default" is null or "measurements"."min_default" < "measurements"."max_default")
);
--> statement-breakpoint
CREATE TABLE "user_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"measurements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" "record_state" DEFAULT 'Aktiivinen' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_devices_user_device_key" UNIQUE("user_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "alarm_limits" ADD CONSTRAINT "alarm_limits_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_limits" ADD CONSTRAINT "alarm_limits_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_limits" ADD CONSTRAINT "alarm_limits_target_id_targets_target_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."targets"("target_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_limits" ADD CONSTRAINT "alarm_limits_measurement_id_measurements_measurement_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurements"("measurement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_history" ADD CONSTRAINT "device_history_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_history" ADD CONSTRAINT "device_history_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_history" ADD CONSTRAINT "device_history_actor_id_users_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_measurements" ADD CONSTRAINT "device_type_measurements_device_type_id_device_types_device_type_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("device_type_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_measurements" ADD CONSTRAINT "device_type_measurements_measurement_id_measurements_measurement_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurements"("measurement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_types" ADD CONSTRAINT "device_types_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_target_id_targets_target_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."targets"("target_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_device_type_id_device_types_device_type_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("device_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_target_id_targets_target_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."targets"("target_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_limits_device_measurement_key" ON "alarm_limits" USING btree ("device_id","measurement_id") WHERE "alarm_limits"."device_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_limits_target_measurement_key" ON "alarm_limits" USING btree ("target_id","measurement_id") WHERE "alarm_limits"."target_id" is not null;--> statement-breakpoint
CREATE INDEX "device_history_device_idx" ON "device_history" USING btree ("device_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "device_type_measurements_measurement_idx" ON "device_type_measurements" USING btree ("measurement_id");--> statement-breakpoint
CREATE INDEX "devices_organization_idx" ON "devices" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "devices_target_idx" ON "devices" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "user_devices_organization_idx" ON "user_devices" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "user_devices_device_idx" ON "user_devices" USING btree ("device_id");