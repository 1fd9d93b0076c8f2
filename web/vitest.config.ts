import { fileURLToPath, URL } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const LINGUI_CONFIG = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

/** Component tests of the web client, in jsdom. */
export default defineProject({
  plugins: [
    react({ babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: getConfig({ configPath: LINGUI_CONFIG }) }]] } }),
    lingui({ configPath: LINGUI_CONFIG }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.tsx'],
  },
});
