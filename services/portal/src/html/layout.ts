import { html, type Html } from './html.ts';

export type Nav = 'onboarding' | 'settings' | 'invoices' | 'received' | undefined;

/**
 * Every page in one frame, with one stylesheet and script from /admin/assets, since the Content-Security-Policy
 * allows nothing inline.
 */
export function layout(options: {
  title: string;
  body: Html;
  account?: { email: string; csrf: string };
  nav?: Nav;
  /** Above the title: the tenant's banners (html/banners.ts), when there are any. */
  banner?: Html | '';
}): string {
  const { title, body, account, nav, banner } = options;
  const link = (href: string, label: string, key: Nav) =>
    html`<a href="${href}"${key === nav ? html` aria-current="page"` : ''}>${label}</a>`;
  return `<!doctype html>${
    html`<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Facturación electrónica</title>
<link rel="stylesheet" href="/admin/assets/portal.css">
<script src="/admin/assets/portal.js" defer></script>
</head>
<body>
<header class="top">
  <a class="brand" href="/admin">Facturación electrónica</a>
  ${
    account
      ? html`<nav>
    ${link('/admin/onboarding', 'Configuración inicial', 'onboarding')}
    ${link('/admin/settings', 'Ajustes', 'settings')}
    ${link('/admin/invoices', 'Facturas', 'invoices')}
    ${link('/admin/received', 'Facturas recibidas', 'received')}
    <form method="post" action="/admin/logout" class="inline"><input type="hidden" name="csrf" value="${account.csrf}"><button class="link" type="submit">Salir</button></form>
  </nav>`
      : ''
  }
</header>
<main>
${banner ?? ''}<h1>${title}</h1>
${body}
</main>
<div id="announcer" class="visually-hidden" role="status" aria-live="polite"></div>
<footer>${account ? html`Sesión de ${account.email}` : 'Portal de administración'}</footer>
</body>
</html>`.text
  }`;
}
