/** Citations are shared with the server's exports: one module, in the domain. */
export * from '@verbatim/contract/citation';
