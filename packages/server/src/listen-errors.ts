import { StartError } from './start-error.js';

/**
 * The start error for a port the service could not listen on, in words and with the flag to
 * change, instead of Node's `listen EADDRINUSE` and its stack trace. `what` names the listener
 * ("the service", "the metrics"), `flags` the options that set its address.
 */
export function listenError(e: unknown, what: string, host: string, port: number, flags: { port: string; host: string }): StartError {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new StartError(`${what} cannot listen on ${where}: another process listens there. Give another ${flags.port}, or stop that process.`);
    case 'EACCES':
      return new StartError(`${what} cannot listen on ${where}: permission denied (a port below 1024 needs privileges). Give a ${flags.port} of 1024 or more.`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartError(`${what} cannot listen on ${where}: ${host} is not an address of this machine. Give its address (or 0.0.0.0) with ${flags.host}.`);
    default:
      return new StartError(`${what} cannot listen on ${where}: ${(e as Error | undefined)?.message ?? String(e)}.`);
  }
}
