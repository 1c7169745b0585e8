import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashPassword, passwordMatches, PASSWORD_MAX, PASSWORD_MIN } from '../auth/passwords.ts';
import { isKnownDevice, rememberDevice } from '../auth/device.ts';
import { ResetMails } from '../auth/reset-mails.ts';
import type { LoginThrottle } from '../auth/throttle.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { SESSION_COOKIE, setCookie, startSession } from '../auth/visitor.ts';
import { PortalError } from '../errors.ts';
import { csrfField, field, notice, type FieldErrors } from '../html/form.ts';
import { html, type Html } from '../html/html.ts';
import { portalRefusals } from '../pages/messages.ts';
import type { PortalDeps } from '../portal-deps.ts';
import { exact, sendPage, text } from './guard.ts';

const HOUR = 3_600_000;
const normalizeEmail = (email: string) => email.trim().toLowerCase();
const isEmail = (email: string) => email.length <= 254 && z.email().safeParse(email).success;

function passwordErrors(password: string, repeat: string): FieldErrors {
  if (password.length < PASSWORD_MIN)
    return { password: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.` };
  if (password.length > PASSWORD_MAX) return { password: `La contraseña admite hasta ${PASSWORD_MAX} caracteres.` };
  if (password !== repeat) return { repeat: 'Las dos contraseñas no coinciden.' };
  return {};
}

/** Sign-up, email confirmation, login, logout, password reset: no answer tells whether an email has an account. */
export function accountRoutes(scope: FastifyInstance, deps: PortalDeps, throttle: LoginThrottle): void {
  const { accounts, mail, clock } = deps;
  const link = (path: string, token: string) => `${deps.baseUrl}/admin/${path}?token=${token}`;

  scope.get('/', async (request, reply) =>
    reply.redirect(request.visitor.account ? '/admin/onboarding' : '/admin/login', 303),
  );

  const signupForm = (csrf: string, email: string, errors: FieldErrors, top?: Html) => html`${top}
<form class="card" method="post" action="/admin/signup" novalidate>
  ${csrfField(csrf)}
  ${field({ name: 'email', label: 'Correo electrónico', type: 'email', value: email, errors, autocomplete: 'email' })}
  ${field({ name: 'password', label: 'Contraseña', type: 'password', errors, autocomplete: 'new-password', hint: `Al menos ${PASSWORD_MIN} caracteres.` })}
  ${field({ name: 'repeat', label: 'Repita la contraseña', type: 'password', errors, autocomplete: 'new-password' })}
  <button type="submit">Crear cuenta</button>
</form>
<p>¿Ya tiene cuenta? <a href="/admin/login">Inicie sesión</a>.</p>`;

  scope.get('/signup', async (request, reply) =>
    sendPage(request, reply, { title: 'Crear cuenta', body: signupForm(request.visitor.csrf, '', {}) }),
  );

  scope.post('/signup', async (request, reply) => {
    const email = normalizeEmail(text(request.body, 'email'));
    const password = exact(request.body, 'password');
    const errors = {
      ...(isEmail(email) ? {} : { email: 'Escriba un correo válido.' }),
      ...passwordErrors(password, exact(request.body, 'repeat')),
    };
    if (Object.keys(errors).length > 0) {
      return sendPage(request, reply, {
        title: 'Crear cuenta',
        status: 422,
        body: signupForm(
          request.visitor.csrf,
          email,
          errors,
          notice('error', portalRefusals.FORM_INVALID, 'FORM_INVALID', {
            errors,
            labels: { email: 'Correo electrónico', password: 'Contraseña', repeat: 'Repita la contraseña' },
          }),
        ),
      });
    }
    const passwordHash = await hashPassword(password); // also for a taken email: both answers take as long
    const created = await accounts.createAccount(
      { id: randomUUID(), email, passwordHash, tenantId: `t${randomBytes(8).toString('hex')}` },
      clock.now(),
    );
    const account = (await accounts.accountByEmail(email))!;
    if (created) {
      const token = newToken();
      await accounts.saveToken(tokenHash(token), account.id, 'confirm', new Date(clock.now().getTime() + 24 * HOUR));
      await mail.send({
        to: email,
        subject: 'Confirme su correo',
        text: `Para activar su cuenta del portal de facturación electrónica abra este enlace (vence en 24 horas):\n\n${link('confirm', token)}\n\nSi usted no creó la cuenta, ignore este mensaje.\n`,
      });
    } else if (await throttle.allowMail(email, clock.now())) {
      // a new account's one confirmation always goes; these are limited
      await mail.send({
        to: email,
        subject: 'Intento de registro con su correo',
        text: `Alguien intentó crear una cuenta con este correo, que ya tiene una. Si fue usted, inicie sesión en ${deps.baseUrl}/admin/login o restablezca su contraseña en ${deps.baseUrl}/admin/password.\n`,
      });
    }
    return reply.redirect('/admin/signup/sent', 303); // the same answer whether or not the email had an account
  });

  scope.get('/signup/sent', async (request, reply) =>
    sendPage(request, reply, {
      title: 'Revise su correo',
      body: html`${notice('ok', 'Le enviamos un enlace para confirmar su correo. Ábralo para continuar.')}<p>Si no lo ve en unos minutos, revise la carpeta de correo no deseado.</p>`,
    }),
  );

  scope.get('/confirm', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const accountId =
      typeof token === 'string' ? await accounts.takeToken(tokenHash(token), 'confirm', clock.now()) : undefined;
    if (!accountId) throw new PortalError('TOKEN_INVALID');
    await accounts.confirm(accountId, clock.now());
    await startSession(reply, deps, accountId, request.visitor.sessionToken);
    return reply.redirect('/admin/onboarding', 303);
  });

  const loginForm = (csrf: string, email: string, top?: Html) => html`${top}
<form class="card" method="post" action="/admin/login" novalidate>
  ${csrfField(csrf)}
  ${field({ name: 'email', label: 'Correo electrónico', type: 'email', value: email, errors: {}, autocomplete: 'username' })}
  ${field({ name: 'password', label: 'Contraseña', type: 'password', errors: {}, autocomplete: 'current-password' })}
  <button type="submit">Iniciar sesión</button>
</form>
<p><a href="/admin/signup">Crear una cuenta</a> · <a href="/admin/password">Olvidé mi contraseña</a></p>`;

  scope.get('/login', async (request, reply) =>
    sendPage(request, reply, { title: 'Iniciar sesión', body: loginForm(request.visitor.csrf, '') }),
  );

  scope.post('/login', async (request, reply) => {
    const email = normalizeEmail(text(request.body, 'email'));
    const now = clock.now();
    const knownDevice = isKnownDevice(request, deps.csrfKey, email);
    const { locked } = await throttle.beginLogin(email, request.ip, now, knownDevice);
    const account = await accounts.accountByEmail(email);
    // also when locked: both answers take as long
    const matches = await passwordMatches(account?.passwordHash, exact(request.body, 'password'));
    if (locked || !matches || !account?.confirmedAt) {
      if (!locked) await throttle.loginFailed(email, request.ip, now);
      // no email: the log is not an account list
      deps.logger.info({ event: 'portal.login_failed' }, 'portal login refused');
      return sendPage(request, reply, {
        title: 'Iniciar sesión',
        status: 401,
        body: loginForm(request.visitor.csrf, email, notice('error', portalRefusals.LOGIN_FAILED, 'LOGIN_FAILED')),
      });
    }
    await throttle.loginSucceeded(email, request.ip);
    await startSession(reply, deps, account.id, request.visitor.sessionToken);
    rememberDevice(reply, deps, email);
    return reply.redirect('/admin/onboarding', 303);
  });

  scope.post('/logout', async (request, reply) => {
    if (request.visitor.sessionToken) await accounts.deleteSession(tokenHash(request.visitor.sessionToken));
    setCookie(reply, deps, SESSION_COOKIE, '', 0);
    return reply.redirect('/admin/login', 303);
  });

  const resetRequestForm = (csrf: string, top?: Html) => html`${top}
<form class="card" method="post" action="/admin/password" novalidate>
  ${csrfField(csrf)}
  ${field({ name: 'email', label: 'Correo electrónico', type: 'email', errors: {}, autocomplete: 'email' })}
  <button type="submit">Enviar enlace</button>
</form>`;

  scope.get('/password', async (request, reply) =>
    sendPage(request, reply, { title: 'Restablecer contraseña', body: resetRequestForm(request.visitor.csrf) }),
  );

  const resets = new ResetMails(deps, throttle);
  const asked = new WeakMap<object, string>();
  scope.addHook('onClose', () => resets.drain());
  // Queued once the answer has gone: nothing on the request path depends on the email.
  const queueReset = async (request: object) => {
    const email = asked.get(request);
    if (email !== undefined) resets.request(email);
  };
  scope.post('/password', { onResponse: queueReset }, async (request, reply) => {
    const email = normalizeEmail(text(request.body, 'email'));
    if (isEmail(email)) asked.set(request, email);
    return reply.redirect('/admin/password/sent', 303);
  });

  scope.get('/password/sent', async (request, reply) =>
    sendPage(request, reply, {
      title: 'Revise su correo',
      body: notice('ok', 'Si existe una cuenta con ese correo, le enviamos un enlace para restablecer la contraseña.'),
    }),
  );

  const newPasswordForm = (csrf: string, token: string, errors: FieldErrors, top?: Html) => html`${top}
<form class="card" method="post" action="/admin/password/new" novalidate>
  ${csrfField(csrf)}<input type="hidden" name="token" value="${token}">
  ${field({ name: 'password', label: 'Contraseña nueva', type: 'password', errors, autocomplete: 'new-password', hint: `Al menos ${PASSWORD_MIN} caracteres.` })}
  ${field({ name: 'repeat', label: 'Repita la contraseña', type: 'password', errors, autocomplete: 'new-password' })}
  <button type="submit">Guardar contraseña</button>
</form>`;

  scope.get('/password/new', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    return sendPage(request, reply, {
      title: 'Contraseña nueva',
      body: newPasswordForm(request.visitor.csrf, typeof token === 'string' ? token : '', {}),
    });
  });

  scope.post('/password/new', async (request, reply) => {
    const token = text(request.body, 'token');
    const password = exact(request.body, 'password');
    const errors = passwordErrors(password, exact(request.body, 'repeat'));
    if (Object.keys(errors).length > 0) {
      return sendPage(request, reply, {
        title: 'Contraseña nueva',
        status: 422,
        body: newPasswordForm(
          request.visitor.csrf,
          token,
          errors,
          notice('error', portalRefusals.FORM_INVALID, 'FORM_INVALID', {
            errors,
            labels: { password: 'Contraseña nueva', repeat: 'Repita la contraseña' },
          }),
        ),
      });
    }
    const accountId = await accounts.takeToken(tokenHash(token), 'reset', clock.now());
    if (!accountId) throw new PortalError('TOKEN_INVALID');
    await accounts.setPassword(accountId, await hashPassword(password));
    await accounts.deleteSessionsOf(accountId); // a stolen session ends with the old password
    await accounts.confirm(accountId, clock.now()); // the link proved the address
    await startSession(reply, deps, accountId, undefined);
    // the mailed link proves the owner: this browser logs in whatever guesses others spread over many addresses
    const account = await accounts.accountById(accountId);
    if (account) rememberDevice(reply, deps, account.email);
    return reply.redirect('/admin/onboarding', 303);
  });
}
