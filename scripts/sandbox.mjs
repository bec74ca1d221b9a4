// `npm run sandbox`: starts the built sandbox, building dist/ first only when one of its inputs
// changed (scripts/build-if-stale.mjs), so a current dist starts in about a second.
import { buildPackage } from './build-if-stale.mjs';

await buildPackage().catch((error) => {
  console.error(error);
  process.exit(1);
});
await import('../dist/sandbox/cli.js');
