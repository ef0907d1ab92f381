/**
 * The end of the pre-rendered /login's static phase
 * (docs/decisions/0002-prerendered-login-and-deferred-entry.md; scripts/vite/prerender.ts). Until
 * the app has hydrated the markup, src/app/prepaint.js keeps its forms from submitting natively
 * and marks a sign-in sent meanwhile as pending (`data-submit-pending` on <html>). Called once the
 * app has hydrated (App's first effect): forms go through React from now on, and a pending
 * sign-in is sent again — with what the student typed — so an early tap on 'Entrar' is not lost.
 * Does nothing when the page was not the pre-rendered one.
 */
export function finishPrerender(doc: Document = document): void {
  const root = doc.getElementById('root');
  if (!root?.hasAttribute('data-prerendered')) return;
  root.removeAttribute('data-prerendered');
  const html = doc.documentElement;
  const click = html.getAttribute('data-click-pending');
  html.removeAttribute('data-click-pending');
  if (click !== null) root.querySelectorAll('button')[Number(click)]?.click();
  if (!html.hasAttribute('data-submit-pending')) return;
  html.removeAttribute('data-submit-pending');
  root.querySelector('form')?.requestSubmit();
}
