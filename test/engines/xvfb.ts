import { spawn, type ChildProcess } from 'node:child_process';

/** A virtual X display for a headed browser; `stop()` ends it. */
export interface Display {
  /** The DISPLAY value, e.g. `:3`. */
  name: string;
  stop(): void;
}

/** Debian's Xvfb (apt-get install -y xvfb); XVFB_PATH overrides it. */
const XVFB_PATH = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/**
 * Starts Xvfb on a display number it picks itself (-displayfd): other engineers' and CI jobs'
 * displays on the same machine are never taken.
 */
export async function startXvfb(): Promise<Display> {
  const xvfb: ChildProcess = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    xvfb.once('error', (error) => reject(new Error(`Xvfb did not start (apt-get install -y xvfb): ${error.message}`)));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
    xvfb.stdio[3]!.once('data', (data: Buffer) => resolve(String(data).trim()));
  });
  return { name: `:${number}`, stop: () => void xvfb.kill() };
}
