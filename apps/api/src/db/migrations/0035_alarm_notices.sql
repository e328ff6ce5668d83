ALTER TYPE "public"."alarm_event_kind" ADD VALUE 'notified';--> statement-breakpoint
ALTER TABLE "alarm_events" ADD COLUMN "discussion_id" uuid;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD COLUMN "query_id" uuid;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD COLUMN "notice_key" uuid;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_discussion_id_discussions_discussion_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("discussion_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_query_id_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."queries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_events_notice_key" ON "alarm_events" USING btree ("alarm_id","notice_key");--> statement-breakpoint
CREATE INDEX "alarm_events_query_idx" ON "alarm_events" USING btree ("query_id") WHERE "alarm_events"."query_id" is not null;