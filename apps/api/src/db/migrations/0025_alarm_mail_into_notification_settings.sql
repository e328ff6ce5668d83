-- Issue 28: the own details' "alarm mail" toggle becomes the e-mail channel of the notification
-- settings. A user who had turned alarm mail off keeps it off, as an own e-mail row with the
-- defaults (DEFAULT_CHANNEL in packages/domain) for the rest; the column goes in the next migration.
INSERT INTO "notification_settings"
  ("organization_id", "user_id", "channel", "enabled", "all_targets", "target_ids", "kinds",
   "events", "digest", "digest_hour", "escalations")
SELECT "organization_id", "user_id", 'email', false, true, '{}'::uuid[],
  '{up,down,offline,lowBattery}'::"notify_kind"[], '{opened}'::"notify_event"[], false, 7, true
FROM "users"
WHERE "alarm_mail" = false;
