/**
 * The API's request bodies (and the search query) as schemas: each field's rule and the sentence a researcher reads
 * when it is broken, one module per area under `request-bodies/`. The server reads bodies with `readBody` /
 * `requireBody`; the wire types are derived from the schemas, so the web client sends what the server reads.
 * (Kept apart from the lighter contract modules: only the server imports the schema library at run time; the web
 * imports these types alone.)
 */
export * from './request-bodies/read-body';
export * from './request-bodies/contact';
export * from './request-bodies/users';
export * from './request-bodies/projects';
export * from './request-bodies/interviews';
export * from './request-bodies/drive';
export * from './request-bodies/insights';
export * from './request-bodies/sharing';
export * from './request-bodies/miro';
export * from './request-bodies/billing';
export * from './request-bodies/search';
export * from './request-bodies/clips';
