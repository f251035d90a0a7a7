/**
 * The one copy of zod the server and the web app read data with (the contract's request bodies, the server's reading
 * of the model's answers): a second copy would be a second load in every function instance, and its schemas could not
 * be mixed with these.
 */
export { z } from 'zod';
