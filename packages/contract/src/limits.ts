/** Business constants shared by server and web (specs part 1 §9, part 2 §9). */
export const LIMITS = {
  passwordMin: 12,
  passwordMax: 32,
  webAppPasswordMin: 16,
  generatedPasswordLength: 12,
  generatedPasswordLengthLong: 20,
  toastMs: 3000,
  domainPackageDebounceMs: 500,
  loadingBarDelayMs: 100,
  loadingBarDoneMs: 700,
  loadingBarHideMs: 250,
  lockoutMinutes: 15,
  /**
   * A session's absolute lifetime: however often it is refreshed, after this the user signs in
   * again (a day: a tab left open overnight asks for the password in the morning).
   */
  sessionMaxHours: 24,
  logPageLines: 1000,
  logPreviewMaxBytes: 8_000_000,
  instapMailAccounts: 5,
  /**
   * A plan's disk space in SI megabytes (specs part 2 §9): the entry plan (instap) 5 GB, web
   * hosting and standard 20 GB (premium hosting raises it to 60 GB: the shop's product).
   */
  diskQuotaMb: { instap: 5_000, standard: 20_000 },
  topMailboxes: 5,
  dnsTtl: 899,
  breakpoints: { xs: 576, sm: 768, lg: 1200 },
  /** Largest JSON request body the API accepts, in bytes. */
  jsonBodyBytes: 1_000_000,
  /**
   * Requests per `rateLimitWindowMs` on the calls a flood would hurt: per client address for the
   * public ones (login, domain lookup, password reset, the dump download by ticket), per session
   * for the others (file manager zip, search and folder size). Over it: 429 `too_many_requests`.
   */
  rateLimitWindowMs: 60_000,
  /**
   * One customer cannot starve the others (issue #17). Expensive calls (endpoints flagged
   * `expensive`) under way at once per customer; the job runner's slots in one process, how many
   * of them one customer may hold, and how many jobs a customer may have queued or running
   * before a new one is refused. Over a limit: 429 `too_many_running` with Retry-After.
   */
  fairUse: {
    expensivePerCustomer: 3,
    retryAfterSeconds: 2,
    jobSlots: 3,
    jobSlotsPerCustomer: 1,
    jobsQueuedPerCustomer: 10,
  },
  rateLimits: {
    login: 30,
    domainPackage: 120,
    passwordReset: 10,
    databaseDump: 10,
    zip: 10,
    search: 60,
    /** Operator API calls per client address (helpdesk, API keys). */
    operatorApi: 120,
  },
} as const;

/** The disk space a domain's plan comes with (`disk_quota_mb` of a new domain). */
export const planDiskQuotaMb = (instap: boolean): number =>
  instap ? LIMITS.diskQuotaMb.instap : LIMITS.diskQuotaMb.standard;
