/**
 * 'Minha conta' marks "content visible" (`content-visible:account`, what the bench measures) when
 * the student's profile is on screen — the form with their data — not when the read has only been
 * asked for, and without waiting for the input masks' library (imask, held here: it loads when a
 * masked field is first used, never with the form).
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

/** imask's module never arrives in this file. */
vi.mock('../../src/views/account/masking', () => new Promise(() => undefined));
vi.mock('../../src/services/api/users', () => ({ getUsersSelf: vi.fn(), putUsersSelf: vi.fn() }));
import * as users from '../../src/services/api/users';
import { ProfileSection } from '../../src/views/account/profile';

const USER: User = { ...demoUser, cpf: '52998224725' };

const marks = () => performance.getEntriesByName(`${CONTENT_VISIBLE_MARK}account`, 'mark');
/** After the next frame and the task after it (when a mark is taken). */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

afterEach(() => {
  performance.clearMarks();
  resetContentVisible();
});

describe("'Minha conta': content visible", () => {
  it('is marked once the form shows the student, not while the read is under way, and without imask', async () => {
    let answer: (user: User) => void = () => undefined;
    vi.mocked(users.getUsersSelf).mockReturnValue(new Promise<User>((resolve) => (answer = resolve)));
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
    await afterPaint();
    await afterPaint();
    expect(screen.queryByRole('textbox', { name: /nome/i })).toBeNull();
    expect(marks()).toHaveLength(0);

    answer(USER);
    expect(await screen.findByRole('textbox', { name: /nome/i })).toHaveValue('Ana Souza');
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
    await afterPaint();
    expect(marks()).toHaveLength(1);
  });
});
