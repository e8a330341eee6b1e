import os from 'node:os';

/**
 * Runs `child` (the server) as this process's stand-in, as a process manager expects of `npm start`:
 * the signals this process gets are passed on, this process exits when the child does, with its
 * code, and the child is stopped when the process that started this one is gone.
 *
 * The last rule is what makes `npm start` stoppable: npm runs this script through `sh -c`, and on
 * SIGTERM npm signals that shell, which dies without passing the signal on. This process is then
 * re-parented (its ppid changes): it stops the server as if it had got SIGTERM itself.
 */
export function superviseChild(child, { pollMs = 500 } = {}) {
  const parent = process.ppid;
  let sent = false;
  // One signal only: the server's handler closes the database cleanly, and a second signal would
  // kill it half-way (its handler is installed once).
  const stop = (signal) => {
    if (sent) return;
    sent = true;
    child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
  const watch = setInterval(() => {
    if (process.ppid !== parent) stop('SIGTERM');
  }, pollMs);
  child.on('exit', (code, signal) => {
    clearInterval(watch);
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
  });
}
