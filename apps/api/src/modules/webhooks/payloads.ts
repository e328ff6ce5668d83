import { createHmac } from 'node:crypto';
import type { AlarmRecord, WebhookDeliveryEvent, WebhookFormat } from '@vahti/domain';

// The bodies a webhook receives (docs/webhooks.md): our JSON, or a chat message for a Slack or
// Teams channel made from it.

/** An alarm event as stored with its delivery: the alarm as it was when the event happened. */
export interface AlarmEventPayload {
  event: WebhookDeliveryEvent;
  /** When the change happened, ISO 8601. */
  occurredAt: string;
  organization: { id: string; name: string };
  alarm: {
    id: string;
    /** up, down, offline, lowBattery, frameCounterReset. */
    kind: AlarmRecord['alarmBreakThrough'];
    active: boolean;
    acknowledged: boolean;
    value: number;
    limit: number;
    unit: string;
    measurement: { id: string; name: string } | null;
    openedAt: string;
    closedAt: string | null;
  } | null;
  device: { id: string; name: string; location: string } | null;
  target: { id: string; name: string } | null;
  /** The screen of the event in Vahti. */
  link: string;
  /** Set on the test event of "Lähetä testi". */
  test?: { webhookId: string; webhookName: string };
}

/** The JSON form's body: the payload with the delivery's id first. */
export const jsonBody = (deliveryId: string, payload: AlarmEventPayload) => ({
  id: deliveryId,
  ...payload,
});

const KIND_TEXT: Record<AlarmRecord['alarmBreakThrough'], string> = {
  up: 'yläraja ylittyi',
  down: 'alaraja alittui',
  offline: 'mittari ei ole lähettänyt tietoja',
  lowBattery: 'paristo on vähissä',
  frameCounterReset: 'mittarin viestilaskuri nollautui',
};

const EVENT_TEXT: Record<WebhookDeliveryEvent, string> = {
  'alarm.opened': 'Hälytys',
  'alarm.closed': 'Hälytys päättyi',
  'alarm.acknowledged': 'Hälytys kuitattu',
  'alarm.unacknowledged': 'Hälytyksen kuittaus peruttu',
  'device.offline': 'Mittari ei vastaa',
  'webhook.test': 'Vahdin testiviesti',
};

/** The chat message's title line and facts (chat messages are in Finnish). */
function summary(payload: AlarmEventPayload) {
  const { alarm, device, target } = payload;
  if (!alarm) {
    return {
      title: `${EVENT_TEXT[payload.event]}: ${payload.test?.webhookName ?? ''}`.trim(),
      facts: [{ title: 'Organisaatio', value: payload.organization.name }],
    };
  }
  const what = alarm.measurement ? `${alarm.measurement.name}: ` : '';
  const unit = alarm.unit ? ` ${alarm.unit}` : '';
  const facts = [
    { title: 'Kohde', value: target?.name ?? '' },
    { title: 'Mittari', value: device?.name ?? '' },
    { title: 'Syy', value: `${what}${KIND_TEXT[alarm.kind]}` },
    { title: 'Arvo', value: `${alarm.value}${unit} (raja ${alarm.limit}${unit})` },
    { title: 'Alkoi', value: alarm.openedAt },
  ];
  return {
    title: `${EVENT_TEXT[payload.event]}: ${target?.name ?? ''} / ${device?.name ?? ''}`,
    facts,
  };
}

/**
 * A Slack incoming webhook's message: `text` (shown in notifications, and as the whole message
 * where blocks cannot be shown) and Block Kit `blocks`: a section in mrkdwn and a context with
 * the link. Shape from Slack's "Sending messages using incoming webhooks"
 * (https://api.slack.com/messaging/webhooks) and the Block Kit reference
 * (https://api.slack.com/reference/block-kit/blocks: section, context; text objects of type mrkdwn).
 */
export function slackBody(payload: AlarmEventPayload) {
  const { title, facts } = summary(payload);
  const mrkdwn = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    text: title,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: [
            `*${mrkdwn(title)}*`,
            ...facts.map((f) => `*${f.title}:* ${mrkdwn(f.value)}`),
          ].join('\n'),
        },
      },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `<${payload.link}|Avaa Vahdissa>` }],
      },
    ],
  };
}

/**
 * A Microsoft Teams Workflows webhook's message ("When a Teams webhook request is received" /
 * "Post to a channel when a webhook request is received"): a `message` whose `attachments` hold
 * one Adaptive Card. Workflows take Adaptive Cards only, not the retired Office 365 connector's
 * MessageCard. Shape from Microsoft's "Send Adaptive Cards using an Incoming Webhook"
 * (MicrosoftDocs/msteams-docs, msteams-platform/webhooks-and-connectors/how-to/connectors-using.md:
 * type "message", attachments[].contentType "application/vnd.microsoft.card.adaptive",
 * contentUrl null, content the card) and the Adaptive Card schema (adaptivecards.io: TextBlock,
 * FactSet, Action.OpenUrl; version 1.4, which Teams renders).
 */
export function teamsBody(payload: AlarmEventPayload) {
  const { title, facts } = summary(payload);
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'FactSet', facts },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Avaa Vahdissa', url: payload.link }],
        },
      },
    ],
  };
}

/** The body of a delivery in the webhook's form, as sent (and signed). */
export function deliveryBody(
  format: WebhookFormat,
  deliveryId: string,
  payload: AlarmEventPayload,
) {
  const body =
    format === 'slack'
      ? slackBody(payload)
      : format === 'teams'
        ? teamsBody(payload)
        : jsonBody(deliveryId, payload);
  return JSON.stringify(body);
}

/**
 * X-Vahti-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`.
 * The receiver recomputes it over the raw body and compares in constant time, and refuses a `t`
 * too far from its clock (a replayed request).
 */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
