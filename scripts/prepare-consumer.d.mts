/** The file a finished preparation leaves in its root: a root without it is not to be used. */
export declare const READY_FILE: string;
/** Fills `root` (an empty folder) with the consumer suite's two projects, then writes its ready file. */
export declare function prepareConsumer(root: string): void;
