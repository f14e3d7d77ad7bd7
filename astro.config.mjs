import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import tailwindcss from '@tailwindcss/vite';

// The built handler is served by main.ts (standalone handler with autostart disabled), so main.ts
// owns start-up: database, migrations and background work start before the first request.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [preact({ compat: true })],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
  // Replaced by the middleware's own check (docs/decisions/008), which lets non-browser API clients in.
  security: { checkOrigin: false },
});
