CREATE TYPE "public"."materialbank_preview_status" AS ENUM('queued', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "materialbank_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" "materialbank_preview_status" DEFAULT 'queued' NOT NULL,
	"preview" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materialbank_previews_source_key" UNIQUE("source"),
	CONSTRAINT "materialbank_previews_preview_key" UNIQUE("preview")
);
--> statement-breakpoint
ALTER TABLE "materialbank_previews" ADD CONSTRAINT "materialbank_previews_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_previews" ADD CONSTRAINT "materialbank_previews_file_id_materialbank_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."materialbank_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "materialbank_previews_file_idx" ON "materialbank_previews" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "materialbank_previews_due_idx" ON "materialbank_previews" USING btree ("next_attempt_at") WHERE "materialbank_previews"."status" = 'queued';--> statement-breakpoint
-- The files and versions stored before previews existed get theirs queued too.
INSERT INTO "materialbank_previews" ("organization_id", "file_id", "source")
SELECT "organization_id", "id", "file" FROM "materialbank_files"
UNION ALL
SELECT "organization_id", "file_id", "file" FROM "materialbank_file_versions";
