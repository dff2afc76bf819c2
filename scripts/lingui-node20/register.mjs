// Imported first (node --import, or before Lingui's dynamic import in the Vite configs): see ./hook.mjs.
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') register('./hook.mjs', import.meta.url);
