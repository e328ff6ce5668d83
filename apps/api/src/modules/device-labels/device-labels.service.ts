import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize } from '../../lib/scope.js';
import type { DevicesRepository } from '../devices/devices.repository.js';
import type { Label } from './label-pdf.js';

const READ = { do: 'openSection', section: 'vainu' } as const;
const MANAGE = { do: 'manageDevices' } as const;

/**
 * Printable QR labels of devices (issue "Vainu registry"). Whoever manages devices prints labels
 * of the devices the device admin list shows them: their organization's (every one for the top
 * administrator). One device outside that answers 404 and nothing is printed.
 */
export function createDeviceLabelsService({
  devices,
}: {
  devices: Pick<DevicesRepository, 'list'>;
}) {
  return {
    async pdf(caller: Caller, deviceIds: readonly string[]): Promise<Uint8Array> {
      const scope = authorize(caller, READ, MANAGE);
      const ids = [...new Set(deviceIds)];
      const found = new Map(
        (await devices.list(scope, { deviceIds: ids })).map((device) => [device.deviceId, device]),
      );
      const labels: Label[] = ids.map((id) => {
        const device = found.get(id);
        if (!device) throw notFound('DEVICE_NOT_FOUND');
        return {
          // The QR code is required on every device; the DevEUI only stands in for a blank one.
          qrValue: device.deviceQrCode.trim() || device.deviceEui,
          deviceName: device.deviceName,
          targetName: device.Target.targetName,
        };
      });
      // pdf-lib loads with the first sheet, not at every start (docs/performance.md).
      const { labelsPdf } = await import('./label-pdf.js');
      return labelsPdf(labels);
    },
  };
}

export type DeviceLabelsService = ReturnType<typeof createDeviceLabelsService>;
