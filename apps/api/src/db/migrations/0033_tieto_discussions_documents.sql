CREATE TABLE "discussion_reads" (
	"organization_id" uuid NOT NULL,
	"discussion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_reads_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "materialbank_file_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"download" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materialbank_file_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" "materialbank_file_type" NOT NULL,
	"file_size" bigint NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materialbank_file_versions_file_key" UNIQUE("file")
);
--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "materialbank_files" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_discussion_id_discussions_discussion_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("discussion_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_file_access" ADD CONSTRAINT "materialbank_file_access_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_file_access" ADD CONSTRAINT "materialbank_file_access_file_id_materialbank_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."materialbank_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_file_access" ADD CONSTRAINT "materialbank_file_access_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_file_versions" ADD CONSTRAINT "materialbank_file_versions_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_file_versions" ADD CONSTRAINT "materialbank_file_versions_file_id_materialbank_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."materialbank_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materialbank_file_versions" ADD CONSTRAINT "materialbank_file_versions_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "materialbank_file_access_file_idx" ON "materialbank_file_access" USING btree ("file_id","at");--> statement-breakpoint
CREATE INDEX "materialbank_file_versions_file_idx" ON "materialbank_file_versions" USING btree ("file_id","replaced_at");--> statement-breakpoint
ALTER TABLE "materialbank_files" ADD CONSTRAINT "materialbank_files_uploaded_by_users_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_comments_search_idx" ON "discussion_comments" USING gin (to_tsvector('finnish', "comment"));--> statement-breakpoint
CREATE INDEX "discussion_sub_comments_search_idx" ON "discussion_sub_comments" USING gin (to_tsvector('finnish', "sub_comment"));--> statement-breakpoint
CREATE INDEX "discussions_search_idx" ON "discussions" USING gin (to_tsvector('finnish', "title" || ' ' || "description"));