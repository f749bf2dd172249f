declare global {
  // webpack's free variable: the nonce of the elements its runtime inserts
  var __webpack_nonce__: string;
}

/** The page's CSP nonce from `<meta property="csp-nonce" content="…">`; undefined without one (dev server). */
export function pageNonce(doc: Document = document): string | undefined {
  const content = doc.querySelector('meta[property="csp-nonce"]')?.getAttribute('content');
  return content || undefined;
}
