/**
 * The scanner's error texts (spec 001 §8), by the reason the camera could not start. The keys
 * name texts under `qrCode.errors`; the Finnish ones are the spec's, quirks included.
 */
export type CameraProblem =
  | 'permission'
  | 'noCamera'
  | 'insecureContext'
  | 'inUse'
  | 'unsuitable'
  | 'streamApiUnsupported'
  | 'detectorUnavailable'
  | 'unknown';

/** Thrown when the page has no getUserMedia at all (vue-qrcode-reader's name for the case). */
export class StreamApiNotSupportedError extends Error {
  override name = 'StreamApiNotSupportedError';
}

/** Thrown when no QR decoder could be loaded (neither the browser's nor our WebAssembly one). */
export class DetectorUnavailableError extends Error {
  override name = 'DetectorUnavailableError';
}

/**
 * getUserMedia's DOMException names (Media Capture and Streams §9.4) mapped to the spec's texts:
 * NotAllowedError the user or the browser refused; NotFoundError no camera; NotSupportedError
 * and an insecure page (http:// other than localhost: no mediaDevices at all); NotReadableError
 * the camera is held by another program; OverconstrainedError no camera meets the constraints.
 */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError': // older Chromium
    case 'SecurityError': // camera blocked by the page's permissions policy
      return 'permission';
    case 'NotFoundError':
    case 'DevicesNotFoundError': // older Chromium
      return 'noCamera';
    case 'NotSupportedError':
      return 'insecureContext';
    case 'NotReadableError':
    case 'TrackStartError': // older Chromium
    case 'AbortError': // Firefox: the device could not be started
      return 'inUse';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError': // older Chromium
      return 'unsuitable';
    case 'StreamApiNotSupportedError':
      return 'streamApiUnsupported';
    case 'DetectorUnavailableError':
      return 'detectorUnavailable';
    default:
      return 'unknown';
  }
}

/**
 * Why the camera cannot even be asked for, before asking: media devices exist only on secure
 * pages (HTTPS, localhost), and some browsers have no getUserMedia at all.
 */
export function cameraUnavailable(): CameraProblem | null {
  if (!window.isSecureContext) return 'insecureContext';
  if (!navigator.mediaDevices?.getUserMedia) return 'streamApiUnsupported';
  return null;
}
