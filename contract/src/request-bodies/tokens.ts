/** Printable ASCII without spaces: what OAuth access tokens are made of. */
export const TOKEN = /^[\x21-\x7e]+$/;
