/**
 * Measuring elements on a page that may be an early page (docs/decisions/0014): the app's page
 * takes its place in one frame, with the same boxes but new elements, so an element found a
 * moment ago may be gone when it is measured (Playwright's `boundingBox()` then gives null).
 */
import { expect, type Locator } from '@playwright/test';

/** A box as Playwright measures it, in CSS px. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The box of `locator`'s element, measured again when the element was replaced between finding
 * and measuring it (the early page's takeover). Fails, with the locator's name, when it stays
 * without a box (not visible) for the expect timeout.
 */
export async function boxOf(locator: Locator): Promise<Box> {
  let box: Box | null = null;
  await expect(async () => {
    box = await locator.boundingBox();
    expect(box, `a box for ${locator.toString()}`).not.toBeNull();
  }).toPass();
  return box!;
}
