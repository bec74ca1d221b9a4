/** Where the build writes the notices of bundled packages. */
export const NOTICES_FILE: string;
/** The package directory of a module path inside node_modules, or undefined for our own code. */
export function packageDirOf(id: string): string | undefined;
/** The rollup plugin that writes NOTICES_FILE. */
export function thirdPartyNotices(): import('rollup').Plugin;
