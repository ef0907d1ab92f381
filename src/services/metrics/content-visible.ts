/**
 * "Content visible": when the student's own content of a screen (the first course card, a
 * learning object's body, the first grade row, document or bill) is first painted — the figure
 * the bench measures on every signed-in screen (docs/performance.md "Content visible"), which
 * Lighthouse's LCP (often a heading painted before the data) does not show.
 *
 * Recorded as a User Timing mark `content-visible:<screen>` (ms since the navigation started,
 * `performance.getEntriesByName`) at the first paint after the content is committed: the
 * callback of `requestAnimationFrame` runs just before that frame is painted, and a message
 * posted from it arrives just after (the "double-rAF"/rAF + task way to observe a paint without
 * Element Timing, which Chromium reports only for elements whose own text or image paints —
 * not for a card or a sanitised lesson body made of children). Once per screen per page load:
 * a later visit in the same page is no cold or warm load.
 */
/** The prefix of the marks' names. */
export const CONTENT_VISIBLE_MARK = 'content-visible:';

const marked = new Set<string>();

/**
 * Marks `content-visible:<screen>` after the next paint, unless this page load marked that screen
 * already — the app, or the early page's script for its own paint (a screen whose content comes
 * back after it ended the early page marks nothing more). Does nothing without `performance.mark` or `requestAnimationFrame` (old browsers,
 * server rendering).
 * @param screen a short stable name, the one scripts/bench/visible.ts `markOf` expects: 'home',
 *   'courses', 'course', 'module', 'learning-object', 'grades', 'attachments', 'finances', 'account'.
 */
export function markContentVisible(screen: string): void {
  if (marked.has(screen) || typeof performance?.mark !== 'function' || typeof requestAnimationFrame !== 'function')
    return;
  marked.add(screen);
  const name = `${CONTENT_VISIBLE_MARK}${screen}`;
  // The early page's script (src/app/early-content.js) marks its own paint: that was the first.
  const already = () => performance.getEntriesByName(name, 'mark').length > 0;
  if (already()) return;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (!already()) performance.mark(name);
    };
    channel.port2.postMessage(null);
  });
}

/** Tests: forgets which screens were marked (a new page load). */
export function resetContentVisible(): void {
  marked.clear();
}
