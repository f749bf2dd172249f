import { attachmentName } from './download';

describe('attachmentName', () => {
  it('reads the encoded name first, then the plain one', () => {
    expect(attachmentName('attachment; filename="auditoria-2026-03-05.csv"')).toBe('auditoria-2026-03-05.csv');
    expect(attachmentName('attachment; filename=auditoria.csv')).toBe('auditoria.csv');
    expect(attachmentName(`attachment; filename="a.csv"; filename*=UTF-8''auditor%C3%ADa.csv`)).toBe('auditoría.csv');
    expect(attachmentName(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.csv"`)).toBe('plain.csv');
  });

  it('gives nothing without a name', () => {
    expect(attachmentName(null)).toBeUndefined();
    expect(attachmentName('attachment')).toBeUndefined();
    expect(attachmentName('attachment; filename=""')).toBeUndefined();
  });
});
