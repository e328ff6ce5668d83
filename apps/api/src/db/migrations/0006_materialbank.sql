CREATE TYPE "public"."materialbank_file_type" AS ENUM('pdf', 'jpg');--> statement-breakpoint
CREATE TABLE "materialbank_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"application_id" integer NOT NULL,
	CONSTRAINT "materialbank_applications_file_app_key" UNIQUE("file_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "materialbank_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"file" text NOT NULL,
	"file_name" text NOT NULL,
	"file_extension" text NOT NULL,
	"file_type" "materialbank_file_type" NOT NULL,
	"file_size" bigint NOT NULL,
	"info" text,
	"state" "record_state" DEFAULT 'Aktiivinen' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materialbank_files_file_key" UNIQUE("file"),
	CONSTRAINT "materialbank_files_size_check" CHECK ("materialbank_files"."file_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "materialbank_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"permission" "user_role" NOT NULL,
	CONSTRAINT "materialbank_permissions_file_role_key" UNIQUE("file_id","permission")
);
--> statement-breakpoint
CREATE TABLE "materialbank_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "materialbank_targets_file_target_key" UNIQUE("file_id","target_id")
);
--> statement-breakpoint
ALTER TABLE "materialbank_applications" ADD CONSTRAINT "materialbank_applications_file_id_materialbank_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."materialbank_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_applications" ADD CONSTRAINT "materialbank_applications_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_files" ADD CONSTRAINT "materialbank_files_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_permissions" ADD CONSTRAINT "materialbank_permissions_file_id_materialbank_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."materialbank_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_targets" ADD CONSTRAINT "materialbank_targets_file_id_materialbank_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."materialbank_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_targets" ADD CONSTRAINT "materialbank_targets_target_id_targets_target_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."targets"("target_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "materialbank_files_organization_idx" ON "materialbank_files" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "materialbank_targets_target_idx" ON "materialbank_targets" USING btree ("target_id");