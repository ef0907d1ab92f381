/**
 * Post-login configuration (spec §4 setup, §8 catalogue): the analytics and chatbot
 * settings are stored for the widget loaders; a failure of each shows its negative top
 * toast — 'Um erro inesperado ocorreu. Cód: 8' (analytics), '… Cód: 7' (chatbot) — and the
 * setup never fails; a malformed settings answer is such a failure.
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
import { postLoginSetup } from '../../src/wiring';
import { createEventBus } from '../../src/services/events/bus';
import { readPlatformSettings } from '../../src/services/storage/platform-settings';
import { ContractError } from '../../src/services/contract';
import { NetworkError } from '../../src/services/http/errors';
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
      throw new NetworkError();
    });
    await expect(postLoginSetup(bus)).resolves.toBeUndefined();
    expect(await screen.findByText('Um erro inesperado ocorreu. Cód: 8')).toBeInTheDocument();
    expect(await screen.findByText('Um erro inesperado ocorreu. Cód: 7')).toBeInTheDocument();
  });
});
