import { devicesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/**
 * The id of the device with the QR code among those the caller sees (GET /api/devices), or null:
 * "Näytä mittarin tiedot" opens that device's page.
 */
export async function findDeviceByQrCode(code: string): Promise<string | null> {
  const { devices } = await apiRequest('/api/devices', { schema: devicesResponse });
  return devices.find((device) => device.deviceQrCode === code)?.deviceId ?? null;
}
