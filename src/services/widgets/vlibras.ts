/**
 * VLibras adapter (docs/product.md §3 is_libras_enabled: Brazilian Sign Language translation by the
 * federal government's VLibras widget). `loadVLibras` loads the plugin script once and
 * creates the widget; `setVLibrasVisible` shows or hides it later without reloading.
 * The app never depends on it: a failed load (offline, blocked) is reported, nothing else.
 */
import { VLIBRAS_ORIGIN } from '../contract/security-policy';
import { loadScript } from './script-loader';

/** The VLibras plugin script and app address (public, https). */
export const VLIBRAS_SCRIPT = `${VLIBRAS_ORIGIN}/app/vlibras-plugin.js`;
export const VLIBRAS_APP = `${VLIBRAS_ORIGIN}/app`;

interface VLibrasGlobal {
  Widget: new (app: string) => unknown;
}

const CONTAINER_ID = 'vlibras-widget';

/** The widget's markup as VLibras expects it (`vw` attributes), hidden from the app's own tree. */
function ensureContainer(): HTMLElement {
  let container = document.getElementById(CONTAINER_ID);
  if (container) return container;
  container = document.createElement('div');
  container.id = CONTAINER_ID;
  container.setAttribute('vw', '');
  container.className = 'enabled';
  const button = document.createElement('div');
  button.setAttribute('vw-access-button', '');
  button.className = 'active';
  const wrapper = document.createElement('div');
  wrapper.setAttribute('vw-plugin-wrapper', '');
  const top = document.createElement('div');
  top.className = 'vw-plugin-top-wrapper';
  wrapper.appendChild(top);
  container.append(button, wrapper);
  document.body.appendChild(container);
  return container;
}

let widget: unknown = null;

/**
 * Loads VLibras (script once, widget once) and shows it.
 * @throws Error when the script cannot load within 10 s or defines no widget.
 */
export async function loadVLibras(): Promise<void> {
  ensureContainer();
  await loadScript(VLIBRAS_SCRIPT, 10_000);
  const vlibras = (window as unknown as { VLibras?: VLibrasGlobal }).VLibras;
  if (!vlibras) throw new Error('VLibras script loaded without window.VLibras');
  widget ??= new vlibras.Widget(VLIBRAS_APP);
  setVLibrasVisible(true);
}

/** Shows or hides the widget (no-op before it was loaded). */
export function setVLibrasVisible(visible: boolean): void {
  const container = document.getElementById(CONTAINER_ID);
  if (container) container.hidden = !visible;
}
