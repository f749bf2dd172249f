import { crc32, deflateSync } from 'node:zlib';

/**
 * Images that are small on the wire and huge once decoded (the header says how much a browser
 * allocates): the upload limits must refuse them whatever their format.
 */

/** 93 bytes of JPEG whose frame header declares 65000 × 65000 pixels. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(52), Buffer.from([0xff, 0xd9])]);
}

/** 30 bytes of WebP (VP8X) declaring `side` × `side` pixels. */
export function webpDeclaring(side: number): Buffer {
  const s = side - 1;
  const size = [s & 255, (s >> 8) & 255, (s >> 16) & 255];
  return Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([22, 0, 0, 0]),
    Buffer.from('WEBPVP8X'),
    Buffer.from([10, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from([...size, ...size]),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A well-formed PNG, 1-bit grey, `side` × `side` pixels of black: some kilobytes compressed. */
export function blackPng(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grey
  const row = 1 + Math.ceil(side / 8);
  const pixels = deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
