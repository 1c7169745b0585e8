/* global document, window, SwaggerUIBundle -- a browser script */
// Starts Swagger UI on the page's OpenAPI document, from a file: the Content-Security-Policy forbids inline scripts.
const root = document.getElementById('reference');
window.ui = SwaggerUIBundle({
  url: root.dataset.openapi,
  domNode: root,
  // The base layout: the standalone one's top bar carries an inline <style> the policy refuses.
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  // No badge from the online validator: the page asks nothing of another site.
  validatorUrl: null,
});
