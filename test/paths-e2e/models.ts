/**
 * The machines replayed in the browser (`npm run test:paths:e2e`), and those not yet — listed in
 * the report and docs/testing.md with the reason.
 */
import type { AnyMachineModel } from './model';
import { accessibilityModel } from './accessibility.model';
import { appUpdateModel } from './app-update.model';
import { bootModel } from './boot.model';
import { generatePlans, type Plan } from './plans';
import { errorScreenModel } from './error-screen.model';
import { lgpdConsentModel } from './lgpd-consent.model';
import { lifecycleModel } from './lifecycle.model';
import { pixPaymentModel } from './pix-payment.model';
import { sessionModel } from './session.model';

export const MODELS: AnyMachineModel[] = [
  errorScreenModel,
  lgpdConsentModel,
  lifecycleModel,
  pixPaymentModel,
  accessibilityModel,
  sessionModel,
  bootModel,
  appUpdateModel,
];

/** Machines that have no browser model yet: name → why. */
export const NOT_YET: Record<string, string> = {};

/** The transition-covering paths of a model's machine (./plans.ts). */
export const plansOf = (model: AnyMachineModel): Plan[] =>
  generatePlans({ machine: model.machine, excluded: model.excluded, ...model.generate });
