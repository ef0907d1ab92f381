/**
 * Account profile (issue 6) as the student sees it: the form filled from `GET /users/self`,
 * CEP autofill at the 8th digit (fields filled, 'Endereço preenchido pelo CEP.' announced, focus
 * on 'Número'), unknown CEP and offline messages with the fields left editable, validation
 * messages beside the fields, the body 'Salvar' sends (digits only) with `user.refresh` after it,
 * the server's message on a 400, and the identity photo's file fallback, preview and upload.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { User } from '../../src/services/contract';
import { ApiError, NetworkError } from '../../src/services/http/errors';
import { SessionContext, type SessionRef } from '../../src/views/session-context';

vi.mock('../../src/services/api/users', () => ({ getUsersSelf: vi.fn(), putUsersSelf: vi.fn() }));
vi.mock('../../src/services/api/profile', () => ({
  getPostalCode: vi.fn(),
  getCities: vi.fn(),
  postBiometricsCreate: vi.fn(),
}));
import * as users from '../../src/services/api/users';
import * as profileApi from '../../src/services/api/profile';
import { ProfileSection, updateBodyOf, validateProfile, valuesOf } from '../../src/views/account/profile';
import { BiometricsSection } from '../../src/views/account/biometrics';

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
        <SessionContext.Provider value={{ send } as unknown as SessionRef}>{ui}</SessionContext.Provider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return userEvent.setup();
}

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });

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

  it('asks for manual entry offline (no request) and after a network failure', async () => {
    const user = renderWith(<ProfileSection />);
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await user.type(cep, '01310100');
    expect(await screen.findByText('Sem conexão: preencha o endereço manualmente.')).toBeInTheDocument();
    expect(profileApi.getPostalCode).not.toHaveBeenCalled();

    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    vi.mocked(profileApi.getPostalCode).mockRejectedValue(new NetworkError());
    await user.clear(cep);
    expect(screen.queryByText('Sem conexão: preencha o endereço manualmente.')).not.toBeInTheDocument();
    await user.type(cep, '20040020');
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
