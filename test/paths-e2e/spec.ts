/**
 * What the browser must show, from docs/product.md (§2, §4, §9) — never from the
 * machines' own constants or helpers, so that a wrong machine or view fails the replay. The
 * constants are the oracle's (test/paths/oracle.ts `SPEC`), shared with the Vitest paths.
 */
import { SPEC } from '../paths/oracle';

/** §9 "Error screen auto-reload: 30 s, ticking every 1 s". */
export const SPEC_ERROR_COUNTDOWN_SECONDS = SPEC.errorScreen.countdownSeconds;
export const SPEC_ERROR_TICK_MS = SPEC.errorScreen.tickMs;
/** §9 "Post-login setup delay 1 s; LGPD prompt delay 1 s". */
export const SPEC_POST_LOGIN_SETUP_MS = SPEC.session.postLoginDelayMs;
export const SPEC_LGPD_PROMPT_DELAY_MS = SPEC.lgpdPromptDelayMs;
/** §9 "Session ping every 5 minutes (300000 ms)". */
export const SPEC_SESSION_PING_MS = SPEC.sessionPingMs;

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

/**
 * §2 Navigation, §4 Auth, §8 401 and "Failure fetching the current user" — the texts the pages
 * show around them (src/i18n/pt-BR.json and the reference server, the product's wording).
 */
export const SESSION = {
  /** The sign-in button while POST /auth/token is on its way. */
  signingIn: 'Entrando…',
  /** A 401 to POST /auth/token (a wrong password), src/i18n/pt-BR.json `login.error.unauthorized`. */
  wrongPassword: 'Código de acesso ou senha incorretos.',
  /** /login after a 401 from the main APIs (`expired=1`). */
  expired: 'Sua sessão expirou. Entre novamente.',
  /** An answer that cannot be read (a malformed /users/self). */
  malformed: 'A plataforma enviou uma resposta que não conseguimos ler. Tente novamente em instantes.',
  /** A signed-in route with a token and no known user while the platform does not answer. */
  waiting: 'Sem conexão com a plataforma. Você continua conectado: seus dados aparecem assim que ela responder.',
  retry: 'Tentar novamente',
  loading: 'Carregando…',
  /** 'Minha conta' (header link), its 'Dados pessoais' form, 'Salvar' and 'Dados salvos.'. */
  myAccount: 'Minha conta',
  profile: 'Dados pessoais',
  save: 'Salvar',
  saved: 'Dados salvos.',
  /** §8 "Failure loading analytics config" / "… chatbot config": the post-login setup's toasts. */
  analyticsFailed: 'Um erro inesperado ocorreu. Cód: 8',
  chatbotFailed: 'Um erro inesperado ocorreu. Cód: 7',
} as const;
/** §9 "Session token: cookie named token", §3 "User (cached in cookie 'user')". */
export const TOKEN_COOKIE = 'token';
export const USER_COOKIE = 'user';

/**
 * docs/offline.md "Updates": the 'Nova versão disponível' notice (src/i18n/pt-BR.json `pwa.update.*`,
 * the product's wording); 'Depois' asks again after 30 minutes.
 */
export const APP_UPDATE = {
  notice: 'Nova versão disponível',
  text: 'Atualize para usar a versão mais recente do Portal do Aluno.',
  accept: 'Atualizar agora',
  busy: 'Atualizando…',
  dismiss: 'Depois',
  failed: 'Não foi possível atualizar agora. Tente de novo.',
  /** The login screen's version marker (`login.version.text`). */
  version: (version: string) => `Versão ${version}`,
  remindMs: SPEC.updateRemindMs,
} as const;
