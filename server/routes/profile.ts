/**
 * The account profile of the reference API (docs/product.md §7):
 *
 * - `GET /users/self`, `PUT /users/self` (main v1, mounted by `routes/student.ts`): the User with
 *   its profile fields (`cpf`, `phone`, `birth_date`, `address`); `PUT` validates the
 *   `UserUpdateRequest` (CPF check digits, phone 10–11 digits, CEP 8 digits, one of the 27 UFs)
 *   and answers 400 `{ message }` with one pt-BR sentence per broken rule (`PROFILE_RULES`).
 *   Absent fields stay as they are; null clears a field.
 * - `GET /postal-code/{code}/view` (main v1, student): `{ data: PostalCodeAddress }` for a CEP of
 *   the seeded demo table (`seed-profile.ts`); 8 digits (an optional hyphen `01310-100` is
 *   accepted) else 400 `CEP inválido: informe 8 dígitos.`; unknown 404 `CEP não encontrado.`
 * - `GET /cities?state=UF` (main v1, student): `{ data: City[] }` by name; a missing or unknown
 *   UF → 400.
 * - `POST /biometrics/create` (main v2, student): multipart with one file field `photo`, JPEG or
 *   PNG (declared type and magic bytes) of at most 5 MB → 201 `{ data: { id, created_at } }`;
 *   no photo 400, another type 415, too large 413. The bytes are stored in `biometric_photos`;
 *   `Idempotency-Key` replays the first answer.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  BIOMETRIC_PHOTO_MAX_BYTES,
  isBrazilianState,
  PROFILE_RULES,
  UserUpdateRequest,
  type City,
  type PostalCodeAddress,
  type User,
} from '../../src/services/contract';
import type { Db } from '../db/client';
import { HttpProblem, idempotent, MESSAGES, requireStudent, type AppEnv } from '../http';

interface UserRow {
  id: number;
  name: string;
  email: string | null;
  access_code: string;
  platform_id: number;
  is_aprovat_user: boolean;
  is_lxp_user: boolean;
  is_eja_user: boolean;
  accepted_lgpd: boolean;
  cpf: string | null;
  phone: string | null;
  birth_date: string | null;
  address_cep: string | null;
  address_street: string | null;
  address_number: string | null;
  address_complement: string | null;
  address_district: string | null;
  address_city: string | null;
  address_state: string | null;
}

/** The User of `id` with its profile fields; @throws HttpProblem 404. */
export async function loadUser(db: Db, id: number): Promise<User> {
  const [row] = await db.rows<UserRow>(sql`
    SELECT id, name, email, access_code, platform_id, is_aprovat_user, is_lxp_user, is_eja_user, accepted_lgpd,
      cpf, phone, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, address_cep, address_street, address_number,
      address_complement, address_district, address_city, address_state
    FROM users WHERE id = ${id}`);
  if (!row) throw new HttpProblem(404, 'Usuário não encontrado.');
  const hasAddress = row.address_cep !== null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    access_code: row.access_code,
    platform_id: row.platform_id,
    is_aprovat_user: row.is_aprovat_user,
    is_lxp_user: row.is_lxp_user,
    is_eja_user: row.is_eja_user,
    accepted_lgpd: row.accepted_lgpd,
    cpf: row.cpf,
    phone: row.phone,
    birth_date: row.birth_date,
    address: hasAddress
      ? {
          cep: row.address_cep ?? '',
          street: row.address_street ?? '',
          number: row.address_number ?? '',
          complement: row.address_complement,
          district: row.address_district ?? '',
          city: row.address_city ?? '',
          state: (row.address_state ?? '').trim(),
        }
      : null,
  };
}

const RULE_MESSAGES: ReadonlySet<string> = new Set(Object.values(PROFILE_RULES));

/**
 * Reads and validates the `PUT /users/self` body.
 * @throws HttpProblem 400: bad JSON, not an object, or `{ message }` with one pt-BR sentence per
 *   broken rule (e.g. `CPF inválido: confira os dígitos.`), else `Dados inválidos: <fields>`.
 */
export async function parseUserUpdate(c: Context): Promise<UserUpdateRequest> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpProblem(400, MESSAGES.badJson);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpProblem(400, 'O corpo da requisição deve ser um objeto JSON.');
  }
  const result = v.safeParse(UserUpdateRequest, body);
  if (result.success) return result.output;
  const rules = [...new Set(result.issues.map((i) => i.message).filter((m) => RULE_MESSAGES.has(m)))];
  const others = result.issues.filter((i) => !RULE_MESSAGES.has(i.message)).map((i) => v.getDotPath(i) ?? '(corpo)');
  const parts = [...rules, ...(others.length ? [`Dados inválidos: ${[...new Set(others)].join(', ')}`] : [])];
  throw new HttpProblem(400, parts.join(' '));
}

/** Applies `changes` (absent = unchanged, null = cleared) to student `id`; @returns the updated User. */
export async function updateUser(db: Db, id: number, changes: UserUpdateRequest): Promise<User> {
  if (changes.name !== undefined) await db.rows(sql`UPDATE users SET name = ${changes.name} WHERE id = ${id}`);
  if (changes.email !== undefined) await db.rows(sql`UPDATE users SET email = ${changes.email} WHERE id = ${id}`);
  if (changes.cpf !== undefined) await db.rows(sql`UPDATE users SET cpf = ${changes.cpf} WHERE id = ${id}`);
  if (changes.phone !== undefined) await db.rows(sql`UPDATE users SET phone = ${changes.phone} WHERE id = ${id}`);
  if (changes.birth_date !== undefined) {
    await db.rows(sql`UPDATE users SET birth_date = ${changes.birth_date}::date WHERE id = ${id}`);
  }
  if (changes.address !== undefined) {
    const a = changes.address;
    await db.rows(sql`
      UPDATE users SET address_cep = ${a?.cep ?? null}, address_street = ${a?.street ?? null},
        address_number = ${a?.number ?? null}, address_complement = ${a?.complement || null},
        address_district = ${a?.district ?? null}, address_city = ${a?.city ?? null},
        address_state = ${a?.state ?? null}
      WHERE id = ${id}`);
  }
  return loadUser(db, id);
}

/** Main v1 postal-code and city lookups (mounted on `/api/v1`); both need a student. */
export function profileV1Routes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/postal-code/:code/view', requireStudent(db), async (c) => {
    const raw = c.req.param('code');
    if (!/^\d{5}-?\d{3}$/.test(raw)) throw new HttpProblem(400, PROFILE_RULES.cep);
    const cep = raw.replace('-', '');
    const [row] = await db.rows<PostalCodeAddress>(sql`
      SELECT cep, street, district, city, state FROM postal_codes WHERE cep = ${cep}`);
    if (!row) throw new HttpProblem(404, 'CEP não encontrado.');
    return c.json({ data: { ...row, cep: row.cep.trim(), state: row.state.trim() } });
  });
  app.get('/cities', requireStudent(db), async (c) => {
    const state = (c.req.query('state') ?? '').toUpperCase();
    if (!isBrazilianState(state)) throw new HttpProblem(400, PROFILE_RULES.state);
    const rows = await db.rows<City>(sql`SELECT id, name, state FROM cities WHERE state = ${state} ORDER BY name`);
    return c.json({ data: rows.map((r) => ({ ...r, state: r.state.trim() })) });
  });
  return app;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Main v2 biometrics (mounted on `/api/v2`): the identity photo upload. */
export function biometricsV2Routes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/biometrics/create', requireStudent(db), async (c) => {
    const tooLarge = () => c.json({ message: 'A foto deve ter no máximo 5 MB.' }, 413);
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > BIOMETRIC_PHOTO_MAX_BYTES + 64 * 1024) return tooLarge();
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new HttpProblem(400, 'Envie a foto como multipart/form-data no campo "photo".');
    }
    const photo = form.photo;
    if (!(photo instanceof File) || photo.size === 0) {
      throw new HttpProblem(400, 'Envie a foto como multipart/form-data no campo "photo".');
    }
    if (photo.size > BIOMETRIC_PHOTO_MAX_BYTES) return tooLarge();
    const bytes = new Uint8Array(await photo.arrayBuffer());
    const type =
      photo.type === 'image/png' && startsWith(bytes, PNG_MAGIC)
        ? 'image/png'
        : photo.type === 'image/jpeg' && startsWith(bytes, JPEG_MAGIC)
          ? 'image/jpeg'
          : null;
    if (!type) return c.json({ message: 'A foto deve ser uma imagem JPEG ou PNG.' }, 415);
    // A retried upload with the same Idempotency-Key stores the photo once; the key is bound to
    // the photo's bytes (a multipart body's boundary changes between retries, its file does not).
    const fingerprint = createHash('sha256').update(`POST biometrics ${type}\n`).update(bytes).digest('hex');
    return idempotent(
      c,
      db,
      async () => {
        const [row] = await db.rows<{ id: number; created_at: string | Date }>(sql`
        INSERT INTO biometric_photos (user_id, content_type, size_bytes, bytes)
        VALUES (${c.var.student.id}, ${type}, ${bytes.byteLength}, ${Buffer.from(bytes)})
        RETURNING id, created_at`);
        return { status: 201, body: { data: { id: row!.id, created_at: new Date(row!.created_at).toISOString() } } };
      },
      fingerprint,
    );
  });
  return app;
}
