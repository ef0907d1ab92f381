/**
 * The pre-rendered /login hands over to the app: a sign-in sent before the app had
 * hydrated the static form is sent again once it has, and only then do forms go through.
 */
import { finishPrerender } from '../../src/views/prerender-handoff';

function staticLogin() {
  document.body.innerHTML =
    '<div id="root" data-prerendered="login"><form><input name="username" value="demo" /><button type="submit">Entrar</button></form></div>';
  const form = document.querySelector('form')!;
  const sent: string[] = [];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sent.push(String(new FormData(form).get('username')));
  });
  return { root: document.getElementById('root')!, sent };
}

afterEach(() => {
  document.documentElement.removeAttribute('data-submit-pending');
  document.documentElement.removeAttribute('data-click-pending');
});

describe('pre-rendered /login hand-over', () => {
  it('sends again a sign-in sent before the app took over, with what was typed', () => {
    const { root, sent } = staticLogin();
    document.documentElement.setAttribute('data-submit-pending', '');
    finishPrerender();
    expect(sent).toEqual(['demo']);
    expect(root).not.toHaveAttribute('data-prerendered');
    expect(document.documentElement).not.toHaveAttribute('data-submit-pending');
  });

  it('taps again the button tapped before the app took over', () => {
    const { root } = staticLogin();
    const extra = document.createElement('button');
    extra.type = 'button';
    const taps: string[] = [];
    extra.addEventListener('click', () => taps.push('Acessibilidade'));
    root.prepend(extra);
    document.documentElement.setAttribute('data-click-pending', '0');
    finishPrerender();
    expect(taps).toEqual(['Acessibilidade']);
    expect(document.documentElement).not.toHaveAttribute('data-click-pending');
  });

  it('sends nothing when nothing was sent, and does nothing twice', () => {
    const { root, sent } = staticLogin();
    finishPrerender();
    expect(sent).toEqual([]);
    expect(root).not.toHaveAttribute('data-prerendered');
    document.documentElement.setAttribute('data-submit-pending', '');
    finishPrerender();
    expect(sent).toEqual([]);
  });
});
