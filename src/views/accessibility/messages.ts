import { defineMessages } from 'react-intl';

/**
 * Texts of the accessibility settings that every page shows from its first render (the button, the
 * panel's title); the controls' own texts load with them (./controls-messages.ts).
 */
export const AccessibilityMessages = defineMessages({
  open: { id: 'a11y.open.button', defaultMessage: 'Acessibilidade', description: 'Opens the accessibility settings' },
  title: { id: 'a11y.panel.title', defaultMessage: 'Acessibilidade', description: 'Settings dialog title' },
});
