/**
 * The app's side of the early content (docs/decisions/0014-early-content-before-the-app.md): the
 * page the inline script src/app/early-content.js showed from the early read's answer
 * (`#early-root`, `<html data-early="shown">`; the app's own `#root` hidden meanwhile)
 * gives way to the app's when the app's screen commits its content (`useContentVisible` calls
 * `window.__earlyContent.finish()`: a property read, no code of its own in every screen). The
 * work is the inline script's (`window.__earlyContent`, with the page it ends: no signed-in
 * screen's code carries it), and so is the limit: 4 s after the app's first render into #root,
 * whatever its screen shows. Where the script is absent (tests, another index.html) this does nothing.
 */

/**
 * What src/app/early-content.js puts on `window`: `finish()` ends the early page, if one is shown,
 * in this frame — the app's page shows, with what the student typed, focused, tapped or sent
 * there done in it in the tasks after; from then on none shows. It returns true when it ended
 * one: that page's paint was the content's first, and the script marked it
 * `content-visible:<screen>` then. Called from layout effects only (never on the server), where
 * the script is absent (tests, another index.html) `__earlyContent` is undefined.
 */
export interface EarlyContentWindow {
  __earlyContent?: { finish(): boolean };
}
