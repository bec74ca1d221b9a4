import type { EngineDriver, EngineName } from './engine-driver';
import { launchFirefox } from './firefox-driver';
import { launchWebKit } from './webkit-driver';

/** The engine this run drives: ENGINE=firefox or ENGINE=webkit (scripts/test-all.mjs runs each). */
export function engineName(): EngineName {
  const name = process.env.ENGINE;
  if (name === 'firefox' || name === 'webkit') return name;
  throw new Error(`Set ENGINE=firefox or ENGINE=webkit (got ${String(name)}).`);
}

/** Starts the engine's browser; a missing browser throws, so it fails the suite rather than skip it. */
export function launchEngine(name: EngineName = engineName()): Promise<EngineDriver> {
  return name === 'firefox' ? launchFirefox() : launchWebKit();
}
