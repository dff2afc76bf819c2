// The tournament worker's entry: plain JavaScript, so that Node starts it without a TypeScript
// loader; it registers tsx in this thread and loads the worker's code (./tournament-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./tournament-worker.ts');
