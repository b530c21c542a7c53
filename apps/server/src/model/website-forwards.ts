/** A website forward as the DNS area stores it: where visitors go, permanently or not. */
export interface WebsiteForward {
  /** Absolute http(s) URL, validated by the contract. */
  target: string;
  /** 301 moved permanently, 302 found (temporary). */
  status: 301 | 302;
}

/**
 * What the DNS area asks of the web server for its FORWARD record: serve the domain and its
 * `www` as a redirect. The webhosting area owns the web server and implements it
 * (webhosting.exports.ts); areas/registry.ts hands it over.
 */
export interface WebsiteForwards {
  /**
   * Serves the domain's forward (replacing the old), or stops serving it (`null`). Checked by
   * the web server before it replaces the old config (`nginx -t`), then reloaded; throws and
   * changes nothing when refused. Idempotent: answers whether the served config differed.
   */
  serve(domain: string, forward: WebsiteForward | null): Promise<boolean>;
}
