/**
 * The interview reader: one interview's transcript beside the insights that quote it. Its page is loaded lazily by the
 * router; it composes the documents and insights features, so no feature imports it.
 */
export {};
