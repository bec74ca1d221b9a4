/** The SDK's version (kept equal to package.json by a unit test). */
export const version = '0.1.0';
