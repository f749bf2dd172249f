import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

export interface Audit {
  /** Serious and critical violations, one line per element, with the colours of contrast failures. */
  serious: string[];
  /** Whether colour contrast was checked (not skipped). */
  contrastChecked: boolean;
}

function seriousViolations(results: AxeResults): string[] {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const data = node.any.find((check) => check.id === 'color-contrast')?.data as
          | { fgColor?: string; bgColor?: string; contrastRatio?: number }
          | undefined;
        const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)` : '';
        return `${violation.id} [${violation.impact}] ${node.target.join(' ')}${colours}: ${node.failureSummary ?? violation.help}`;
      }),
    );
}

/**
 * axe-core over the page (or the part `include` selects), once every transition has ended:
 * colours are measured at rest, not while a button still fades from its disabled colours.
 */
export async function audit(page: Page, include?: string): Promise<Audit> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return {
    serious: seriousViolations(results),
    contrastChecked: [...results.passes, ...results.violations, ...results.incomplete].some((rule) => rule.id === 'color-contrast'),
  };
}
