/** The captcha's web component does its proof of work in a browser worker; in tests a button stands in for it. */
export function AltchaWidget({ onChange }: { onChange: (payload: string | null) => void }) {
  return (
    <button type="button" onClick={() => onChange('solved-payload')}>
      solve captcha
    </button>
  );
}

export function widgetStylesheet(): Promise<void> {
  return Promise.resolve();
}
