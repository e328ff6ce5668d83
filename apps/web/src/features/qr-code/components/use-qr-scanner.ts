import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import {
  type CameraProblem,
  cameraProblem,
  cameraUnavailable,
  StreamApiNotSupportedError,
} from './camera-errors';
import { createQrDetector } from './qr-detector';

export type ScannerState =
  | { phase: 'starting' }
  | { phase: 'scanning' }
  | { phase: 'failed'; problem: CameraProblem; name: string };

/** Pause between two reads of the picture: a phone's battery matters more than 150 ms. */
const SCAN_INTERVAL_MS = 150;

/**
 * Runs the camera into `videoRef` and reads QR codes from it, calling `onCode` with each one
 * read. The camera is asked for on mount and released on unmount (leaving the screen), on a
 * failure and before a retry; a camera granted after the screen was left is released at once.
 */
export function useQrScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  onCode: (code: string) => void,
) {
  const [state, setState] = useState<ScannerState>({ phase: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the camera
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;

    const release = () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      const video = videoRef.current;
      if (video) video.srcObject = null;
    };
    const fail = (error: unknown) => {
      if (stopped) return;
      release();
      const name = error instanceof Error || error instanceof DOMException ? error.name : 'Error';
      setState({ phase: 'failed', problem: cameraProblem(error), name });
    };

    async function start() {
      const unavailable = cameraUnavailable();
      if (unavailable === 'streamApiUnsupported') throw new StreamApiNotSupportedError();
      if (unavailable) {
        const insecure = new Error('insecure context');
        insecure.name = 'NotSupportedError';
        throw insecure;
      }
      setState({ phase: 'starting' });
      // The decoder loads while the user answers the camera question.
      const detectorLoad = createQrDetector();
      detectorLoad.catch(() => undefined);
      const media = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' } },
      });
      if (stopped) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      stream = media;
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = media;
      await video.play();
      const detector = await detectorLoad;
      if (stopped) return;
      setState({ phase: 'scanning' });

      const scan = async () => {
        if (stopped) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          try {
            const found = (await detector.detect(video)).find((code) => code.rawValue);
            if (found && !stopped) onCodeRef.current(found.rawValue);
          } catch {
            // A frame the decoder could not take (e.g. while the stream resizes): the next may.
          }
        }
        if (!stopped) timer = window.setTimeout(scan, SCAN_INTERVAL_MS);
      };
      void scan();
    }

    start().catch(fail);
    return release;
  }, [attempt, videoRef]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
