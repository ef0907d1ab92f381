/**
 * Client-side rules of a new password (reset and change password): at least
 * `MIN_PASSWORD_LENGTH` (8) characters, and the confirmation must match. The server checks
 * the length again.
 */
import type { MessageDescriptor } from 'react-intl';
import { MIN_PASSWORD_LENGTH } from '../../services/contract/account';
import { PasswordRuleMessages } from './new-password-messages';

/** Field name → message of each invalid field, in the form's order. */
export type FieldErrors<K extends string> = Partial<Record<K, MessageDescriptor>>;

/**
 * @param newPassword the new password as typed.
 * @param confirmation its confirmation.
 * @returns the errors of `newPassword` and `confirmation` (empty when both are valid).
 */
export function newPasswordErrors(
  newPassword: string,
  confirmation: string,
): FieldErrors<'newPassword' | 'confirmation'> {
  const errors: FieldErrors<'newPassword' | 'confirmation'> = {};
  if (!newPassword) errors.newPassword = PasswordRuleMessages.required;
  else if (newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = PasswordRuleMessages.tooShort;
  if (!confirmation) errors.confirmation = PasswordRuleMessages.confirmationRequired;
  else if (newPassword && confirmation !== newPassword) errors.confirmation = PasswordRuleMessages.mismatch;
  return errors;
}

/**
 * Focuses the first field of `order` that has an error (by its `name` in `form`), so that
 * keyboard and screen reader users land on what to fix.
 */
export function focusFirstInvalid<K extends string>(
  form: HTMLFormElement | null,
  order: readonly K[],
  errors: FieldErrors<K>,
): void {
  const first = order.find((name) => errors[name]);
  if (!form || !first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}
