import { API_DOCS_ASSETS } from '@torcedor/shared/constants';

/**
 * The API reference page: Swagger UI rendering /api/openapi.json. Its script and styles are served by the web
 * build from our own origin (web/vite.config.ts copies them under API_DOCS_ASSETS), so the page makes no
 * outside request and passes the app's Content-Security-Policy (no inline script).
 */
export const API_DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="The Torcedor API reference, generated from the routes manifest.">
<title>Torcedor API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${API_DOCS_ASSETS}/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"><noscript>The API reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
<script src="${API_DOCS_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_ASSETS}/init.js"></script>
</body>
</html>
`;
