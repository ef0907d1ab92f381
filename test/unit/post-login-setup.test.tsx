/**
 * Post-login configuration (docs/product.md §4 setup, §8 catalogue): the analytics and chatbot
 * settings are stored for the widget loaders; a failure of each *answered by the platform*
 * shows its negative top toast — 'Um erro inesperado ocorreu. Cód: 8' (analytics), '… Cód: 7'
 * (chatbot) — and the setup then rejects for developers (the session logs it and goes on); a
 * malformed settings answer is such a failure.
 * Offline (no answer) shows no toast and reads again when the platform answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Toaster } from 'sonner';

vi.mock('../../src/services/api/platforms', () => ({
  getLmsSettings: vi.fn(),
  getPlatform: vi.fn(),
  getPlatformSettings: vi.fn(),
}));
import * as platforms from '../../src/services/api/platforms';
import { loadWidgetConfig, postLoginSetup } from '../../src/app/wiring';
import { createEventBus } from '../../src/services/events/bus';
import { readPlatformSettings } from '../../src/services/storage/platform-settings';
import { ContractError } from '../../src/services/contract';
import { ApiError, NetworkError, TimeoutError } from '../../src/services/http/errors';
import { SetupErrorToasts } from '../../src/views/components/setup-error-toasts';

beforeEach(() => localStorage.clear());
afterEach(() => vi.mocked(platforms.getLmsSettings).mockReset());

function renderToasts() {
  const bus = createEventBus();
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR" messages={{}}>
      <Toaster position="top-center" />
      <SetupErrorToasts bus={bus} />
    </IntlProvider>,
  );
  return bus;
}

describe('post-login setup', () => {
  it('stores the analytics and chatbot keys for the widgets', async () => {
    vi.mocked(platforms.getLmsSettings).mockImplementation(async ([key]): Promise<Record<string, string | null>> =>
      key === 'clarity_key' ? { clarity_key: 'c-1' } : { imbot_key: null },
    );
    await postLoginSetup(createEventBus());
    expect(readPlatformSettings()).toEqual({ clarity_key: 'c-1', imbot_key: null });
  });

  it('shows nothing when both load', async () => {
    const bus = renderToasts();
    vi.mocked(platforms.getLmsSettings).mockResolvedValue({});
    await postLoginSetup(bus);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Um erro inesperado ocorreu/)).toBeNull();
  });
  it('shows Cód: 8 when the analytics config fails (a malformed answer too) and Cód: 7 for the chatbot', async () => {
    const bus = renderToasts();
    vi.mocked(platforms.getLmsSettings).mockImplementation(async ([key]) => {
      if (key === 'clarity_key') throw new ContractError(['data: Invalid type']);
      throw new ApiError(500, { message: 'Erro interno do servidor.' }, '/lms/settings/imbot_key');
    });
    // The setup then fails for developers (the session machine logs it): its step is named.
    await expect(postLoginSetup(bus)).rejects.toThrow('post-login setup: "widgetConfig" failed');
    expect(await screen.findByText('Um erro inesperado ocorreu. Cód: 8')).toBeInTheDocument();
    expect(await screen.findByText('Um erro inesperado ocorreu. Cód: 7')).toBeInTheDocument();
    // Each once, even when the setup runs again in the same page (no stacked duplicates).
    await postLoginSetup(bus).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Um erro inesperado ocorreu. Cód: 8')).toHaveLength(1);
  });

  it('a refused read: the other is still stored and its widget started, then the step rejects naming the key', async () => {
    const refusal = new ApiError(500, { message: 'Erro interno do servidor.' }, '/lms/settings/clarity_key');
    const read = vi.fn(async ([key]: string[]): Promise<Record<string, string | null>> => {
      if (key === 'clarity_key') throw refusal;
      return { imbot_key: 'b-1' };
    });
    const started = vi.fn();
    const failure: unknown = await loadWidgetConfig(createEventBus(), { read, start: started }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).message).toBe('widget settings not read: clarity_key');
    expect((failure as AggregateError).errors).toEqual([refusal]);
    expect(readPlatformSettings()).toEqual({ imbot_key: 'b-1' });
    expect(started).toHaveBeenCalledWith({ clarityKey: undefined, chatbotKey: 'b-1' });
  });

  it('offline or timed out: no Cód toast; the settings are read again when the platform answers', async () => {
    const bus = createEventBus();
    const toasts = vi.fn();
    bus.on('setup.error', toasts);
    let offline = true;
    vi.mocked(platforms.getLmsSettings).mockImplementation(async ([key]): Promise<Record<string, string | null>> => {
      if (offline) throw key === 'clarity_key' ? new NetworkError() : new TimeoutError(30_000);
      return key === 'clarity_key' ? { clarity_key: 'c-2' } : { imbot_key: 'b-2' };
    });
    let reachable!: () => void;
    const whenReachable = () => new Promise<void>((resolve) => (reachable = resolve));
    const started = vi.fn();
    // Silence is not the step's failure: it resolves (no log) and reads again later.
    await expect(loadWidgetConfig(bus, { whenReachable, start: started })).resolves.toBeUndefined();
    expect(toasts).not.toHaveBeenCalled();
    expect(started).not.toHaveBeenCalled();
    offline = false;
    reachable();
    await vi.waitFor(() => expect(readPlatformSettings()).toEqual({ clarity_key: 'c-2', imbot_key: 'b-2' }));
    expect(started).toHaveBeenCalledWith({ clarityKey: 'c-2', chatbotKey: 'b-2' });
    expect(toasts).not.toHaveBeenCalled();
  });
});
