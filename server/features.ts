/**
 * Demo features of the reference server and their switches for production (server/README.md "Abuse resistance").
 *
 * | feature                                              | env             | default                     | NODE_ENV=production      |
 * | ---------------------------------------------------- | --------------- | --------------------------- | ------------------------ |
 * | dev mail outbox `GET /api/dev/mail`, `…/expire-codes` | `DEV_MAIL=1`    | off                         | always off (no override) |
 * | demo payment `POST /api/erp/v1/demo/charges/…/mark-paid` | `DEMO_PAYMENTS` | on (`0` = off)           | off unless `=1`          |
 * | widget stand-ins `/api/standins/*`                    | `STANDINS`      | on (`0` = off)              | off unless `=1`          |
 *
 * The dev mail outbox shows every student's password-reset code to whoever asks, so it is
 * never on in production, whatever `DEV_MAIL` says. Read per request (tests flip them).
 */

export interface DemoFeatures {
  /** `GET /api/dev/mail` and `POST /api/dev/mail/expire-codes` answer. */
  devMail: boolean;
  /** `POST /api/erp/v1/demo/charges/:txid/mark-paid` answers. */
  demoPayments: boolean;
  /** `/api/standins/*` (stand-ins of the third-party widgets) answer. */
  standins: boolean;
}

const isProduction = (env: NodeJS.ProcessEnv) => env.NODE_ENV === 'production';

/** On by default, `0` turns it off; in production off unless explicitly `1`. */
const demoSwitch = (env: NodeJS.ProcessEnv, value: string | undefined): boolean =>
  isProduction(env) ? value === '1' : value !== '0';

/** @returns which demo features are on for `env` (default `process.env`); see the table above. */
export function demoFeatures(env: NodeJS.ProcessEnv = process.env): DemoFeatures {
  return {
    devMail: env.DEV_MAIL === '1' && !isProduction(env),
    demoPayments: demoSwitch(env, env.DEMO_PAYMENTS),
    standins: demoSwitch(env, env.STANDINS),
  };
}

/** One line for the start banner, e.g. `dev mail outbox OFF · demo payments ON · widget stand-ins ON`. */
export function describeDemoFeatures(env: NodeJS.ProcessEnv = process.env): string {
  const f = demoFeatures(env);
  const onOff = (on: boolean) => (on ? 'ON' : 'off');
  const ignored =
    env.DEV_MAIL === '1' && isProduction(env) ? ' (DEV_MAIL=1 ignored: never on with NODE_ENV=production)' : '';
  return (
    `dev mail outbox (GET /api/dev/mail, DEV_MAIL=1) ${onOff(f.devMail)}${ignored} · ` +
    `demo payments (mark-paid, DEMO_PAYMENTS) ${onOff(f.demoPayments)} · ` +
    `widget stand-ins (/api/standins, STANDINS) ${onOff(f.standins)}`
  );
}
