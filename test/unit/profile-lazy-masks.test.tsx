/**
 * 'Minha conta' shows the profile form without imask: the mask library (`masking.ts`, a chunk of its
 * own) is asked for when the student first focuses or touches a masked field, never with the form.
 * Until it arrives the CPF, phone and CEP are shown and typed masked all the same (by
 * @brazilian-utils' formatters, `masks.ts`), and what the student typed meanwhile is kept when it
 * arrives: imask takes the same field over (focus and digits stay) and masks the next edits with
 * its own caret rules.
 *
 * imask's module arrives when the test says so (held by the mock below), once for the whole file:
 * the tests run in order, the last one lets it in.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { User } from '../../src/services/contract';
import type { SessionRef } from '../../src/views/session-context';
import { WithAppActors } from '../fixtures/app-actors';
import { demoUser } from '../fixtures/user';

const masking = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { asked: 0, arrived, arrive: () => arrive() };
});
vi.mock('../../src/views/account/masking', async (importOriginal) => {
  masking.asked += 1;
  await masking.arrived;
  return importOriginal();
});
vi.mock('../../src/services/api/users', () => ({ getUsersSelf: vi.fn(), putUsersSelf: vi.fn() }));
vi.mock('../../src/services/api/profile', () => ({
  getPostalCode: vi.fn(),
  getCities: vi.fn(),
  postBiometricsCreate: vi.fn(),
}));
import * as users from '../../src/services/api/users';
import * as profileApi from '../../src/services/api/profile';
import { ProfileSection } from '../../src/views/account/profile';
import { loadMasking } from '../../src/views/account/masks';

const STUDENT: User = {
  ...demoUser,
  cpf: '52998224725',
  phone: '1133224455',
  address: {
    cep: '01310100',
    street: 'Avenida Paulista',
    number: '1578',
    complement: null,
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
};

function renderSection(user: User) {
  vi.mocked(users.getUsersSelf).mockResolvedValue(user);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR">
      <QueryClientProvider client={client}>
        <WithAppActors actors={{ session: { send: vi.fn() } as unknown as SessionRef }}>
          <ProfileSection />
        </WithAppActors>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return userEvent.setup();
}

const box = (name: string) => screen.getByRole('textbox', { name });
const caret = (input: HTMLElement) => [
  (input as HTMLInputElement).selectionStart,
  (input as HTMLInputElement).selectionEnd,
];

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(profileApi.getCities).mockResolvedValue([{ id: 2, name: 'São Paulo', state: 'SP' }]);
});

describe('the profile form before imask has arrived', () => {
  it("shows the student's CPF, phone and CEP masked, and asks for imask only when a masked field is used", async () => {
    const user = renderSection(STUDENT);
    expect(await screen.findByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
    expect(box('Telefone')).toHaveValue('(11) 3322-4455');
    expect(box('CEP')).toHaveValue('01310-100');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await user.click(box('Nome'));
    await user.keyboard('{End} Lima');
    expect(masking.asked).toBe(0);

    await user.tab(); // 'E-mail'
    await user.tab(); // 'CPF'
    expect(box('CPF')).toHaveFocus();
    expect(masking.asked).toBe(1);
  });

  it('masks what is typed, pasted and deleted meanwhile, and saves it as digits', async () => {
    vi.mocked(users.putUsersSelf).mockImplementation(async (body) => ({ ...STUDENT, ...body }) as User);
    const user = renderSection({ ...demoUser, cpf: null, phone: null, address: null });
    const cpf = await screen.findByRole('textbox', { name: 'CPF' });
    await user.type(cpf, '529982x2');
    expect(cpf).toHaveValue('529.982.2');
    await user.keyboard('{Backspace}{Backspace}');
    expect(cpf).toHaveValue('529.98');
    await user.keyboard('224725999');
    expect(cpf).toHaveValue('529.982.247-25');

    await user.click(box('Telefone'));
    await user.paste('(11) 98765-4321');
    expect(box('Telefone')).toHaveValue('(11) 98765-4321');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados salvos.')).toBeInTheDocument();
    expect(users.putUsersSelf).toHaveBeenCalledWith(
      expect.objectContaining({ cpf: '52998224725', phone: '11987654321' }),
    );
    expect(masking.asked).toBe(1);
  });

  it('keeps what the student typed before imask arrived; imask then takes the same field over', async () => {
    const user = renderSection({ ...demoUser, cpf: null, phone: null });
    // A partial phone of 7 digits: the library groups it as a partial mobile, imask as a landline
    // (masks.ts `formatPhone`); the digits are the student's either way.
    await user.type(await screen.findByRole('textbox', { name: 'Telefone' }), '1198765');
    expect(box('Telefone')).toHaveValue('(11) 98765');
    const cpf = box('CPF');
    await user.type(cpf, '5299822');
    expect(cpf).toHaveValue('529.982.2');

    masking.arrive();
    await act(() => loadMasking());
    expect(box('Telefone')).toHaveValue('(11) 9876-5');
    expect(box('CPF')).toHaveValue('529.982.2');
    expect(box('CPF')).toHaveFocus();
    await user.keyboard('4725');
    expect(box('CPF')).toHaveValue('529.982.247-25');
    // imask's caret rule (not the plain input's): Backspace right after a separator only steps
    // over it.
    await user.type(box('CPF'), '{Backspace}', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(box('CPF')).toHaveValue('529.982.247-25');
    expect(caret(box('CPF'))).toEqual([3, 3]);
  });
});
