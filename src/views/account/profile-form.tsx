/**
 * The profile form of 'Minha conta' (docs/product.md §7 `PUT /users/self`,
 * `GET /postal-code/{code}/view`, `GET /cities`), shown by `<ProfileSection />` (`profile.tsx`).
 *
 * - Edits name, e-mail, CPF (000.000.000-00, check digits), phone ((XX) XXXX-XXXX /
 *   (XX) XXXXX-XXXX), birth date and the address. CPF, phone and CEP are masked inputs
 *   (`masked-input.tsx`; imask loads when one of them is first focused or touched, `masks.ts`):
 *   the server's bare digits are shown masked from the first paint.
 * - CEP: when its 8th digit arrives the lookup runs once; a known CEP fills street, district, city
 *   and state, announces 'Endereço preenchido pelo CEP.' politely and moves focus to 'Número';
 *   an unknown one says 'CEP não encontrado. Preencha o endereço.'; offline or a timeout says
 *   'Sem conexão: preencha o endereço manualmente.'. Fields stay editable in every case; 'Cidade'
 *   suggests the state's cities (`GET /cities`).
 * - No silent mismatch: street, district, city and UF belong to the CEP they were filled
 *   for (the saved one, a lookup's, or the one in the field when the student typed them). When a
 *   new CEP's lookup fails (unknown, offline, any error) they are cleared and the status adds
 *   'Rua, bairro, cidade e UF do CEP anterior foram apagados.', so the required-field checks keep
 *   a CEP and another CEP's address from being saved together.
 * - 'Salvar' validates (messages beside each field, focus on the first invalid one), then `PUT`s
 *   digits-only values; the server's 400 message is shown in an alert; on success 'Dados salvos.',
 *   the cached query is replaced and the session gets `user.refresh` (session user and cookie).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import Save from 'lucide-react/icons/save';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { putUsersSelf } from '../../services/api/users';
import { getCities, getPostalCode } from '../../services/api/profile';
import type { User } from '../../services/contract/session';
import {
  BRAZILIAN_STATES,
  isBrazilianState,
  isValidBirthDate,
  isValidCpf,
  onlyDigits,
} from '../../services/contract/profile';
import type { UserUpdateRequest } from '../../services/contract/account-requests';
import { ApiError, NetworkError, TimeoutError } from '../../services/http/errors';
import { useSessionRef } from '../session-context';
import { describeError } from '../components/query-error';
import { CEP_MASK, CPF_MASK, formatCep, formatCpf, formatPhone, PHONE_MASK, type ProfileMask } from './masks';
import { MaskedInput } from './masked-input';
import { ProfileMessages } from './profile-messages';
import { accountKeys } from '../../services/api/keys/account';
import { invalidateAfterWrite } from '../../services/api/keys/write-effects';
import { useContentVisible } from '../components/use-content-visible';

/** The form's text values (masked as shown). */
export interface ProfileValues {
  name: string;
  email: string;
  cpf: string;
  phone: string;
  birth_date: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
}
type Field = keyof ProfileValues;
type Errors = Partial<Record<Field, MessageDescriptor>>;

/** The form's values for `user` (masks applied). */
export function valuesOf(user: User): ProfileValues {
  const a = user.address;
  return {
    name: user.name,
    email: user.email ?? '',
    cpf: formatCpf(user.cpf ?? ''),
    phone: formatPhone(user.phone ?? ''),
    birth_date: user.birth_date ?? '',
    cep: formatCep(a?.cep ?? ''),
    street: a?.street ?? '',
    number: a?.number ?? '',
    complement: a?.complement ?? '',
    district: a?.district ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
  };
}

const ADDRESS_FIELDS: readonly Field[] = ['cep', 'street', 'number', 'complement', 'district', 'city', 'state'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Client-side rules (the server checks them again): name required; e-mail, CPF (check digits),
 * phone (10–11 digits), birth date optional but valid; the address is optional, but once any of
 * its fields is filled CEP (8 digits), street, number, district, city and UF are required.
 * @returns one message per invalid field, in form order.
 */
export function validateProfile(values: ProfileValues, today: Date = new Date()): Errors {
  const errors: Errors = {};
  const cpf = onlyDigits(values.cpf);
  const phone = onlyDigits(values.phone);
  if (!values.name.trim()) errors.name = ProfileMessages.nameRequired;
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = ProfileMessages.emailInvalid;
  if (cpf && !isValidCpf(cpf)) errors.cpf = ProfileMessages.cpfInvalid;
  if (phone && !/^[1-9]{2}\d{8,9}$/.test(phone)) errors.phone = ProfileMessages.phoneInvalid;
  if (values.birth_date && !isValidBirthDate(values.birth_date, today))
    errors.birth_date = ProfileMessages.birthDateInvalid;
  if (ADDRESS_FIELDS.some((f) => values[f].trim())) {
    if (onlyDigits(values.cep).length !== 8) errors.cep = ProfileMessages.cepInvalid;
    if (!values.street.trim()) errors.street = ProfileMessages.streetRequired;
    if (!values.number.trim()) errors.number = ProfileMessages.numberRequired;
    if (!values.district.trim()) errors.district = ProfileMessages.districtRequired;
    if (!values.city.trim()) errors.city = ProfileMessages.cityRequired;
    if (!isBrazilianState(values.state)) errors.state = ProfileMessages.stateRequired;
  }
  return errors;
}

/** The address fields a CEP lookup fills (and clears when a new CEP cannot be looked up). */
export const CEP_FILLED_FIELDS = ['street', 'district', 'city', 'state'] as const satisfies readonly Field[];

/**
 * After the lookup of CEP `failedCep` (8 digits) failed: the values without the address of
 * another CEP. `addressCep` is the CEP the street/district/city/UF belong to (null: to none —
 * empty, or typed while the CEP was incomplete).
 * @returns `values` with those four fields emptied and `cleared` true when they held another
 * CEP's address; otherwise `values` unchanged and `cleared` false.
 */
export function withoutStaleAddress(
  values: ProfileValues,
  addressCep: string | null,
  failedCep: string,
): { values: ProfileValues; cleared: boolean } {
  const filled = CEP_FILLED_FIELDS.some((f) => values[f].trim());
  if (!filled || addressCep === null || addressCep === failedCep) return { values, cleared: false };
  return { values: { ...values, street: '', district: '', city: '', state: '' }, cleared: true };
}

/** The CEP a saved address belongs to (digits), or null when `user` has none. */
function addressCepOf(user: User): string | null {
  const cep = onlyDigits(user.address?.cep ?? '');
  return cep && CEP_FILLED_FIELDS.some((f) => valuesOf(user)[f]) ? cep : null;
}

/** The `PUT /users/self` body of valid `values`: digits only, empty → null, no address when all empty. */
export function updateBodyOf(values: ProfileValues): UserUpdateRequest {
  const orNull = (s: string) => (s.trim() ? s.trim() : null);
  const hasAddress = ADDRESS_FIELDS.some((f) => values[f].trim());
  return {
    name: values.name.trim(),
    email: orNull(values.email),
    cpf: orNull(onlyDigits(values.cpf)),
    phone: orNull(onlyDigits(values.phone)),
    birth_date: orNull(values.birth_date),
    address: hasAddress
      ? {
          cep: onlyDigits(values.cep),
          street: values.street.trim(),
          number: values.number.trim(),
          complement: orNull(values.complement),
          district: values.district.trim(),
          city: values.city.trim(),
          state: values.state,
        }
      : null,
  };
}

/**
 * One labelled text input with its hint and error (the input is described by both). With `mask`
 * (imask's `options` and the field's library `format`, `masks.ts`) it is a masked input
 * (`masked-input.tsx`, imask once the field is first used): `value` is the masked text and
 * `onChange` gets the masked text of the student's edit (typing, pasting, deleting); the mask's
 * own echo of a new `value` prop is not reported back.
 */
function TextField(props: {
  id: string;
  name: Field;
  label: MessageDescriptor;
  value: string;
  error: MessageDescriptor | undefined;
  onChange: (value: string) => void;
  hint?: MessageDescriptor;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  autoComplete?: string;
  type?: string;
  list?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  mask?: { options: ProfileMask; format: (value: string) => string };
  children?: ReactNode;
}) {
  const intl = useIntl();
  const {
    id,
    name,
    error,
    hint,
    inputRef,
    label,
    value,
    onChange,
    type,
    inputMode,
    autoComplete,
    list,
    required,
    mask,
    children,
  } = props;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    type: type ?? 'text',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    inputMode,
    autoComplete,
    list,
    required,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{intl.formatMessage(label)}</label>
      {hint && (
        <span id={hintId!} className="field-hint">
          {intl.formatMessage(hint)}
        </span>
      )}
      {mask ? (
        <MaskedInput {...shared} mask={mask.options} format={mask.format} value={value} onChange={onChange} />
      ) : (
        <input {...shared} ref={inputRef} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <span id={errorId!} className="field-error">
          {intl.formatMessage(error)}
        </span>
      )}
      {children}
    </div>
  );
}

type CepStatus = 'looking' | 'filled' | 'notFound' | 'offline' | { failed: string } | null;

/** The form for `user` (from `GET /users/self`): masked inputs, CEP lookup, validation and save. */
export function ProfileForm({ user }: { user: User }) {
  const intl = useIntl();
  const id = useId();
  const session = useSessionRef();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user));
  const [errors, setErrors] = useState<Errors>({});
  const [cepStatus, setCepStatus] = useState<CepStatus>(null);
  const [fillCount, setFillCount] = useState(0);
  const [saved, setSaved] = useState(false);
  // The previous CEP's address was cleared after the new CEP's lookup failed (said in the status).
  const [staleCleared, setStaleCleared] = useState(false);
  const lookedUp = useRef('');
  /** The CEP (digits) the street/district/city/UF belong to; see `withoutStaleAddress`. */
  const [addressCep, setAddressCep] = useState<string | null>(() => addressCepOf(user));
  const numberRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The student's data is on screen with this commit (docs/performance.md "Content visible").
  useContentVisible('account', true);

  const validState = isBrazilianState(values.state);
  const cities = useQuery({
    queryKey: accountKeys.cities(values.state),
    queryFn: ({ signal }) => getCities(values.state, signal),
    enabled: validState,
    staleTime: Infinity,
  });

  // The values a CEP lookup's answer meets when it arrives (the lookup is asynchronous).
  const latest = useRef({ values, addressCep });
  useEffect(() => {
    latest.current = { values, addressCep };
  }, [values, addressCep]);

  // After the CEP filled the address, 'Número' is what the student types next.
  useEffect(() => {
    if (fillCount > 0) numberRef.current?.focus();
  }, [fillCount]);

  const save = useMutation({
    mutationFn: (body: UserUpdateRequest) => putUsersSelf(body),
    onSuccess: (updated) => {
      queryClient.setQueryData(accountKeys.self, updated);
      // The home (and whatever else shows the student's data) reads again; the header's name
      // follows the session's user.
      void invalidateAfterWrite(queryClient, 'profile.saved');
      session.send({ type: 'user.refresh' });
      setValues(valuesOf(updated));
      setAddressCep(addressCepOf(updated));
      setSaved(true);
    },
  });

  const set = (field: Field, value: string) => {
    if ((CEP_FILLED_FIELDS as readonly Field[]).includes(field)) {
      const cep = onlyDigits(values.cep);
      setAddressCep(cep.length === 8 ? cep : null);
    }
    setValues((old) => ({ ...old, [field]: value }));
    setSaved(false);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  /** The lookup of `cep` failed: say `status`, and drop another CEP's address. */
  const lookupFailed = (cep: string, status: Exclude<CepStatus, 'looking' | 'filled' | null>) => {
    setCepStatus(status);
    const { values: next, cleared } = withoutStaleAddress(latest.current.values, latest.current.addressCep, cep);
    if (cleared) {
      setValues((old) => ({ ...old, ...Object.fromEntries(CEP_FILLED_FIELDS.map((f) => [f, next[f]])) }));
      setErrors(({ street: _s, district: _d, city: _c, state: _u, ...rest }) => rest);
    }
    setStaleCleared(cleared);
    setAddressCep(null);
  };

  const lookUp = async (cep: string) => {
    setStaleCleared(false);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      lookupFailed(cep, 'offline');
      return;
    }
    setCepStatus('looking');
    try {
      const address = await getPostalCode(cep);
      if (lookedUp.current !== cep) return; // the CEP changed meanwhile
      setValues((old) => ({
        ...old,
        street: address.street,
        district: address.district,
        city: address.city,
        state: address.state,
      }));
      setErrors(({ street: _s, district: _d, city: _c, state: _u, ...rest }) => rest);
      setAddressCep(cep);
      setCepStatus('filled');
      setFillCount((n) => n + 1);
    } catch (error) {
      if (lookedUp.current !== cep) return;
      lookupFailed(
        cep,
        error instanceof NetworkError || error instanceof TimeoutError
          ? 'offline'
          : error instanceof ApiError && (error.status === 404 || error.status === 400)
            ? 'notFound'
            : { failed: describeError(intl, error) },
      );
    }
  };

  /** The CEP as masked: the lookup runs once when its 8th digit arrives. */
  const onCep = (masked: string) => {
    set('cep', masked);
    const digits = onlyDigits(masked);
    if (digits.length === 8) {
      if (digits !== lookedUp.current) {
        lookedUp.current = digits;
        void lookUp(digits);
      }
    } else {
      lookedUp.current = '';
      setCepStatus(null);
      setStaleCleared(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(values);
    setErrors(found);
    setSaved(false);
    const first = (Object.keys(values) as Field[]).find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    save.mutate(updateBodyOf(values));
  };

  const cepText =
    cepStatus === null
      ? ''
      : typeof cepStatus === 'object'
        ? intl.formatMessage(ProfileMessages.cepFailed, { reason: cepStatus.failed })
        : intl.formatMessage(
            {
              looking: ProfileMessages.cepLooking,
              filled: ProfileMessages.cepFilled,
              notFound: ProfileMessages.cepNotFound,
              offline: ProfileMessages.cepOffline,
            }[cepStatus],
          );
  const hasErrors = Object.keys(errors).length > 0;

  /** Props every text field shares: id, name, label, value, error and a plain setter. */
  const common = (name: Field, label: MessageDescriptor) => ({
    id: `${id}-${name}`,
    name,
    label,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => set(name, value),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="profile-form">
      <TextField {...common('name', ProfileMessages.name)} autoComplete="name" required />
      <TextField {...common('email', ProfileMessages.email)} type="email" inputMode="email" autoComplete="email" />
      <TextField
        {...common('cpf', ProfileMessages.cpf)}
        hint={ProfileMessages.cpfHint}
        inputMode="numeric"
        mask={{ options: CPF_MASK, format: formatCpf }}
      />
      <TextField
        {...common('phone', ProfileMessages.phone)}
        hint={ProfileMessages.phoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        mask={{ options: PHONE_MASK, format: formatPhone }}
      />
      <TextField {...common('birth_date', ProfileMessages.birthDate)} type="date" autoComplete="bday" />
      <fieldset className="profile-address">
        <legend>{intl.formatMessage(ProfileMessages.address)}</legend>
        <TextField
          {...common('cep', ProfileMessages.cep)}
          hint={ProfileMessages.cepHint}
          inputMode="numeric"
          autoComplete="postal-code"
          mask={{ options: CEP_MASK, format: formatCep }}
          onChange={onCep}
        >
          <span role="status" className="field-status">
            {cepText}
            {staleCleared && ` ${intl.formatMessage(ProfileMessages.cepStaleCleared)}`}
          </span>
        </TextField>
        <TextField {...common('street', ProfileMessages.street)} autoComplete="address-line1" />
        <TextField {...common('number', ProfileMessages.number)} inputRef={numberRef} />
        <TextField {...common('complement', ProfileMessages.complement)} autoComplete="address-line2" />
        <TextField {...common('district', ProfileMessages.district)} />
        <div className="field">
          <label htmlFor={`${id}-state`}>{intl.formatMessage(ProfileMessages.state)}</label>
          <select
            id={`${id}-state`}
            name="state"
            value={values.state}
            onChange={(e) => set('state', e.target.value)}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? `${id}-state-error` : undefined}
            autoComplete="address-level1"
          >
            <option value="">{intl.formatMessage(ProfileMessages.stateChoose)}</option>
            {BRAZILIAN_STATES.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </select>
          {errors.state && (
            <span id={`${id}-state-error`} className="field-error">
              {intl.formatMessage(errors.state)}
            </span>
          )}
        </div>
        <TextField {...common('city', ProfileMessages.city)} autoComplete="address-level2" list={`${id}-cities`}>
          <datalist id={`${id}-cities`}>
            {(validState ? (cities.data ?? []) : []).map((c) => (
              <option key={c.id} value={c.name} />
            ))}
          </datalist>
        </TextField>
      </fieldset>
      {hasErrors && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(ProfileMessages.fixErrors)}
        </p>
      )}
      {save.isError && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(ProfileMessages.saveFailed, { reason: describeError(intl, save.error) })}
        </p>
      )}
      <p role="status" className="profile-saved">
        {saved ? intl.formatMessage(ProfileMessages.saved) : ''}
      </p>
      <button type="submit" className="button button-primary icon-button-text" disabled={save.isPending}>
        <Save aria-hidden="true" size={20} />
        {intl.formatMessage(save.isPending ? ProfileMessages.saving : ProfileMessages.save)}
      </button>
    </form>
  );
}
