ALTER TABLE "feedbacks" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A survey reminded before the count existed has had at least that one reminder.
UPDATE "queries" SET "reminder_count" = 1 WHERE "reminded_at" IS NOT NULL;
