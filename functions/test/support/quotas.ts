import type { AccountQuotas } from '../../src/config/server-limits';

/** Quotas no stress test reaches: for suites that test credits or parsing under load, not the quotas. */
export const ROOMY_QUOTAS: AccountQuotas = {
  projects: 10_000,
  uploadsWaiting: 10_000,
  rejectedUploadsPerHour: 10_000,
  asksPerHour: 10_000,
  searchesPerMinute: 10_000,
  exportsPerHour: 10_000,
  reanalysesPerHour: 10_000,
  clipStorageBytes: 1024 ** 4,
};
