/**
 * What the browser must show, from the spec (/work/shared/spec.md §2, §4, §9) — never from the
 * machines' own constants or helpers, so that a wrong machine or view fails the replay.
 */

/** §9 "Error screen auto-reload: 30 s, ticking every 1 s". */
export const SPEC_ERROR_COUNTDOWN_SECONDS = 30;
export const SPEC_ERROR_TICK_MS = 1000;
/** §9 "Post-login setup delay 1 s; LGPD prompt delay 1 s". */
export const SPEC_POST_LOGIN_SETUP_MS = 1000;
export const SPEC_LGPD_PROMPT_DELAY_MS = 1000;
/** §9 "Session ping every 5 minutes (300000 ms)". */
export const SPEC_SESSION_PING_MS = 300_000;

/** §2 Error screen. */
export const ERROR_SCREEN = {
  title: 'Ops! Algo deu errado :(',
  hint: 'Por favor, tente novamente e se o problema persistir, entre em contato com o responsável.',
  refresh: 'Atualizar',
  code: 'Registro de erro: Cód.',
  /** 'Atualizando em: 0:NN' (seconds, two digits). */
  countdown: (seconds: number) =>
    `Atualizando em: ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  /** Beyond the spec (docs/offline.md): the countdown pauses offline and says so. */
  offline: 'Sem conexão: a contagem continua quando a internet voltar.',
} as const;

/** §4 LGPD, the dialog's texts (src/i18n/pt-BR.json, the product's wording). */
export const LGPD = {
  dialog: 'Privacidade e proteção de dados',
  accept: 'Aceitar',
  accepting: 'Registrando aceite…',
  later: 'Decidir depois',
  failed: 'Não foi possível registrar o seu aceite.',
  serverReason: 'A plataforma está com instabilidade no momento. Tente novamente em alguns minutos.',
} as const;

/** The layout's landmarks and links (by accessible name). */
export const LAYOUT = {
  nav: 'Navegação principal',
  /** The header's brand link to /home (platform 1's name in the seed). */
  home: 'Escola Aprender',
  courses: 'Cursos',
  signOut: 'Sair',
  accessCode: 'Código de acesso',
  password: 'Senha',
  signIn: 'Entrar',
} as const;
