/**
 * The error a startup step throws to send the student elsewhere instead of mounting the app
 * (docs/product.md §4 Startup: "If a step throws an error carrying a target address, the app redirects
 * there"). The boot machine reads its `target` (src/machines/boot.machine.ts).
 */

/** Thrown by a step to send the browser to `target` instead of mounting (docs/product.md §4). */
export class BootRedirectError extends Error {
  readonly target: string;
  /**
   * @param target where the app goes instead of mounting: a same-origin path or an absolute
   *   http(s) address (both pass the redirect allowlist, docs/architecture.md §D5).
   */
  constructor(target: string, message = `redirect to ${target}`) {
    super(message);
    this.name = 'BootRedirectError';
    this.target = target;
  }
}
