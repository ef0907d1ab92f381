/**
 * Demo data of the account profile, a seed step of `seed-additions.ts`: the CEPs the
 * reference `GET /postal-code/{code}/view` knows (10 real-looking addresses across states) and
 * a small list of cities per state for `GET /cities?state=UF` (each CEP's city is in it).
 * Idempotent: ON CONFLICT DO NOTHING on the CEP and on (state, name).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

/** [cep, street, district, city, state] */
export const DEMO_POSTAL_CODES: readonly [string, string, string, string, string][] = [
  ['01310100', 'Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP'],
  ['20040020', 'Rua da Assembleia', 'Centro', 'Rio de Janeiro', 'RJ'],
  ['70040010', 'Setor Bancário Sul Quadra 1', 'Asa Sul', 'Brasília', 'DF'],
  ['30130010', 'Avenida Afonso Pena', 'Centro', 'Belo Horizonte', 'MG'],
  ['40020000', 'Avenida Sete de Setembro', 'Centro', 'Salvador', 'BA'],
  ['80010000', 'Rua XV de Novembro', 'Centro', 'Curitiba', 'PR'],
  ['90010150', 'Rua dos Andradas', 'Centro Histórico', 'Porto Alegre', 'RS'],
  ['50030230', 'Avenida Guararapes', 'Santo Antônio', 'Recife', 'PE'],
  ['60060440', 'Rua Barão do Rio Branco', 'Centro', 'Fortaleza', 'CE'],
  ['69005070', 'Avenida Eduardo Ribeiro', 'Centro', 'Manaus', 'AM'],
];

/** Demo cities by state (a few each; every CEP's city is listed). */
export const DEMO_CITIES: Readonly<Record<string, readonly string[]>> = {
  SP: ['São Paulo', 'Campinas', 'Santos', 'Ribeirão Preto', 'São José dos Campos'],
  RJ: ['Rio de Janeiro', 'Niterói', 'Petrópolis', 'Duque de Caxias'],
  DF: ['Brasília'],
  MG: ['Belo Horizonte', 'Uberlândia', 'Juiz de Fora', 'Contagem'],
  BA: ['Salvador', 'Feira de Santana', 'Vitória da Conquista'],
  PR: ['Curitiba', 'Londrina', 'Maringá'],
  RS: ['Porto Alegre', 'Caxias do Sul', 'Pelotas'],
  PE: ['Recife', 'Olinda', 'Caruaru'],
  CE: ['Fortaleza', 'Juazeiro do Norte', 'Sobral'],
  AM: ['Manaus', 'Parintins'],
};

/** Inserts the demo CEPs and cities that are missing. @returns true when it inserted something. */
export async function seedProfile(db: Db): Promise<boolean> {
  let inserted = 0;
  for (const [cep, street, district, city, state] of DEMO_POSTAL_CODES) {
    const rows = await db.rows(sql`
      INSERT INTO postal_codes (cep, street, district, city, state)
      VALUES (${cep}, ${street}, ${district}, ${city}, ${state})
      ON CONFLICT DO NOTHING RETURNING cep`);
    inserted += rows.length;
  }
  for (const [state, names] of Object.entries(DEMO_CITIES)) {
    for (const name of names) {
      const rows = await db.rows(sql`
        INSERT INTO cities (name, state) VALUES (${name}, ${state}) ON CONFLICT DO NOTHING RETURNING id`);
      inserted += rows.length;
    }
  }
  return inserted > 0;
}
