// Starting and stopping a stand-in's HTTP server on the loopback interface.

/** Listens on 127.0.0.1 (`port` 0 or absent: any free port) and resolves to the server's address. */
export async function listenOnLoopback(server, port = 0) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return `http://127.0.0.1:${server.address().port}`;
}

/** Closes the server, cutting open keep-alive connections first. */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}
