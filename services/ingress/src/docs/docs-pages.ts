/**
 * The pages of /docs and /: static HTML loading only this service's own files (the Content-Security-Policy of
 * docs-routes.ts allows nothing else, nothing inline).
 */
export const referencePage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Electronic invoicing service</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/docs.css">
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
</head>
<body>
<header class="docs-header">
<h1>Electronic invoicing service: API reference</h1>
<a href="/docs/openapi.json">The OpenAPI 3.1 document (JSON)</a>
</header>
<main id="reference" data-openapi="/docs/openapi.json">
<noscript>The reference needs JavaScript; the OpenAPI document is at <a href="/docs/openapi.json">/docs/openapi.json</a>.</noscript>
</main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/reference.js"></script>
</body>
</html>
`;

/** `/` where this process serves no portal (the distributed ingress): where to go from here. */
export const linksPage = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Servicio de facturación electrónica</title>
<link rel="stylesheet" href="/docs/assets/docs.css">
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
</head>
<body>
<main class="links">
<h1>Servicio de facturación electrónica</h1>
<ul>
<li><a href="/docs">Referencia de la API</a> (API reference)</li>
<li><a href="/docs/openapi.json">Documento OpenAPI 3.1</a> (JSON)</li>
</ul>
<p>El portal de administración es un proceso aparte: <code>pnpm start:distributed</code> lo abre en el puerto
de esta API más 2, en <code>/admin</code>.</p>
</main>
</body>
</html>
`;
