/**
 * A vitest setup file for the suites that talk to the Firestore emulator alone (rules, pipeline): each worker
 * gets a Firestore project of its own (the emulator keeps projects apart: data, rules, clears). Files then run
 * in parallel, and one file's clear or seed never reaches another's data. No Functions trigger listens there:
 * the Functions emulator serves the main demo project only.
 */
process.env.GCLOUD_PROJECT = `demo-verbatim-worker-${process.env.VITEST_POOL_ID ?? '1'}`;
