/**
 * The one error-to-message mapping of the app (docs/errors.md): every failure a student can meet is
 * sorted by `classifyError` (services/http/errors.ts) into a kind, and each kind has one human
 * message here, in pt-BR with en/es catalogues. Technical detail (status, timeout, path) never
 * becomes the message: it goes to error reporting and at most a 'Detalhes' disclosure.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { classifyError, type ClassifiedError, type ErrorKind } from '../../services/http/errors';

export const ErrorMessages = defineMessages({
  offline: {
    id: 'common.offline.error',
    defaultMessage: 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
    description: 'Network error explanation',
  },
  timeout: {
    id: 'error.timeout.message',
    defaultMessage: 'A plataforma demorou demais para responder. Tente novamente em instantes.',
    description: 'A request timed out',
  },
  server: {
    id: 'error.server.message',
    defaultMessage: 'A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
    description: 'A 5xx answer',
  },
  malformed: {
    id: 'error.malformed.message',
    defaultMessage: 'A plataforma enviou uma resposta que não conseguimos ler. Tente novamente em instantes.',
    description: 'An answer that does not match the API contract',
  },
  unauthorized: {
    id: 'error.unauthorized.message',
    defaultMessage: 'Sua sessão expirou. Entre novamente.',
    description: 'A 401 answer outside sign-in',
  },
  forbidden: {
    id: 'error.forbidden.message',
    defaultMessage: 'Você não tem acesso a este conteúdo.',
    description: 'A 403 answer',
  },
  notFound: {
    id: 'error.notFound.message',
    defaultMessage: 'Não encontramos o que você procurava. Ele pode ter sido removido.',
    description: 'A 404 answer',
  },
  rateLimited: {
    id: 'error.rateLimited.message',
    defaultMessage: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    description: 'A 429 answer',
  },
  rejected: {
    id: 'error.rejected.message',
    defaultMessage: 'A plataforma não aceitou o pedido. Confira os dados e tente novamente.',
    description: 'A 4xx answer without a message of the platform',
  },
  unknown: {
    id: 'error.unknown.message',
    defaultMessage: 'Algo deu errado. Tente novamente.',
    description: 'Any other failure',
  },
  loginUnauthorized: {
    id: 'login.error.unauthorized',
    defaultMessage: 'Código de acesso ou senha incorretos.',
    description: 'Sign-in refused (401) without a message of the platform',
  },
  details: {
    id: 'error.details.summary',
    defaultMessage: 'Detalhes',
    description: 'Disclosure with the technical detail of a failure (for support)',
  },
});

const BY_KIND: Record<ErrorKind, MessageDescriptor> = {
  offline: ErrorMessages.offline,
  timeout: ErrorMessages.timeout,
  server: ErrorMessages.server,
  malformed: ErrorMessages.malformed,
  unauthorized: ErrorMessages.unauthorized,
  forbidden: ErrorMessages.forbidden,
  notFound: ErrorMessages.notFound,
  rateLimited: ErrorMessages.rateLimited,
  rejected: ErrorMessages.rejected,
  unknown: ErrorMessages.unknown,
};

/** Where a failure happened, when that changes its message. */
export type ErrorContext = 'login' | 'general';

/**
 * The human message of a classified failure in the page's language: the platform's own text
 * for a refused request (4xx with a message, e.g. 'Senha atual incorreta.'); on sign-in, a 401
 * without one reads 'Código de acesso ou senha incorretos.'; otherwise the kind's message.
 */
export function messageOfClassified(
  intl: IntlShape,
  failure: ClassifiedError,
  context: ErrorContext = 'general',
): string {
  if (failure.serverMessage) return failure.serverMessage;
  if (context === 'login' && failure.kind === 'unauthorized')
    return intl.formatMessage(ErrorMessages.loginUnauthorized);
  return intl.formatMessage(BY_KIND[failure.kind]);
}

/** `messageOfClassified` of any thrown value (`classifyError` first). */
export function describeError(intl: IntlShape, error: unknown, context: ErrorContext = 'general'): string {
  return messageOfClassified(intl, classifyError(error), context);
}
