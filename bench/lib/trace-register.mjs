import { register } from 'node:module';

register('./trace-hooks.mjs', import.meta.url);
