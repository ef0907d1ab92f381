/**
 * 'Minha conta' marks "content visible" (`content-visible:account`, what the bench measures) when
 * the student's profile is on screen — the form with their data — not when the read answered
 * while the form's chunk (imask) was still loading behind it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { User } from '../../src/services/contract';
import type { SessionRef } from '../../src/views/session-context';
import { CONTENT_VISIBLE_MARK, resetContentVisible } from '../../src/services/metrics/content-visible';
import { WithAppActors } from '../fixtures/app-actors';
import { demoUser } from '../fixtures/user';

/**
 * The form's chunk arrives when the test says so: its input masks (imported by the form's module
 * alone) are held. Holding the form's module itself was not reliable — the section asks for it
 * twice at once (at mount and from its lazy part), and under load Vitest sometimes handed the
 * second import the real module while the mock's factory was still waiting (a CI run).
 */
const formChunk = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('../../src/views/account/masks', async (importOriginal) => {
  await formChunk.arrived;
  return importOriginal();
});
vi.mock('../../src/services/api/users', () => ({ getUsersSelf: vi.fn(), putUsersSelf: vi.fn() }));
import * as users from '../../src/services/api/users';
import { ProfileSection } from '../../src/views/account/profile';
import { accountKeys } from '../../src/services/api/keys/account';

const USER: User = demoUser;

const marks = () => performance.getEntriesByName(`${CONTENT_VISIBLE_MARK}account`, 'mark');
/** After the next frame and the task after it (when a mark is taken). */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

afterEach(() => {
  performance.clearMarks();
  resetContentVisible();
});

describe("'Minha conta': content visible", () => {
  it('is marked once the form shows the student, not when only the read has answered', async () => {
    vi.mocked(users.getUsersSelf).mockResolvedValue(USER);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <IntlProvider locale="pt-BR" defaultLocale="pt-BR">
        <QueryClientProvider client={client}>
          <WithAppActors actors={{ session: { send: vi.fn() } as unknown as SessionRef }}>
            <ProfileSection />
          </WithAppActors>
        </QueryClientProvider>
      </IntlProvider>,
    );
    await vi.waitFor(() => expect(client.getQueryData(accountKeys.self)).toEqual(USER));
    await afterPaint();
    await afterPaint();
    expect(screen.queryByRole('textbox', { name: /nome/i })).toBeNull();
    expect(marks()).toHaveLength(0);

    formChunk.arrive();
    expect(await screen.findByRole('textbox', { name: /nome/i })).toHaveValue('Ana Souza');
    await afterPaint();
    expect(marks()).toHaveLength(1);
  });
});
