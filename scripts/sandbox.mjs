// `npm run sandbox`: starts the built sandbox, rebuilding first only when a source is newer than
// the build, so a current dist starts in about a second.
import { buildIfStale } from './build-if-stale.mjs';

if (!buildIfStale()) process.exit(1);
await import('../dist/sandbox/cli.js');
