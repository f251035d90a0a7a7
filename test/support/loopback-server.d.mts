import type { Server } from 'node:http';
export declare function listenOnLoopback(server: Server, port?: number, options?: { waitMs?: number }): Promise<string>;
export declare function closeServer(server: Server): Promise<void>;
