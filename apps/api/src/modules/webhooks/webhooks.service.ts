import {
  type CreateWebhookBody,
  createWebhookBody,
  type UpdateWebhookBody,
  updateWebhookBody,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryRecord,
  type WebhookEvent,
  type WebhookRecord,
} from '@vahti/domain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { invalid, notFound } from '../../lib/errors.js';
import { authorize, crossesOrganizations, homeOrganization, type Scope } from '../../lib/scope.js';
import { randomToken } from '../../lib/tokens.js';
import type { AlarmsRepository } from '../alarms/alarms.repository.js';
import type { AuditService } from '../audit/audit.service.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import { checkDestination, type DestinationPolicy } from './destination.js';
import type { AlarmEventPayload } from './payloads.js';
import type { WebhooksRepository } from './webhooks.repository.js';

const MANAGE = { do: 'manageWebhooks' } as const;
/** Deliveries shown in a webhook's log. */
export const DELIVERY_LOG_MAX = 100;

/** What the alarms service hands over of each change (its AlarmChange, which it passes whole). */
export interface AlarmChange {
  organizationId: string;
  alarmId: string;
  change: 'opened' | 'closed' | 'acknowledged' | 'unacknowledged';
}

/** A new signing secret: 256 random bits, marked so it is recognised where it is pasted. */
export const newWebhookSecret = () => `whsec_${randomToken()}`;

/** Which webhook event an alarm change is (docs/webhooks.md): offline opening has its own. */
export function eventOf(change: AlarmChange['change'], kind: string): WebhookEvent {
  if (change === 'opened' && kind === 'offline') return 'device.offline';
  return `alarm.${change}`;
}

/**
 * Hallinta → Webhookit (issue 28): an organization's outbound webhooks, managed by its
 * Ylläpitäjä, and the queueing of their deliveries in the transaction of each alarm change. The
 * worker (webhook-worker.ts) sends them.
 */
export function createWebhooksService({
  db,
  webhooks,
  alarms,
  organizations,
  audit,
  policy,
  publicUrl,
  kick,
}: {
  db: Db;
  webhooks: WebhooksRepository;
  alarms: Pick<AlarmsRepository, 'find'>;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  audit: AuditService;
  policy: DestinationPolicy;
  publicUrl: string;
  /** Starts the worker's pass: after a commit that queued deliveries. */
  kick: () => void;
}) {
  /** 400 with the URL field's reason when the destination is refused (checked on every save). */
  async function checkUrl(url: string) {
    const problem = await checkDestination(url, policy);
    if (problem) throw invalid({ url: `validation.webhooks.${problem}` });
  }

  async function read(scope: Scope, id: string): Promise<WebhookRecord> {
    const found = await webhooks.find(scope, id);
    if (!found) throw notFound('webhooks.WEBHOOK_NOT_FOUND');
    return found;
  }

  const alarmLink = (targetId: string) =>
    `${publicUrl}/#/vainu/show-alarms?tid=${encodeURIComponent(targetId)}`;

  return {
    kick,

    async create(caller: Caller, input: CreateWebhookBody) {
      const scope = authorize(caller, MANAGE);
      const body = createWebhookBody.parse(input);
      const organizationId = homeOrganization(scope, body.organizationId, 'organizationId');
      if (crossesOrganizations(scope) && !(await organizations.lookup(scope, organizationId))) {
        throw notFound('ORGANIZATION_NOT_FOUND');
      }
      await checkUrl(body.url);
      const secret = newWebhookSecret();
      const webhook = await db.transaction(async () => {
        const record = await webhooks.insert(scope, {
          organizationId,
          name: body.name,
          url: body.url,
          events: body.events,
          format: body.format,
          enabled: body.enabled,
          secret,
          createdBy: caller.userId,
        });
        await audit.record(scope, {
          action: 'webhook.create',
          entityId: record.id,
          organizationId,
          // Never the URL: a Slack or Teams webhook's address is itself a credential.
          details: { name: record.name, format: record.format, events: record.events },
        });
        return record;
      });
      return { webhook, secret };
    },

    list: (caller: Caller) => webhooks.list(authorize(caller, MANAGE)),

    async update(caller: Caller, id: string, input: UpdateWebhookBody) {
      const scope = authorize(caller, MANAGE);
      const body = updateWebhookBody.parse(input);
      await read(scope, id);
      await checkUrl(body.url);
      return db.transaction(async () => {
        const record = await webhooks.update(scope, id, body);
        if (!record) throw notFound('webhooks.WEBHOOK_NOT_FOUND');
        await audit.record(scope, {
          action: 'webhook.update',
          entityId: id,
          organizationId: record.organizationId,
          details: {
            name: record.name,
            format: record.format,
            events: record.events,
            enabled: record.enabled,
          },
        });
        return record;
      });
    },

    async rotateSecret(caller: Caller, id: string) {
      const scope = authorize(caller, MANAGE);
      const secret = newWebhookSecret();
      const webhook = await db.transaction(async () => {
        const record = await webhooks.rotateSecret(scope, id, secret);
        if (!record) throw notFound('webhooks.WEBHOOK_NOT_FOUND');
        await audit.record(scope, {
          action: 'webhook.rotateSecret',
          entityId: id,
          organizationId: record.organizationId,
          details: { name: record.name },
        });
        return record;
      });
      return { webhook, secret };
    },

    async remove(caller: Caller, id: string): Promise<WebhookRecord> {
      const scope = authorize(caller, MANAGE);
      return db.transaction(async () => {
        const record = await webhooks.remove(scope, id);
        if (!record) throw notFound('webhooks.WEBHOOK_NOT_FOUND');
        await audit.record(scope, {
          action: 'webhook.remove',
          entityId: id,
          organizationId: record.organizationId,
          details: { name: record.name },
        });
        return record;
      });
    },

    async deliveries(caller: Caller, id: string): Promise<WebhookDeliveryRecord[]> {
      const scope = authorize(caller, MANAGE);
      await read(scope, id);
      return webhooks.deliveries(scope, id, DELIVERY_LOG_MAX);
    },

    /**
     * "Lähetä testi": queues a `webhook.test` delivery now (whatever the webhook subscribes to,
     * enabled or not: the worker sends it through the same queue) and starts the worker.
     */
    async sendTest(caller: Caller, id: string): Promise<WebhookDeliveryRecord> {
      const scope = authorize(caller, MANAGE);
      const webhook = await read(scope, id);
      const payload: AlarmEventPayload = {
        event: WEBHOOK_TEST_EVENT,
        occurredAt: new Date().toISOString(),
        organization: { id: webhook.organizationId, name: '' },
        alarm: null,
        device: null,
        target: null,
        link: `${publicUrl}/#/admin/webhooks`,
        test: { webhookId: webhook.id, webhookName: webhook.name },
      };
      const [deliveryId] = await webhooks.enqueue(scope, [
        { organizationId: webhook.organizationId, webhookId: webhook.id, payload },
      ]);
      kick();
      const delivery = deliveryId ? await webhooks.findDelivery(scope, deliveryId) : null;
      if (!delivery) throw notFound('webhooks.WEBHOOK_NOT_FOUND');
      return delivery;
    },

    /**
     * Queues one delivery per subscribed webhook and alarm change, in the caller's transaction
     * (the alarm change's own), so nothing is sent for a change that is rolled back. Reads the
     * alarm only when some enabled webhook of its organization wants the event. Call `kick`
     * after the commit.
     */
    async enqueueAlarmChanges(scope: Scope, changes: readonly AlarmChange[]): Promise<void> {
      const byOrganization = new Map<string, AlarmChange[]>();
      for (const c of changes) {
        byOrganization.set(c.organizationId, [...(byOrganization.get(c.organizationId) ?? []), c]);
      }
      for (const [organizationId, list] of byOrganization) {
        const hooks = await webhooks.subscribed(scope, organizationId, [
          ...new Set(list.flatMap((c) => [eventOf(c.change, ''), eventOf(c.change, 'offline')])),
        ]);
        if (hooks.length === 0) continue;
        const rows = [];
        for (const change of list) {
          const alarm = await alarms.find(scope, change.alarmId);
          if (!alarm) continue;
          const event = eventOf(change.change, alarm.alarmBreakThrough);
          const payload: AlarmEventPayload = {
            event,
            occurredAt: new Date().toISOString(),
            organization: { id: organizationId, name: alarm.Device.Organization.organizationName },
            alarm: {
              id: alarm.id,
              kind: alarm.alarmBreakThrough,
              active: alarm.active,
              acknowledged: alarm.state === 1,
              value: alarm.value,
              limit: alarm.limitValue,
              unit: alarm.measurementUnit,
              measurement: alarm.measurementId
                ? { id: alarm.measurementId, name: alarm.measurementName }
                : null,
              openedAt: alarm.createdAt,
              closedAt: alarm.closedAt,
            },
            device: {
              id: alarm.alarmDeviceId,
              name: alarm.Device.deviceName,
              location: alarm.Device.deviceLocation,
            },
            target: { id: alarm.Device.deviceTargetId, name: alarm.Device.Target.targetName },
            link: alarmLink(alarm.Device.deviceTargetId),
          };
          for (const hook of hooks) {
            if (hook.events.includes(event)) {
              rows.push({ organizationId, webhookId: hook.id, payload });
            }
          }
        }
        await webhooks.enqueue(scope, rows);
      }
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
