import { applyHeldStyles, previewDocument } from './EditorTools';

describe('e-mail preview document', () => {
  it('holds the style attributes aside and applies them through the CSSOM once loaded', () => {
    const html = previewDocument('<table style="background:#f4f6f8"><tr><td style="padding: 24px">Hola</td></tr></table>');
    expect(html).not.toContain(' style=');
    expect(html).toContain('data-held-style="padding: 24px"');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    applyHeldStyles(doc);
    expect(doc.querySelector('td')?.style.padding).toBe('24px');
  });
});
