-- 0011: the account profile (docs/product.md §7 GET/PUT /users/self, GET /postal-code/{code}/view,
-- GET /cities, v2 POST /biometrics/create). CPF, phone and CEP are stored as digits only;
-- every new user column is nullable, so existing students are unaffected.

ALTER TABLE users
  ADD COLUMN cpf text CHECK (cpf ~ '^[0-9]{11}$'),
  ADD COLUMN phone text CHECK (phone ~ '^[0-9]{10,11}$'),
  ADD COLUMN birth_date date,
  ADD COLUMN address_cep text CHECK (address_cep ~ '^[0-9]{8}$'),
  ADD COLUMN address_street text,
  ADD COLUMN address_number text,
  ADD COLUMN address_complement text,
  ADD COLUMN address_district text,
  ADD COLUMN address_city text,
  ADD COLUMN address_state char(2);

-- The CEPs the demo postal-code lookup knows (seeded by server/seed-profile.ts).
CREATE TABLE postal_codes (
  cep char(8) PRIMARY KEY CHECK (cep ~ '^[0-9]{8}$'),
  street text NOT NULL,
  district text NOT NULL,
  city text NOT NULL,
  state char(2) NOT NULL
);

-- Cities by state for the address form (a small seeded list, not the IBGE table).
CREATE TABLE cities (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (name <> ''),
  state char(2) NOT NULL,
  UNIQUE (state, name)
);

-- Identity photos for biometrics: the bytes as uploaded (JPEG or PNG, at most 5 MB).
CREATE TABLE biometric_photos (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX biometric_photos_user ON biometric_photos (user_id, created_at DESC);
