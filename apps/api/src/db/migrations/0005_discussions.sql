CREATE TABLE "discussion_comments" (
	"comment_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"discussion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_comments_length" CHECK (char_length("discussion_comments"."comment") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "discussion_followers" (
	"organization_id" uuid NOT NULL,
	"discussion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_followers_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_sub_comments" (
	"sub_comment_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"discussion_id" uuid NOT NULL,
	"comment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sub_comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_sub_comments_length" CHECK (char_length("discussion_sub_comments"."sub_comment") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "discussions" (
	"discussion_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"moderator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"state" "record_state" DEFAULT 'Aktiivinen' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_discussion_id_discussions_discussion_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("discussion_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_followers" ADD CONSTRAINT "discussion_followers_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_followers" ADD CONSTRAINT "discussion_followers_discussion_id_discussions_discussion_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("discussion_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_followers" ADD CONSTRAINT "discussion_followers_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_sub_comments" ADD CONSTRAINT "discussion_sub_comments_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_sub_comments" ADD CONSTRAINT "discussion_sub_comments_discussion_id_discussions_discussion_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("discussion_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_sub_comments" ADD CONSTRAINT "discussion_sub_comments_comment_id_discussion_comments_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."discussion_comments"("comment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_sub_comments" ADD CONSTRAINT "discussion_sub_comments_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_target_id_targets_target_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."targets"("target_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_moderator_id_users_user_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_comments_discussion_idx" ON "discussion_comments" USING btree ("discussion_id","created_at");--> statement-breakpoint
CREATE INDEX "discussion_sub_comments_comment_idx" ON "discussion_sub_comments" USING btree ("comment_id","created_at");--> statement-breakpoint
CREATE INDEX "discussions_organization_idx" ON "discussions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "discussions_target_idx" ON "discussions" USING btree ("target_id","created_at");