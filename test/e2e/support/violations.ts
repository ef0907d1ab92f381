import type { Page } from '@playwright/test';

/**
 * CSP / Trusted Types / Permissions-Policy complaints the browser prints, and the
 * `securitypolicyviolation` events (directive and blocked URI) the page sees.
 */
export function watchViolations(page: Page): {
  console: string[];
  events: () => Promise<{ directive: string; blocked: string }[]>;
} {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (
      /Content Security Policy|Trusted Type|Permissions-Policy|Refused to (load|execute|apply|frame)/i.test(
        message.text(),
      )
    ) {
      messages.push(message.text());
    }
  });
  void page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { __violations: typeof seen }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI }),
    );
  });
  return {
    console: messages,
    events: () =>
      page.evaluate(
        () => (window as unknown as { __violations: { directive: string; blocked: string }[] }).__violations,
      ),
  };
}
