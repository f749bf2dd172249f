import { blackPng, jpegDeclaring, webpDeclaring } from '../../../test/image-bombs';
import { inspectImage, withinDimensions } from './service';

const ALL = ['png', 'jpg', 'webp', 'ico'] as const;

describe('image upload limits', () => {
  it('reads what a few bytes declare, and refuses it beyond 4096 a side or 16 megapixels', () => {
    const bombs = [jpegDeclaring(65_000, 65_000), webpDeclaring(16_384), blackPng(8192)];
    expect(bombs.map((bytes) => bytes.length)).toEqual([93, 30, expect.any(Number)]);
    for (const bytes of bombs) {
      const image = inspectImage(bytes, ALL);
      expect(image).toBeDefined();
      expect(withinDimensions(image as NonNullable<typeof image>)).toBe(false);
    }
  });

  it('takes images up to the limits', () => {
    expect(withinDimensions({ width: 4096, height: 3906 })).toBe(true);
    expect(withinDimensions({ width: 4096, height: 4096 })).toBe(false);
    expect(withinDimensions({ width: 4097, height: 1 })).toBe(false);
    const small = inspectImage(blackPng(512), ALL);
    expect(small).toEqual({ type: 'png', width: 512, height: 512 });
  });
});
