CREATE TABLE "new_device_dismissals" (
	"organization_id" uuid NOT NULL,
	"dev_eui" text NOT NULL,
	"dismissed_by" uuid,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "new_device_dismissals_organization_id_dev_eui_pk" PRIMARY KEY("organization_id","dev_eui")
);
--> statement-breakpoint
ALTER TABLE "new_device_dismissals" ADD CONSTRAINT "new_device_dismissals_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_device_dismissals" ADD CONSTRAINT "new_device_dismissals_dismissed_by_users_user_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;