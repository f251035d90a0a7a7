// Starting and stopping a stand-in's HTTP server on the loopback interface.

/**
 * Listens on 127.0.0.1 (`port` 0 or absent: any free port) and resolves to the server's address. A fixed port is
 * where the functions were told a service is: while another test file (the browser and server suites run side by
 * side) holds it, this waits for it, up to `waitMs`; the port is the lock, freed when that file closes its stand-in.
 */
export async function listenOnLoopback(server, port = 0, { waitMs = 280_000 } = {}) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return `http://127.0.0.1:${server.address().port}`;
    } catch (err) {
      if (err.code !== 'EADDRINUSE' || port === 0 || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Closes the server, cutting open keep-alive connections first. */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}
