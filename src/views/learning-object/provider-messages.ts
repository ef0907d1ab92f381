import { defineMessage, defineMessages } from 'react-intl';

/**
 * Texts of a provider's video or page (./provider-embed.tsx), apart from every learning object's
 * (./messages.ts): only the provider's chunk loads them (docs/performance.md).
 */
export const ProviderMessages = defineMessages({
  providerPlay: defineMessage<{ provider: string }>({
    id: 'lo.provider.play',
    defaultMessage: 'Reproduzir vídeo no {provider}',
    description:
      "A provider video's facade button (nothing loads from the provider before it is pressed); provider = YouTube, Vimeo",
  }),
  providerLoading: defineMessage<{ provider: string }>({
    id: 'lo.provider.loading',
    defaultMessage: 'Carregando o player do {provider}…',
    description: "While a provider's player code loads after the student pressed play",
  }),
  providerOffline: defineMessage<{ provider: string }>({
    id: 'lo.provider.offline',
    defaultMessage: 'Este conteúdo está no {provider} e precisa de internet. Conecte-se para abri-lo.',
    description: 'Offline, instead of a provider video or embedded page (nothing broken is shown)',
  }),
});
