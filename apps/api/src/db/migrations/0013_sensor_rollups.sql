CREATE TABLE "measurement_daily" (
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"measurement_id" uuid NOT NULL,
	"day" date NOT NULL,
	"min_value" double precision NOT NULL,
	"min_at" timestamp with time zone NOT NULL,
	"max_value" double precision NOT NULL,
	"max_at" timestamp with time zone NOT NULL,
	"sum_value" double precision NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_value" double precision NOT NULL,
	CONSTRAINT "measurement_daily_device_id_measurement_id_day_pk" PRIMARY KEY("device_id","measurement_id","day")
);
--> statement-breakpoint
CREATE TABLE "measurement_hourly" (
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"measurement_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"min_value" double precision NOT NULL,
	"min_at" timestamp with time zone NOT NULL,
	"max_value" double precision NOT NULL,
	"max_at" timestamp with time zone NOT NULL,
	"sum_value" double precision NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_value" double precision NOT NULL,
	CONSTRAINT "measurement_hourly_device_id_measurement_id_hour_pk" PRIMARY KEY("device_id","measurement_id","hour")
);
--> statement-breakpoint
ALTER TABLE "measurement_daily" ADD CONSTRAINT "measurement_daily_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_daily" ADD CONSTRAINT "measurement_daily_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_hourly" ADD CONSTRAINT "measurement_hourly_organization_id_organizations_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_hourly" ADD CONSTRAINT "measurement_hourly_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express a data back-fill): the rollups of the data stored
-- before this migration, the statement of src/db/rollup.ts over every row whose keys are
-- measurement ids (uuids).
with readings as (
  select m.organization_id, m.device_id, e.key::uuid as measurement_id, m.id, m.created_at,
    v.value
  from measurement_data m
    cross join lateral jsonb_each(m.data) e
    cross join lateral (
      select case when jsonb_typeof(e.value) = 'number' then (e.value)::float8 end as value
    ) v
  where e.key ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' and v.value is not null
),
hours as materialized (
  select organization_id, device_id, measurement_id,
    date_trunc('hour', created_at, 'UTC') as hour,
    min(value) as min_value, (array_agg(created_at order by value, created_at))[1] as min_at,
    max(value) as max_value,
    (array_agg(created_at order by value desc, created_at))[1] as max_at,
    sum(value) as sum_value, count(*)::int as count, max(created_at) as last_at,
    (array_agg(value order by created_at desc, id desc))[1] as last_value
  from readings
  group by 1, 2, 3, 4
),
hourly as (
  insert into measurement_hourly as r (organization_id, device_id, measurement_id, min_value, min_at, max_value, max_at, sum_value, count, last_at, last_value, hour)
  select organization_id, device_id, measurement_id, min_value, min_at, max_value, max_at, sum_value, count, last_at, last_value, hour from hours order by device_id, measurement_id, hour
  on conflict (device_id, measurement_id, hour) do update set 
  min_at = case
    when excluded.min_value < r.min_value then excluded.min_at
    when excluded.min_value = r.min_value then least(r.min_at, excluded.min_at)
    else r.min_at end,
  min_value = least(r.min_value, excluded.min_value),
  max_at = case
    when excluded.max_value > r.max_value then excluded.max_at
    when excluded.max_value = r.max_value then least(r.max_at, excluded.max_at)
    else r.max_at end,
  max_value = greatest(r.max_value, excluded.max_value),
  sum_value = r.sum_value + excluded.sum_value,
  count = r.count + excluded.count,
  last_value = case when excluded.last_at >= r.last_at then excluded.last_value else r.last_value end,
  last_at = greatest(r.last_at, excluded.last_at)
)
insert into measurement_daily as r (organization_id, device_id, measurement_id, min_value, min_at, max_value, max_at, sum_value, count, last_at, last_value, day)
select organization_id, device_id, measurement_id,
  min(min_value), (array_agg(min_at order by min_value, min_at))[1],
  max(max_value), (array_agg(max_at order by max_value desc, max_at))[1],
  sum(sum_value), sum(count)::int, max(last_at),
  (array_agg(last_value order by last_at desc))[1],
  (hour at time zone 'Europe/Helsinki')::date as day
from hours
group by organization_id, device_id, measurement_id, day
order by device_id, measurement_id, day
on conflict (device_id, measurement_id, day) do update set 
  min_at = case
    when excluded.min_value < r.min_value then excluded.min_at
    when excluded.min_value = r.min_value then least(r.min_at, excluded.min_at)
    else r.min_at end,
  min_value = least(r.min_value, excluded.min_value),
  max_at = case
    when excluded.max_value > r.max_value then excluded.max_at
    when excluded.max_value = r.max_value then least(r.max_at, excluded.max_at)
    else r.max_at end,
  max_value = greatest(r.max_value, excluded.max_value),
  sum_value = r.sum_value + excluded.sum_value,
  count = r.count + excluded.count,
  last_value = case when excluded.last_at >= r.last_at then excluded.last_value else r.last_value end,
  last_at = greatest(r.last_at, excluded.last_at);
