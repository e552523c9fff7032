/** A start-up problem: the text to print, exit status 2. */
export class StartError extends Error {}
