/**
 * The account profile (docs/product.md §7 GET/PUT /users/self, GET /postal-code/{code}/view,
 * GET /cities, v2 POST /biometrics/create) over HTTP on a throwaway in-memory database:
 * PUT validation (CPF check digits, phone, CEP, UF) with pt-BR messages, persistence of the
 * profile fields, postal-code known / unknown / malformed, cities by state, and the biometrics
 * multipart upload (type, size, 401).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { BiometricPhotoResponse, CityListResponse, PostalCodeResponse, UserResponse } from '../src/services/contract';
import { messageOf, useTestServer } from './test-support/harness';
import { seedProfile } from './seed-profile';

const server = useTestServer();
let token = '';

const api = (path: string, init: RequestInit = {}, auth: string | null = token) =>
  server.api(path, { ...init, token: auth });

const put = (body: unknown) => api('/api/v1/users/self', { method: 'PUT', body: JSON.stringify(body) });

const ADDRESS = {
  cep: '01310100',
  street: 'Avenida Paulista',
  number: '1578',
  complement: 'Apto 12',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (file: Blob | null, name = 'foto.png', auth: string | null = token) => {
  const form = new FormData();
  if (file) form.set('photo', file, name);
  return api('/api/v2/biometrics/create', { method: 'POST', body: form }, auth);
};

beforeAll(async () => {
  token = await server.tokenOf('eja');
});

describe('PUT /users/self with the profile', () => {
  it('starts without profile data, stores it and answers it back (GET too)', async () => {
    const before = v.parse(UserResponse, await (await api('/api/v1/users/self')).json()).data;
    expect(before).toMatchObject({ cpf: null, phone: null, birth_date: null, address: null });
    const answer = await put({
      cpf: '52998224725',
      phone: '11987654321',
      birth_date: '1990-05-17',
      address: ADDRESS,
    });
    expect(answer.status).toBe(200);
    const saved = v.parse(UserResponse, await answer.json()).data;
    expect(saved).toMatchObject({
      cpf: '52998224725',
      phone: '11987654321',
      birth_date: '1990-05-17',
      address: ADDRESS,
    });
    const again = v.parse(UserResponse, await (await api('/api/v1/users/self')).json()).data;
    expect(again).toEqual(saved);
    expect(again.name).toBe(before.name);
  });

  it('leaves absent fields alone, clears null ones and accepts a landline', async () => {
    const saved = v.parse(UserResponse, await (await put({ phone: '1133224455', birth_date: null })).json()).data;
    expect(saved).toMatchObject({ cpf: '52998224725', phone: '1133224455', birth_date: null, address: ADDRESS });
    const cleared = v.parse(UserResponse, await (await put({ address: null })).json()).data;
    expect(cleared.address).toBeNull();
  });

  it.each([
    [{ cpf: '52998224724' }, 'CPF inválido: confira os dígitos.'],
    [{ cpf: '11111111111' }, 'CPF inválido: confira os dígitos.'],
    [{ cpf: '529.982.247-25' }, 'CPF inválido: confira os dígitos.'],
    [{ phone: '119876543' }, 'Telefone inválido: informe DDD e número (10 ou 11 dígitos).'],
    [{ phone: '119876543210' }, 'Telefone inválido: informe DDD e número (10 ou 11 dígitos).'],
    [{ birth_date: '2999-01-01' }, 'Data de nascimento inválida (AAAA-MM-DD, no passado).'],
    [{ address: { ...ADDRESS, cep: '0131010' } }, 'CEP inválido: informe 8 dígitos.'],
    [{ address: { ...ADDRESS, state: 'XX' } }, 'UF inválida: use uma das 27 siglas (ex.: SP).'],
    [{ address: { ...ADDRESS, number: ' ' } }, 'Informe o número.'],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const answer = await put(body);
    expect(answer.status).toBe(400);
    expect(await messageOf(answer)).toContain(message);
  });

  it('names every broken rule at once and still rejects wrong types by field', async () => {
    const both = await put({ cpf: '12345678900', phone: '1' });
    expect(await messageOf(both)).toBe(
      'CPF inválido: confira os dígitos. Telefone inválido: informe DDD e número (10 ou 11 dígitos).',
    );
    const typed = await put({ cpf: 52998224725 });
    expect(typed.status).toBe(400);
    expect(await messageOf(typed)).toBe('Dados inválidos: cpf');
  });

  it('needs a session', async () => {
    expect((await api('/api/v1/users/self', { method: 'PUT', body: '{}' }, null)).status).toBe(401);
  });
});

describe('GET /postal-code/{code}/view and GET /cities', () => {
  it('answers a known CEP, with or without the hyphen', async () => {
    for (const code of ['01310100', '01310-100']) {
      const answer = await api(`/api/v1/postal-code/${code}/view`);
      expect(answer.status).toBe(200);
      expect(v.parse(PostalCodeResponse, await answer.json()).data).toEqual({
        cep: '01310100',
        street: 'Avenida Paulista',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      });
    }
    const rio = v.parse(PostalCodeResponse, await (await api('/api/v1/postal-code/20040020/view')).json()).data;
    expect(rio).toMatchObject({ city: 'Rio de Janeiro', state: 'RJ' });
  });

  it('answers 404 for an unknown CEP and 400 for a malformed one', async () => {
    const unknown = await api('/api/v1/postal-code/99999999/view');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('CEP não encontrado.');
    for (const code of ['0131010', 'abcdefgh', '013101000']) {
      const bad = await api(`/api/v1/postal-code/${code}/view`);
      expect(bad.status).toBe(400);
      expect(await messageOf(bad)).toBe('CEP inválido: informe 8 dígitos.');
    }
    expect((await api('/api/v1/postal-code/01310100/view', {}, null)).status).toBe(401);
  });

  it('lists the cities of a state by name; 400 without a valid UF', async () => {
    const answer = await api('/api/v1/cities?state=SP');
    expect(answer.status).toBe(200);
    const cities = v.parse(CityListResponse, await answer.json()).data;
    expect(cities.map((c) => c.name)).toEqual([
      'Campinas',
      'Ribeirão Preto',
      'Santos',
      'São José dos Campos',
      'São Paulo',
    ]);
    expect(cities.every((c) => c.state === 'SP')).toBe(true);
    expect(v.parse(CityListResponse, await (await api('/api/v1/cities?state=TO')).json()).data).toEqual([]);
    expect((await api('/api/v1/cities')).status).toBe(400);
    expect((await api('/api/v1/cities?state=XX')).status).toBe(400);
  });

  it('seeds idempotently', async () => {
    expect(await seedProfile(server.db)).toBe(false);
  });
});

describe('v2 POST /biometrics/create', () => {
  it('stores a PNG and a JPEG, answering 201 with id and created_at', async () => {
    const answer = await upload(new Blob([PNG], { type: 'image/png' }));
    expect(answer.status).toBe(201);
    const photo = v.parse(BiometricPhotoResponse, await answer.json()).data;
    expect(Date.parse(photo.created_at)).not.toBeNaN();
    const [row] = await server.db.rows<{ content_type: string; size_bytes: number; user_id: number }>(
      sql`SELECT content_type, size_bytes, user_id FROM biometric_photos WHERE id = ${photo.id}`,
    );
    expect(row).toMatchObject({ content_type: 'image/png', size_bytes: PNG.length });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    expect((await upload(new Blob([jpeg], { type: 'image/jpeg' }), 'foto.jpg')).status).toBe(201);
  });

  it('refuses another type (415), a lying type (415), too large (413) and no photo (400)', async () => {
    const gif = await upload(new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }), 'a.gif');
    expect(gif.status).toBe(415);
    expect(await messageOf(gif)).toBe('A foto deve ser uma imagem JPEG ou PNG.');
    expect((await upload(new Blob(['not a png'], { type: 'image/png' }))).status).toBe(415);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 8));
    const large = await upload(new Blob([big], { type: 'image/png' }));
    expect(large.status).toBe(413);
    expect(await messageOf(large)).toBe('A foto deve ter no máximo 5 MB.');
    const none = await upload(null);
    expect(none.status).toBe(400);
    expect(await messageOf(none)).toMatch(/photo/);
  });

  it('stores a retried upload once (Idempotency-Key)', async () => {
    const send = () => {
      const form = new FormData();
      form.set('photo', new Blob([PNG], { type: 'image/png' }), 'foto.png');
      return api('/api/v2/biometrics/create', { method: 'POST', body: form, headers: { 'Idempotency-Key': 'bio-1' } });
    };
    const first = v.parse(BiometricPhotoResponse, await (await send()).json()).data;
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(v.parse(BiometricPhotoResponse, await again.json()).data).toEqual(first);
  });

  it('needs a session (401)', async () => {
    expect((await upload(new Blob([PNG], { type: 'image/png' }), 'foto.png', null)).status).toBe(401);
  });
});
