import { defineMessages } from 'react-intl';

/** Texts of the accessibility controls (the panel's content, loaded when it first opens; its button and title: ./messages.ts). */
export const AccessibilityControlsMessages = defineMessages({
  intro: {
    id: 'a11y.panel.intro',
    defaultMessage: 'As mudanças valem na hora e ficam salvas neste aparelho.',
    description: 'How settings apply',
  },
  darkMode: { id: 'a11y.darkMode.label', defaultMessage: 'Modo escuro', description: 'Dark mode switch' },
  fontSize: { id: 'a11y.fontSize.legend', defaultMessage: 'Tamanho da letra', description: 'Font size group' },
  fontSpacing: {
    id: 'a11y.fontSpacing.legend',
    defaultMessage: 'Espaçamento entre letras',
    description: 'Letter spacing group',
  },
  level1: { id: 'a11y.level.1', defaultMessage: 'Normal', description: 'Level 1 of font size or spacing' },
  level2: { id: 'a11y.level.2', defaultMessage: 'Maior', description: 'Level 2 of font size or spacing' },
  level3: { id: 'a11y.level.3', defaultMessage: 'Muito maior', description: 'Level 3 of font size or spacing' },
  language: { id: 'a11y.language.label', defaultMessage: 'Idioma', description: 'Language select' },
  volume: { id: 'a11y.volume.label', defaultMessage: 'Volume dos sons', description: 'Volume slider' },
  dataSaver: {
    id: 'a11y.dataSaver.label',
    defaultMessage: 'Economia de dados',
    description: 'Data saver switch (on by default when the browser asks to save data)',
  },
  dataSaverHint: {
    id: 'a11y.dataSaver.hint',
    defaultMessage:
      'Vídeos e áudios só carregam quando você dá o play e as imagens só quando aparecem na tela. Downloads grandes na rede móvel pedem confirmação.',
    description: 'What the data saver does',
  },
  libras: {
    id: 'a11y.libras.label',
    defaultMessage: 'Tradução em Libras (VLibras)',
    description: 'Sign language widget switch',
  },
  librasLoading: { id: 'a11y.libras.loading', defaultMessage: 'Carregando o VLibras…', description: 'Loading' },
  librasOn: { id: 'a11y.libras.on', defaultMessage: 'VLibras ativo.', description: 'Widget shown' },
  librasFailed: {
    id: 'a11y.libras.failed',
    defaultMessage: 'Não foi possível carregar o VLibras agora. O portal continua funcionando normalmente.',
    description: 'Widget failed to load',
  },
  librasRetry: { id: 'a11y.libras.retry', defaultMessage: 'Tentar de novo', description: 'Retry loading VLibras' },
  reset: { id: 'a11y.reset.button', defaultMessage: 'Restaurar padrões', description: 'Reset all settings' },
  close: { id: 'a11y.close.button', defaultMessage: 'Fechar', description: 'Close the dialog' },
});

/** Names of the languages, each in its own language (never translated). */
export const LANGUAGE_NAMES = { 'pt-BR': 'Português (Brasil)', en: 'English', es: 'Español' } as const;
