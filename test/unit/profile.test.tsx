/**
 * Account profile as the student sees it: the form filled from `GET /users/self`
 * (bare digits shown masked), the imask inputs (typing, pasting formatted or bare values,
 * editing in the middle, deleting a separator: the text and the caret; imask is loaded before the
 * form here, as once a masked field has been focused — before it has arrived:
 * profile-lazy-masks.test.tsx), CEP autofill at the 8th
 * digit (fields filled, 'Endereço preenchido pelo CEP.' announced, focus on 'Número'), unknown CEP
 * and offline messages with the fields left editable, validation messages beside the fields, the
 * body 'Salvar' sends (digits only) with `user.refresh` after it, the server's message on a 400,
 * and the identity photo's file fallback, preview and upload.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { User } from '../../src/services/contract';
import { ApiError, NetworkError } from '../../src/services/http/errors';
import type { SessionRef } from '../../src/views/session-context';
import { WithAppActors } from '../fixtures/app-actors';

vi.mock('../../src/services/api/users', () => ({ getUsersSelf: vi.fn(), putUsersSelf: vi.fn() }));
vi.mock('../../src/services/api/profile', () => ({
  getPostalCode: vi.fn(),
  getCities: vi.fn(),
  postBiometricsCreate: vi.fn(),
}));
import * as users from '../../src/services/api/users';
import * as profileApi from '../../src/services/api/profile';
import { ProfileSection } from '../../src/views/account/profile';
import { updateBodyOf, validateProfile, valuesOf, withoutStaleAddress } from '../../src/views/account/profile-form';
import { BiometricsSection } from '../../src/views/account/biometrics';
import { loadMasking } from '../../src/views/account/masks';

const USER: User = {
  id: 7,
  name: 'Ana Souza',
  email: 'ana@example.com',
  access_code: 'aprovat',
  platform_id: 1,
  is_aprovat_user: true,
  is_lxp_user: false,
  is_eja_user: false,
  accepted_lgpd: true,
  cpf: null,
  phone: null,
  birth_date: null,
  address: null,
};

const PAULISTA = {
  cep: '01310100',
  street: 'Avenida Paulista',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

let send: ReturnType<typeof vi.fn>;

function renderWith(ui: ReactNode) {
  send = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR">
      <QueryClientProvider client={client}>
        <WithAppActors actors={{ session: { send } as unknown as SessionRef }}>{ui}</WithAppActors>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return userEvent.setup();
}

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });

type Student = ReturnType<typeof userEvent.setup>;
/** Clears `input` as a student does: select all, then Backspace (keys, so imask sees the selection). */
async function clearByKeyboard(user: Student, input: HTMLElement) {
  await user.click(input);
  await user.keyboard('{Control>}a{/Control}{Backspace}');
}
/** The caret of `input` (selection start and end). */
const caret = (input: HTMLElement) => [
  (input as HTMLInputElement).selectionStart,
  (input as HTMLInputElement).selectionEnd,
];

// imask is on the page before the form mounts: every masked input binds it at once.
beforeAll(async () => {
  await loadMasking();
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(users.getUsersSelf).mockResolvedValue(USER);
  vi.mocked(profileApi.getCities).mockResolvedValue([
    { id: 1, name: 'Campinas', state: 'SP' },
    { id: 2, name: 'São Paulo', state: 'SP' },
  ]);
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('ProfileSection', () => {
  it('offline before the profile was read: says it is not kept on the device, and shows it when the platform answers', async () => {
    onlineManager.setOnline(false);
    try {
      renderWith(<ProfileSection />);
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Sem conexão: seus dados pessoais não ficam salvos neste aparelho e aparecem quando a conexão voltar.',
      );
      expect(users.getUsersSelf).not.toHaveBeenCalled();
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('ana@example.com');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('fills street, district, city and UF from a known CEP, announces it and moves focus to Número', async () => {
    vi.mocked(profileApi.getPostalCode).mockResolvedValue(PAULISTA);
    const user = renderWith(<ProfileSection />);
    expect(screen.getByRole('heading', { level: 2, name: 'Dados pessoais' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Nome' })).toHaveValue('Ana Souza');
    await user.type(box('CEP'), '0131010');
    expect(profileApi.getPostalCode).not.toHaveBeenCalled();
    expect(box('CEP')).toHaveValue('01310-10');
    await user.type(box('CEP'), '0');
    expect(profileApi.getPostalCode).toHaveBeenCalledWith('01310100');
    expect(await screen.findByText('Endereço preenchido pelo CEP.')).toHaveAttribute('role', 'status');
    expect(box('CEP')).toHaveValue('01310-100');
    expect(box('Logradouro')).toHaveValue('Avenida Paulista');
    expect(box('Bairro')).toHaveValue('Bela Vista');
    expect(screen.getByRole('combobox', { name: 'Cidade' })).toHaveValue('São Paulo');
    expect(screen.getByRole('combobox', { name: 'UF' })).toHaveValue('SP');
    await waitFor(() => expect(box('Número')).toHaveFocus());
    // Still editable: the student may correct what the lookup filled.
    await user.clear(box('Logradouro'));
    await user.type(box('Logradouro'), 'Av. Paulista');
    expect(box('Logradouro')).toHaveValue('Av. Paulista');
    await waitFor(() => expect(profileApi.getCities).toHaveBeenCalledWith('SP', expect.anything()));
  });

  it('says so for an unknown CEP and leaves the address to be typed', async () => {
    vi.mocked(profileApi.getPostalCode).mockRejectedValue(new ApiError(404, { message: 'CEP não encontrado.' }, ''));
    const user = renderWith(<ProfileSection />);
    await user.type(await screen.findByRole('textbox', { name: 'CEP' }), '99999999');
    expect(await screen.findByText('CEP não encontrado. Preencha o endereço.')).toBeInTheDocument();
    expect(box('Logradouro')).toHaveValue('');
    expect(box('Logradouro')).toBeEnabled();
    expect(box('Número')).not.toHaveFocus();
  });

  it("clears the previous CEP's address when a new CEP is unknown, says so, and will not save without one", async () => {
    vi.mocked(profileApi.getPostalCode).mockResolvedValueOnce(PAULISTA);
    const user = renderWith(<ProfileSection />);
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    await user.type(cep, '01310100');
    expect(await screen.findByText('Endereço preenchido pelo CEP.')).toBeInTheDocument();
    expect(box('Logradouro')).toHaveValue('Avenida Paulista');

    vi.mocked(profileApi.getPostalCode).mockRejectedValueOnce(
      new ApiError(404, { message: 'CEP não encontrado.' }, ''),
    );
    await clearByKeyboard(user, cep);
    await user.type(cep, '99999999');
    expect(
      await screen.findByText(
        'CEP não encontrado. Preencha o endereço. Rua, bairro, cidade e UF do CEP anterior foram apagados.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(box('Logradouro')).toHaveValue('');
    expect(box('Bairro')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Cidade' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'UF' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o logradouro.')).toBeInTheDocument();
    expect(users.putUsersSelf).not.toHaveBeenCalled();
  });

  it('clears a saved address when a new CEP cannot be looked up offline; keeps what the student typed for it', async () => {
    vi.mocked(users.getUsersSelf).mockResolvedValue({
      ...USER,
      address: { ...PAULISTA, number: '1578', complement: null },
    });
    const user = renderWith(<ProfileSection />);
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    expect(box('Logradouro')).toHaveValue('Avenida Paulista');
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await clearByKeyboard(user, cep);
    await user.type(cep, '20040020');
    expect(
      await screen.findByText(
        'Sem conexão: preencha o endereço manualmente. Rua, bairro, cidade e UF do CEP anterior foram apagados.',
      ),
    ).toBeInTheDocument();
    expect(box('Logradouro')).toHaveValue('');
    expect(box('Número')).toHaveValue('1578');

    // The student types the address of the new CEP; another failed lookup of it keeps it.
    await user.type(box('Logradouro'), 'Rua da Assembleia');
    await clearByKeyboard(user, cep);
    await user.type(cep, '20040020');
    expect(await screen.findByText('Sem conexão: preencha o endereço manualmente.')).toBeInTheDocument();
    expect(box('Logradouro')).toHaveValue('Rua da Assembleia');
  });

  it('asks for manual entry offline (no request) and after a network failure', async () => {
    const user = renderWith(<ProfileSection />);
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await user.type(cep, '01310100');
    expect(await screen.findByText('Sem conexão: preencha o endereço manualmente.')).toBeInTheDocument();
    expect(profileApi.getPostalCode).not.toHaveBeenCalled();

    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    vi.mocked(profileApi.getPostalCode).mockRejectedValue(new NetworkError());
    await clearByKeyboard(user, cep);
    expect(cep).toHaveValue('');
    expect(screen.queryByText('Sem conexão: preencha o endereço manualmente.')).not.toBeInTheDocument();
    await user.type(cep, '20040020');
    expect(cep).toHaveValue('20040-020');
    expect(profileApi.getPostalCode).toHaveBeenCalledExactlyOnceWith('20040020');
    expect(await screen.findByText('Sem conexão: preencha o endereço manualmente.')).toBeInTheDocument();
  });

  it('masks CPF and phone and shows validation messages beside the fields, focusing the first', async () => {
    const user = renderWith(<ProfileSection />);
    await user.type(await screen.findByRole('textbox', { name: 'CPF' }), '52998224724');
    expect(box('CPF')).toHaveValue('529.982.247-24');
    await user.type(box('Telefone'), '1198765');
    expect(box('Telefone')).toHaveValue('(11) 9876-5');
    await user.type(box('Número'), '10');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Corrija os campos indicados.');
    expect(box('CPF')).toHaveAccessibleDescription('Formato 000.000.000-00 CPF inválido: confira os dígitos.');
    expect(box('CPF')).toHaveAttribute('aria-invalid', 'true');
    expect(box('CPF')).toHaveFocus();
    expect(screen.getByText('Telefone inválido: use (XX) XXXX-XXXX ou (XX) XXXXX-XXXX.')).toBeInTheDocument();
    expect(screen.getByText('CEP inválido: use 00000-000.')).toBeInTheDocument();
    expect(screen.getByText('Informe o logradouro.')).toBeInTheDocument();
    expect(screen.getByText('Selecione a UF.')).toBeInTheDocument();
    expect(users.putUsersSelf).not.toHaveBeenCalled();
  });

  it('saves digits only, shows success and refreshes the session user', async () => {
    vi.mocked(profileApi.getPostalCode).mockResolvedValue(PAULISTA);
    const saved: User = {
      ...USER,
      cpf: '52998224725',
      phone: '11987654321',
      address: { ...PAULISTA, number: '1578', complement: null },
    };
    vi.mocked(users.putUsersSelf).mockResolvedValue(saved);
    const user = renderWith(<ProfileSection />);
    await user.type(await screen.findByRole('textbox', { name: 'CEP' }), '01310100');
    await waitFor(() => expect(box('Número')).toHaveFocus());
    await user.keyboard('1578');
    await user.type(box('Telefone'), '11987654321');
    await user.type(box('CPF'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados salvos.')).toHaveAttribute('role', 'status');
    expect(users.putUsersSelf).toHaveBeenCalledWith({
      name: 'Ana Souza',
      email: 'ana@example.com',
      cpf: '52998224725',
      phone: '11987654321',
      birth_date: null,
      address: { ...PAULISTA, number: '1578', complement: null },
    });
    expect(send).toHaveBeenCalledWith({ type: 'user.refresh' });
    expect(box('Telefone')).toHaveValue('(11) 98765-4321');
  });

  it("shows what the server saved, masked, without losing 'Dados salvos.' or looking the CEP up again", async () => {
    vi.mocked(profileApi.getPostalCode).mockResolvedValue(PAULISTA);
    // The server answers with values the student did not type (as bare digits).
    vi.mocked(users.putUsersSelf).mockResolvedValue({
      ...USER,
      cpf: '52998224725',
      phone: '1133224455',
      address: { ...PAULISTA, cep: '01311000', number: '10', complement: null },
    });
    const user = renderWith(<ProfileSection />);
    await user.type(await screen.findByRole('textbox', { name: 'CEP' }), '01310100');
    await waitFor(() => expect(box('Número')).toHaveFocus());
    await user.keyboard('10');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados salvos.')).toBeInTheDocument();
    expect(box('CPF')).toHaveValue('529.982.247-25');
    expect(box('Telefone')).toHaveValue('(11) 3322-4455');
    expect(box('CEP')).toHaveValue('01311-000');
    expect(screen.getByText('Dados salvos.')).toBeInTheDocument();
    expect(profileApi.getPostalCode).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when saving fails", async () => {
    vi.mocked(users.putUsersSelf).mockRejectedValue(
      new ApiError(400, { message: 'CPF inválido: confira os dígitos.' }, ''),
    );
    const user = renderWith(<ProfileSection />);
    await user.clear(await screen.findByRole('textbox', { name: 'Nome' }));
    await user.type(box('Nome'), 'Ana S.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível salvar: CPF inválido: confira os dígitos.',
    );
    expect(send).not.toHaveBeenCalled();
  });
});

describe('masked inputs (imask)', () => {
  it("shows the server's bare digits masked and does not look the stored CEP up", async () => {
    vi.mocked(users.getUsersSelf).mockResolvedValue({
      ...USER,
      cpf: '52998224725',
      phone: '1133224455',
      address: { ...PAULISTA, number: '1578', complement: null },
    });
    renderWith(<ProfileSection />);
    expect(await screen.findByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
    expect(box('Telefone')).toHaveValue('(11) 3322-4455');
    expect(box('CEP')).toHaveValue('01310-100');
    expect(box('Número')).toHaveValue('1578');
    // Let the cities query settle: nothing asks for the stored CEP meanwhile.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(profileApi.getPostalCode).not.toHaveBeenCalled();
    expect(screen.queryByText('Endereço preenchido pelo CEP.')).not.toBeInTheDocument();
  });

  it('masks digits as they are typed; letters and extra digits are ignored', async () => {
    const user = renderWith(<ProfileSection />);
    const cpf = await screen.findByRole('textbox', { name: 'CPF' });
    await user.type(cpf, '529982');
    expect(cpf).toHaveValue('529.982');
    await user.type(cpf, '24725');
    expect(cpf).toHaveValue('529.982.247-25');
    await user.type(cpf, '9x');
    expect(cpf).toHaveValue('529.982.247-25');

    const phone = box('Telefone');
    await user.type(phone, 'a');
    expect(phone).toHaveValue('');
    await user.type(phone, '1');
    expect(phone).toHaveValue('(1');
    await user.type(phone, '133224455');
    expect(phone).toHaveValue('(11) 3322-4455');
    await user.type(phone, '1');
    expect(phone).toHaveValue('(11) 33224-4551');
    await user.keyboard('{Backspace}');
    expect(phone).toHaveValue('(11) 3322-4455');

    const cep = box('CEP');
    await user.type(cep, '01310');
    expect(cep).toHaveValue('01310');
    await user.type(cep, '1');
    expect(cep).toHaveValue('01310-1');
    expect(profileApi.getPostalCode).not.toHaveBeenCalled();
  });

  it('takes pasted values, formatted or not', async () => {
    vi.mocked(profileApi.getPostalCode).mockResolvedValue(PAULISTA);
    const user = renderWith(<ProfileSection />);
    const cpf = await screen.findByRole('textbox', { name: 'CPF' });
    await user.click(cpf);
    await user.paste('529.982.247-25');
    expect(cpf).toHaveValue('529.982.247-25');
    await clearByKeyboard(user, cpf);
    await user.paste('52998224725');
    expect(cpf).toHaveValue('529.982.247-25');

    const phone = box('Telefone');
    await user.click(phone);
    await user.paste('(11) 98765-4321');
    expect(phone).toHaveValue('(11) 98765-4321');
    await clearByKeyboard(user, phone);
    await user.paste('11 3322 4455');
    expect(phone).toHaveValue('(11) 3322-4455');

    await user.click(box('CEP'));
    await user.paste('01310-100');
    expect(box('CEP')).toHaveValue('01310-100');
    expect(profileApi.getPostalCode).toHaveBeenCalledExactlyOnceWith('01310100');
    expect(await screen.findByText('Endereço preenchido pelo CEP.')).toBeInTheDocument();
  });

  it('keeps the mask and the caret when the middle of a value is edited', async () => {
    vi.mocked(users.getUsersSelf).mockResolvedValue({ ...USER, cpf: '52998224725', phone: '1133224455' });
    const user = renderWith(<ProfileSection />);
    const phone = await screen.findByRole('textbox', { name: 'Telefone' });
    // A 9 typed after the DDD makes it an 11-digit number: the hyphen moves.
    await user.type(phone, '9', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(phone).toHaveValue('(11) 93322-4455');
    expect(caret(phone)).toEqual([6, 6]);
    await user.keyboard('{Backspace}');
    expect(phone).toHaveValue('(11) 3322-4455');
    // The caret stays where the edit was: the next digit goes in the same place.
    await user.keyboard('8');
    expect(phone).toHaveValue('(11) 83322-4455');

    const cpf = box('CPF');
    // One digit replaced in the middle.
    await user.type(cpf, '0', { initialSelectionStart: 5, initialSelectionEnd: 6 });
    expect(cpf).toHaveValue('529.902.247-25');
    expect(caret(cpf)).toEqual([6, 6]);
    // Backspace right after a separator only steps over it; the next one deletes the digit
    // before it and the digits after it move left, the separators staying in place.
    await user.type(cpf, '{Backspace}', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(cpf).toHaveValue('529.902.247-25');
    expect(caret(cpf)).toEqual([3, 3]);
    await user.keyboard('{Backspace}');
    expect(cpf).toHaveValue('529.022.472-5');
    expect(caret(cpf)).toEqual([2, 2]);
    await user.keyboard('9');
    expect(cpf).toHaveValue('529.902.247-25');
  });

  it('looks the CEP up once at its 8th digit, and again only after it changed', async () => {
    vi.mocked(profileApi.getPostalCode).mockResolvedValue(PAULISTA);
    const user = renderWith(<ProfileSection />);
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    await user.type(cep, '0131010');
    expect(profileApi.getPostalCode).not.toHaveBeenCalled();
    await user.type(cep, '0');
    expect(profileApi.getPostalCode).toHaveBeenCalledExactlyOnceWith('01310100');
    expect(await screen.findByText('Endereço preenchido pelo CEP.')).toBeInTheDocument();
    await user.type(cep, '9');
    expect(cep).toHaveValue('01310-100');
    expect(profileApi.getPostalCode).toHaveBeenCalledTimes(1);
    await user.type(cep, '{Backspace}');
    expect(cep).toHaveValue('01310-10');
    expect(screen.queryByText('Endereço preenchido pelo CEP.')).not.toBeInTheDocument();
    await user.type(cep, '0');
    expect(profileApi.getPostalCode).toHaveBeenCalledTimes(2);
    expect(profileApi.getPostalCode).toHaveBeenLastCalledWith('01310100');
  });
});

describe('profile helpers', () => {
  it('round-trips a user through the form values and body', () => {
    const user: User = {
      ...USER,
      cpf: '52998224725',
      phone: '1133224455',
      birth_date: '1990-05-17',
      address: { ...PAULISTA, number: '1', complement: 'Sala 2' },
    };
    const values = valuesOf(user);
    expect(values).toMatchObject({ cpf: '529.982.247-25', phone: '(11) 3322-4455', cep: '01310-100' });
    expect(validateProfile(values)).toEqual({});
    expect(updateBodyOf(values)).toMatchObject({ cpf: '52998224725', phone: '1133224455', address: user.address });
    expect(updateBodyOf(valuesOf(USER)).address).toBeNull();
  });

  it('refuses a CPF with wrong check digits or eleven equal digits', () => {
    const values = valuesOf(USER);
    expect(validateProfile({ ...values, cpf: '529.982.247-25' }).cpf).toBeUndefined();
    expect(validateProfile({ ...values, cpf: '529.982.247-24' }).cpf).toBeDefined();
    expect(validateProfile({ ...values, cpf: '111.111.111-11' }).cpf).toBeDefined();
    expect(validateProfile({ ...values, cpf: '529.982.247-2' }).cpf).toBeDefined();
  });

  it('withoutStaleAddress empties street, district, city and UF only when they belong to another CEP', () => {
    const values = valuesOf({ ...USER, address: { ...PAULISTA, number: '1', complement: 'Sala 2' } });
    const stale = withoutStaleAddress(values, '01310100', '99999999');
    expect(stale.cleared).toBe(true);
    expect(stale.values).toMatchObject({
      street: '',
      district: '',
      city: '',
      state: '',
      number: '1',
      complement: 'Sala 2',
    });
    expect(withoutStaleAddress(values, '99999999', '99999999')).toEqual({ values, cleared: false });
    expect(withoutStaleAddress(values, null, '99999999')).toEqual({ values, cleared: false });
    const empty = valuesOf(USER);
    expect(withoutStaleAddress(empty, '01310100', '99999999')).toEqual({ values: empty, cleared: false });
  });
});

describe('BiometricsSection', () => {
  const png = () =>
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'eu.png', { type: 'image/png' });

  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('explains when the camera is unavailable and offers the file', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const user = renderWith(<BiometricsSection />);
    await user.click(screen.getByRole('button', { name: 'Tirar foto' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Este navegador não dá acesso à câmera. Use “Enviar arquivo”.');
    expect(screen.getByLabelText('Enviar arquivo')).toBeInTheDocument();
  });

  it('explains a refused camera', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError')) },
      configurable: true,
    });
    const user = renderWith(<BiometricsSection />);
    await user.click(screen.getByRole('button', { name: 'Tirar foto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O acesso à câmera foi recusado.');
    expect(screen.getByLabelText('Enviar arquivo')).toHaveFocus();
  });

  it('previews a chosen file, uploads it and says so', async () => {
    vi.mocked(profileApi.postBiometricsCreate).mockResolvedValue({ id: 1, created_at: '2026-11-23T10:00:00.000Z' });
    const user = renderWith(<BiometricsSection />);
    const input = screen.getByLabelText('Enviar arquivo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(input).toHaveAttribute('capture', 'user');
    await user.upload(input, png());
    expect(screen.getByRole('img', { name: 'Pré-visualização da foto' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Enviar foto' }));
    expect(await screen.findByText('Foto enviada.')).toHaveAttribute('role', 'status');
    expect(profileApi.postBiometricsCreate).toHaveBeenCalledWith(expect.any(File), 'eu.png');
  });

  it('refuses another type or a file over 5 MB before sending, and disables sending offline', () => {
    renderWith(<BiometricsSection />);
    const input = screen.getByLabelText('Enviar arquivo');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha uma imagem JPEG ou PNG.');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('A foto deve ter no máximo 5 MB.');
    expect(screen.queryByRole('button', { name: 'Enviar foto' })).not.toBeInTheDocument();

    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    window.dispatchEvent(new Event('offline'));
    fireEvent.change(input, { target: { files: [png()] } });
    expect(screen.getByRole('button', { name: 'Enviar foto' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar foto' })).toHaveAccessibleDescription(
      'Sem conexão: o envio da foto precisa de internet.',
    );
  });
});
