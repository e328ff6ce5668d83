import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) showing `text`
 * as a QR code: YUV4MPEG2 in 4:2:0, black modules on white with a quiet zone, a few identical
 * frames (Chromium loops the file). Returns the file's path.
 */
export function writeQrVideo(text: string, { width = 320, height = 240, frames = 5 } = {}) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4; // modules of white around the code, as the standard asks
  const scale = Math.floor((Math.min(width, height) * 0.9) / (modules.size + 2 * quiet));
  const side = scale * (modules.size + 2 * quiet);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);

  const luma = Buffer.alloc(width * height, 255);
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (!modules.data[y * modules.size + x]) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (quiet + y) * scale + dy) * width;
        luma.fill(0, row + left + (quiet + x) * scale, row + left + (quiet + x + 1) * scale);
      }
    }
  }
  // No colour: both chroma planes at their middle value.
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vahti-camera-')), 'qr.y4m');
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
}
