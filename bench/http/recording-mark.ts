/** The line the load generator (load.ts) writes to stderr when its warm-up is over and its recorded phase starts. */
export const RECORDING_MARK = 'agwx-load: recording';
