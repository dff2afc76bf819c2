import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The rules every axe run here applies (issue 31): WCAG 2.0, 2.1 and 2.2 A and AA (2.2's target
 * size among them), axe's best practices, and its experimental rules, which hold label-in-name
 * (WCAG 2.5.3: a button's name begins with its visible words). On the whole suite at 360 and
 * 1280 px none of them found a serious or critical violation when they were turned on.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];

/** An axe run over the page with the suite's rules. */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).withTags(AXE_TAGS);

/**
 * Runs axe-core over the page as it is now and fails on any serious or critical violation,
 * listing each rule with the elements it found.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await axeBuilder(page).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 8).join('\n  ')}`);
  expect(blocking, `axe on ${screen}`).toEqual([]);
}
