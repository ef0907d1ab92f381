/**
 * 'Muitas tentativas. Tente novamente em M:SS': when the platform answers a form with
 * 429 and a `Retry-After`, the form waits that long (the submit button disabled) and says how long
 * is left. The countdown is the `cooldownMachine`'s; screen readers hear the sentence once, when it
 * appears (the ticking time is hidden from them, the first time is in a hidden copy).
 */
import { useEffect } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useActorRef, useSelector } from '@xstate/react';
import { cooldownMachine, formatMinutesSeconds } from '../../machines/cooldown.machine';
import { classifyError, type ClassifiedError } from '../../services/http/errors';

export const RateLimitMessages = defineMessages({
  wait: defineMessage<{ time: string }>({
    id: 'rateLimit.wait.text',
    defaultMessage: 'Muitas tentativas. Tente novamente em {time}',
    description: 'A form was refused with 429; time is M:SS left before it can be sent again',
  }),
});

/** Wait when the platform did not say how long (no Retry-After), s. */
export const DEFAULT_COOLDOWN_S = 60;

const isClassified = (value: unknown): value is ClassifiedError =>
  typeof value === 'object' && value !== null && 'kind' in value && 'detail' in value;

/**
 * Follows the last failure of a form: a 429 starts the countdown from its `Retry-After` (60 s
 * without one). @param failure the thrown error or an already classified one (null: none); a new
 * failure object restarts the count.
 * @returns `{ cooling, remainingS, startedS }`: whether the form must wait, seconds left, and the
 *   seconds it started from.
 */
export function useRateLimitCooldown(failure: unknown): { cooling: boolean; remainingS: number; startedS: number } {
  const actor = useActorRef(cooldownMachine);
  const cooling = useSelector(actor, (s) => s.hasTag('cooling'));
  const remainingS = useSelector(actor, (s) => s.context.remainingS);
  const classified =
    failure === null || failure === undefined ? null : isClassified(failure) ? failure : classifyError(failure);
  const startedS =
    classified?.kind === 'rateLimited'
      ? Math.max(1, Math.ceil((classified.retryAfterMs ?? DEFAULT_COOLDOWN_S * 1000) / 1000))
      : 0;
  // Forward the fact "the platform asked to wait" into the actor, once per failure.
  useEffect(() => {
    if (startedS > 0) actor.send({ type: 'cooldown.start', seconds: startedS });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure object
  }, [actor, failure]);
  return { cooling, remainingS, startedS };
}

/** The sentence with the time left; read once by screen readers. */
export function RateLimitNotice({ remainingS, startedS, id }: { remainingS: number; startedS: number; id?: string }) {
  const intl = useIntl();
  return (
    <p id={id} className="notice notice-error" role="status" tabIndex={-1}>
      <span className="sr-only">
        {intl.formatMessage(RateLimitMessages.wait, { time: formatMinutesSeconds(startedS) })}
      </span>
      <span aria-hidden="true">
        {intl.formatMessage(RateLimitMessages.wait, { time: formatMinutesSeconds(remainingS) })}
      </span>
    </p>
  );
}
