ALTER TABLE "materialbank_applications" DROP CONSTRAINT "materialbank_applications_application_id_applications_application_id_fk";
--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "replied_by" uuid;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "opens_on" date;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "closes_on" date;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_replied_by_users_user_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_dates_check" CHECK ("queries"."closes_on" >= "queries"."opens_on");