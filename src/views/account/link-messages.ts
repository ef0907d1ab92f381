import { defineMessages } from 'react-intl';

/**
 * The header link to /conta (signed-in layout): a module of its own, so the security sections'
 * texts (./security-messages.ts) load with 'Minha conta', not with every signed-in screen.
 */
export const AccountLinkMessages = defineMessages({
  myAccount: { id: 'layout.account.link', defaultMessage: 'Minha conta', description: 'Header link to /conta' },
});
