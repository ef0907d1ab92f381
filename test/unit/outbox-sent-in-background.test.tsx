/**
 * The status line after the service worker sent progress with the app closed
 * (docs/offline.md "Progress sent with the app closed"): how many activities and when, once per
 * report (the report leaves the device as it is read), in pt-BR and English with their plurals;
 * 'Entendi' hides it.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor } from 'xstate';
import { outboxMachine } from '../../src/machines/outbox.machine';
import { OutboxContext } from '../../src/views/outbox/context';
import { OutboxStatus } from '../../src/views/outbox/status';
import type { AppOutbox } from '../../src/app/wiring/learning';
import type { SentInBackground } from '../../src/services/storage/outbox-store';
import en from '../../src/i18n/en.json';

function show(userId: number, report: SentInBackground | null, locale: 'pt-BR' | 'en' = 'pt-BR') {
  const actor = createActor(outboxMachine).start();
  actor.send({ type: 'outbox.user', userId });
  const take = vi.fn(async () => report);
  const view = render(
    <IntlProvider
      locale={locale}
      defaultLocale="pt-BR"
      messages={locale === 'en' ? en : {}}
      timeZone="America/Sao_Paulo"
    >
      <OutboxContext.Provider value={{ actor, takeSentInBackground: take } as unknown as AppOutbox}>
        <OutboxStatus />
      </OutboxContext.Provider>
    </IntlProvider>,
  );
  return { take, view };
}

describe('progress sent while the app was closed', () => {
  it("says how many activities were sent and at what time today, once; 'Entendi' hides it", async () => {
    const at = new Date();
    at.setHours(18, 42, 0, 0);
    const { take, view } = show(11, { count: 3, at: at.toISOString() });
    const time = new Intl.DateTimeFormat('pt-BR', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'America/Sao_Paulo',
    }).format(at);
    expect(await screen.findByText(`3 atividades enviadas às ${time} enquanto o app estava fechado.`)).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Entendi' }).click());
    expect(screen.queryByText(/atividades enviadas/)).toBeNull();
    view.unmount();
    // The status line mounts again in the same page load: the report was read, it does not come back.
    const again = show(11, { count: 3, at: at.toISOString() });
    await act(async () => {});
    expect(screen.queryByText(/atividades enviadas/)).toBeNull();
    expect(take).toHaveBeenCalledTimes(1);
    expect(again.take).not.toHaveBeenCalled();
  });

  it('one activity on another day: the singular, with the date (English)', async () => {
    show(12, { count: 1, at: '2026-11-20T21:05:00.000Z' }, 'en');
    expect(await screen.findByText(/^1 activity sent on 11\/20 at 06:05 PM while the app was closed\.$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Got it' })).toBeTruthy();
  });

  it('nothing sent: no notice', async () => {
    const { take } = show(13, null);
    await act(async () => {});
    expect(take).toHaveBeenCalledWith(13);
    expect(screen.queryByText(/enviada|enviadas/)).toBeNull();
  });
});
