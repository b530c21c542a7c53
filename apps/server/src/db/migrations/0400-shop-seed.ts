/**
 * The starting catalogue of a Dutch hosting shop (operator data: the operator changes prices and
 * texts later with `haven shop:*`). Annual prices exclude VAT, in cents. Frozen with migration 0400.
 */
const p = (
  id: number,
  type: string,
  name: [string, string],
  description: [string, string],
  annual: number,
  extra: {
    includes?: number[];
    requires?: number[];
    hostingOnly?: boolean;
    disk?: number;
    dbs?: number;
    pages?: number;
  },
) => ({
  id,
  type,
  name_nl: name[0],
  name_en: name[1],
  description_nl: description[0],
  description_en: description[1],
  annual_cents: annual,
  includes: JSON.stringify(extra.includes ?? []),
  requires: JSON.stringify(extra.requires ?? []),
  hosting_only: extra.hostingOnly === false ? 0 : 1,
  disk_quota_mb: extra.disk ?? null,
  max_databases: extra.dbs ?? null,
  pages: extra.pages ?? null,
  active: 1,
  position: id * 10,
});

export const SHOP_PRODUCTS = [
  p(
    1,
    'hosting',
    ['Premium hosting', 'Premium hosting'],
    [
      '60 GB opslag, 25 databases, cronjobs, offsite back-ups; spamfilter en premium SSL inbegrepen.',
      '60 GB storage, 25 databases, cron jobs, offsite backups; spam filter and premium SSL included.',
    ],
    4800,
    { includes: [4, 6], disk: 60_000, dbs: 25 },
  ),
  p(
    4,
    'spamfilter',
    ['Spamfilter', 'Spam filter'],
    [
      'Uw mail wordt gescand voordat hij binnenkomt: spam en virussen blijven buiten.',
      'Your mail is scanned before it arrives: spam and viruses stay out.',
    ],
    1200,
    {},
  ),
  p(
    6,
    'ssl',
    ['Premium SSL', 'Premium SSL'],
    [
      'Een gevalideerd certificaat (OV) met garantie en site seal, voor www en het kale domein.',
      'A validated certificate (OV) with warranty and site seal, for www and the bare domain.',
    ],
    3000,
    {},
  ),
  p(
    7,
    'sitebuilder',
    ['SiteBuilder Lite', 'SiteBuilder Lite'],
    [
      'Bouw zelf uw website met tot 20 pagina\u2019s.',
      'Build your own website with up to 20 pages.',
    ],
    1800,
    { pages: 20 },
  ),
  p(
    8,
    'sitebuilder',
    ['SiteBuilder Standaard', 'SiteBuilder Standard'],
    [
      'Tot 60 pagina\u2019s, met webwinkel- en formulierblokken.',
      'Up to 60 pages, with shop and form blocks.',
    ],
    3600,
    { includes: [7], pages: 60 },
  ),
  p(
    9,
    'sitebuilder',
    ['SiteBuilder Pro', 'SiteBuilder Pro'],
    [
      'Tot 250 pagina\u2019s en meertalige sites; vraagt premium hosting.',
      'Up to 250 pages and multilingual sites; needs premium hosting.',
    ],
    7200,
    { includes: [8], requires: [1], pages: 250 },
  ),
  p(
    10,
    'domain',
    ['Domeinprivacy', 'Domain privacy'],
    [
      'Uw naam en adres worden afgeschermd in de openbare WHOIS-gegevens van uw domein.',
      'Your name and address are hidden in the public WHOIS data of your domain.',
    ],
    500,
    { hostingOnly: false },
  ),
];

export const SHOP_SETTINGS = {
  id: 1,
  vat_rate_bp: 2100,
  period_months: 12,
  deadzone_days: 30,
  time_zone: 'Europe/Amsterdam',
  plan_hosting_cents: 5940,
  plan_instap_cents: 2400,
  plan_domain_cents: 995,
  seller_name: 'Haven Hosting B.V.',
  seller_address: 'Havenstraat 1\n1011 AA Amsterdam\nNederland',
  seller_email: 'facturen@haven.example',
  seller_vat_id: 'NL000000000B01',
  seller_coc: '00000000',
  seller_iban: 'NL00 BANK 0000 0000 00',
};
