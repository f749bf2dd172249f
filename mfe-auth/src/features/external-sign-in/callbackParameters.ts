/** What the provider returned to the callback: code and state (both needed), and iss when sent; null when there is nothing to exchange. */
export function callbackParameters(search: string): { code: string; state: string; iss?: string } | null {
  const params = new URLSearchParams(search);
  const code = params.get('code')?.trim();
  const state = params.get('state')?.trim();
  if (!code || !state) return null;
  const iss = params.get('iss')?.trim();
  return iss ? { code, state, iss } : { code, state };
}
