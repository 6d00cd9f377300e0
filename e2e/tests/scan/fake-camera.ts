// A fake camera feed for Chromium (--use-file-for-fake-video-capture): a QR code drawn as a PNG by
// `qrcode`, decoded here (zlib, no image library) and written as a Y4M video, no ffmpeg.
import fs from 'node:fs';
import zlib from 'node:zlib';
import QRCode from 'qrcode';

type Gray = { width: number; height: number; pixels: Uint8Array };

/** Decodes an 8-bit, non-interlaced PNG (what qrcode writes) to grey levels. */
function decodePng(png: Buffer): Gray {
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('only 8-bit, non-interlaced PNGs');
      colorType = body[9];
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType as 0 | 2 | 4 | 6];
  if (!channels) throw new Error(`PNG colour type ${colorType} not handled`);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[y * stride + x - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      out[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) pixels[i] = out[i * channels];
  return { width, height, pixels };
}

/** Writes `frames` frames of a 640x480 Y4M with the code's QR centred on white. */
export async function writeQrVideo(text: string, file: string, frames = 10): Promise<void> {
  const png = await QRCode.toBuffer(text, { type: 'png', margin: 4, scale: 10, color: { dark: '#000000', light: '#ffffff' } });
  const qr = decodePng(png);
  const W = 640;
  const H = 480;
  const y = new Uint8Array(W * H).fill(235);
  const left = Math.max(0, Math.floor((W - qr.width) / 2));
  const top = Math.max(0, Math.floor((H - qr.height) / 2));
  for (let row = 0; row < Math.min(qr.height, H); row++) {
    for (let col = 0; col < Math.min(qr.width, W); col++) y[(top + row) * W + left + col] = qr.pixels[row * qr.width + col] < 128 ? 16 : 235;
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(y), chroma, chroma]);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]));
}
