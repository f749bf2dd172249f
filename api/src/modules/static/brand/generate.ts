/**
 * Writes the brand images of every seeded brand to public/ (served at /brand/). Run after
 * changing a brand in src/db/seeds/profiles.ts:
 *   cd api && node --conditions=source --import tsx src/modules/static/brand/generate.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { BRANDS } from '../../../db/seeds/profiles';
import { BRAND_PUBLIC_DIR } from './location';
import { brandImages } from './svg';

export function writeBrandImages(dir = BRAND_PUBLIC_DIR): number {
  fs.rmSync(dir, { recursive: true, force: true });
  let count = 0;
  for (const brand of Object.values(BRANDS)) {
    const folder = path.join(dir, ...brand.path.split('/'));
    fs.mkdirSync(folder, { recursive: true });
    for (const [file, content] of Object.entries(brandImages(brand))) {
      fs.writeFileSync(path.join(folder, file), content);
      count++;
    }
  }
  return count;
}

if (require.main === module) {
  process.stdout.write(`wrote ${writeBrandImages()} brand images to ${BRAND_PUBLIC_DIR}\n`);
}
