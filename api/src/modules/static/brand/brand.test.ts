import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BRANDS } from '../../../db/seeds/profiles';
import { writeBrandImages } from './generate';
import { BRAND_PUBLIC_DIR } from './location';
import { brandImages } from './svg';

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('brand images', () => {
  it('the committed files are exactly what the generator writes (run generate.ts after changing a brand)', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-brand-'));
    try {
      writeBrandImages(scratch);
      const expected = listFiles(scratch);
      expect(listFiles(BRAND_PUBLIC_DIR)).toEqual(expected);
      for (const file of expected) {
        expect([file, fs.readFileSync(path.join(BRAND_PUBLIC_DIR, file), 'utf8')]).toEqual([
          file,
          fs.readFileSync(path.join(scratch, file), 'utf8'),
        ]);
      }
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('draws small, titled, distinct images per brand', () => {
    const logos = new Set<string>();
    for (const brand of Object.values(BRANDS)) {
      const images = brandImages(brand);
      for (const content of Object.values(images)) {
        expect(Buffer.byteLength(content)).toBeLessThan(3 * 1024);
        expect(content).toContain(`<title>${brand.name.replace(/&/g, '&amp;')}`);
      }
      expect(images['logo.svg']).toContain(brand.color.main);
      expect(images['logo-white.svg']).not.toContain(brand.color.main);
      logos.add(images['logo.svg']);
    }
    expect(logos.size).toBe(Object.keys(BRANDS).length);
  });
});
