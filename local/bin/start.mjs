#!/usr/bin/env node
/**
 * Launcher of the local stack (`npm start`, `npm run dev`): registers tsx in this process so the
 * TypeScript entry runs without a build step or a second Node process, then runs it.
 */
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
