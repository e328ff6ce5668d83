import { DEVICE_LABELS_MAX, deviceLabelsBody, LABEL_SHEET } from '@vahti/domain';
import { z } from 'zod';
import { errors, signedIn } from '../../plugins/route-groups.js';
import type { DeviceLabelsService } from './device-labels.service.js';

interface Options {
  deviceLabels: DeviceLabelsService;
}

/** Printable QR labels of devices (issue "Vainu registry"), docs/adr/0017-device-labels-and-profile-links.md. */
export const deviceLabelsRoutes = signedIn<Options>('devices', (app, { deviceLabels }) => {
  app.post('/api/device-labels', {
    schema: {
      operationId: 'printDeviceLabels',
      summary: 'A PDF of QR labels for the chosen devices',
      description: `Needs the Vainu permission and a role above Käyttäjä (manageDevices; 403 FORBIDDEN otherwise). deviceIds: 1–${DEVICE_LABELS_MAX} device ids (400 'Valitse vähintään yksi mittari' / 'Enintään ${DEVICE_LABELS_MAX} mittaria kerrallaan'), printed in that order, a repeated id once. Every id must be a device the caller manages: one of another organization or unknown answers 404 DEVICE_NOT_FOUND and nothing is printed. The answer is application/pdf (Content-Disposition attachment, vahti-qr-tarrat-YYYY-MM-DD.pdf): A4 sheets of ${LABEL_SHEET.columns} × ${LABEL_SHEET.rows} labels of ${LABEL_SHEET.labelWidthMm} × ${LABEL_SHEET.labelHeightMm} mm, each the QR code of the device's deviceQrCode (its deviceEui when that is blank), the device name, the target name and the QR value in small print.`,
      body: deviceLabelsBody,
      response: {
        200: z.any().meta({ description: 'The labels (application/pdf)' }),
        ...errors(403, 404),
      },
    },
    handler: async (request, reply) => {
      const pdf = await deviceLabels.pdf(request.caller, request.body.deviceIds);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="vahti-qr-tarrat-${day}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf));
    },
  });
});
