import { crc32 } from 'node:zlib';

/**
 * Whether bytes are a PNG by their content, not their name: the 8-byte signature, then an IHDR
 * chunk of 13 bytes first, with its CRC right, non-zero dimensions and a bit depth valid for its
 * colour type (the PNG standard, section 11.2.2), and an IEND chunk at the end.
 */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Colour type → the bit depths it allows. */
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

export interface PngHeader {
  width: number;
  height: number;
}

/** The PNG's dimensions, or undefined when the bytes are not a well-formed PNG. */
export function readPngHeader(bytes: Buffer): PngHeader | undefined {
  if (bytes.length < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(SIGNATURE)) return undefined;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  if (crc32(bytes.subarray(12, 29)) !== bytes.readUInt32BE(29)) return undefined;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const depth = bytes[24];
  const colourType = bytes[25];
  const [compression, filter, interlace] = [bytes[26], bytes[27], bytes[28]];
  // how large it may be is the upload's limit, for every format (withinDimensions)
  if (width === 0 || height === 0) return undefined;
  if (!DEPTHS[colourType]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return undefined;
  const end = bytes.subarray(bytes.length - 12);
  if (end.readUInt32BE(0) !== 0 || end.toString('latin1', 4, 8) !== 'IEND') return undefined;
  return { width, height };
}
