import type { ScanFinding } from '../types.js';
import { finding, locate } from './finding.js';
import type { ContextAt } from './policy.js';

interface Marker {
  pattern: RegExp;
  issue: 'credential_access' | 'crypto_miner' | 'exfiltration';
  what: string;
}

/** Paths and names that only appear in code reading other programs' secrets. */
/**
 * A path separator, or the `", "` between the quoted parts of `os.path.join("Google", "Chrome")`,
 * so a path is recognised however the code spells it.
 */
const SEP = String.raw`(?:[\\/]|['"]\s*,\s*['"])+`;
const path = (...parts: string[]) => new RegExp(parts.join(SEP), 'i');

const CREDENTIAL_MARKERS: Marker[] = (
  [
    [path('Google', 'Chrome', 'User Data'), 'the Chrome profile folder'],
    [
      new RegExp(
        `(Chromium|BraveSoftware${SEP}Brave-Browser|Microsoft${SEP}Edge)${SEP}User Data|Opera Software${SEP}Opera Stable`,
        'i',
      ),
      'a browser profile folder',
    ],
    [/\bLogin Data\b/, "a browser's saved-password database (Login Data)"],
    [new RegExp(`(Network|Default)${SEP}Cookies\\b`), "a browser's cookie database"],
    [
      new RegExp(`Mozilla${SEP}Firefox${SEP}Profiles|\\b(key4\\.db|logins\\.json|cookies\\.sqlite)\\b`, 'i'),
      'Firefox profile secrets',
    ],
    [/\bwallet\.dat\b/i, 'a cryptocurrency wallet file (wallet.dat)'],
    [
      new RegExp(
        `Electrum${SEP}wallets|Exodus${SEP}exodus\\.wallet|Ethereum${SEP}keystore|atomic${SEP}Local Storage`,
        'i',
      ),
      'a cryptocurrency wallet folder',
    ],
    [
      /nkbihfbeogaeaoehlefnkodbefgpgknn|bfnaelmomeimhlpmgjnjophhpkkoljpa|hnfanknocfeofbddgcijnmhnfnkdnaad|fhbohimaelbohpjbbldcngcnapndodjp/,
      'a crypto-wallet browser extension id (MetaMask, Phantom, Coinbase, Binance)',
    ],
    [new RegExp(`\\.ssh${SEP}(id_(rsa|dsa|ecdsa|ed25519)|authorized_keys)`, 'i'), 'SSH private keys'],
    [
      new RegExp(
        String.raw`discord(canary|ptb)?${SEP}Local Storage|\[\\w-\]\{24\}\\\.\[\\w-\]\{6\}|mfa\\\.\[\\w-\]\{84\}`,
        'i',
      ),
      'Discord tokens',
    ],
    [path('Telegram Desktop', 'tdata'), 'Telegram session data'],
  ] as const
).map(([pattern, what]) => ({ pattern, issue: 'credential_access', what }));

/** Strings that belong to cryptocurrency miners. */
const MINER_MARKERS: Marker[] = [
  [/stratum2?\+(tcp|ssl|tls):\/\//i, 'a mining-pool (stratum) address'],
  [/\bxmrig\b/i, 'the XMRig miner'],
  [/--donate-level\b/, "a miner's --donate-level option"],
  [/\b(cryptonight|coinhive|cryptoloot)\b/i, 'a mining algorithm or web miner'],
  [
    /\b(minexmr\.com|xmrpool\.eu|supportxmr\.com|nanopool\.org|2miners\.com|moneroocean\.stream|hashvault\.pro|f2pool\.com|c3pool\.com|herominers\.com|unmineable\.com|nicehash\.com|minergate\.com|ethermine\.org)\b/i,
    'a known mining pool',
  ],
].map(([pattern, what]) => ({ pattern: pattern as RegExp, issue: 'crypto_miner' as const, what: what as string }));

/**
 * Hard-coded endpoints that receive stolen data: a Discord webhook or Telegram bot with its
 * secret in the URL, paste and request-capture services. A node that posts to a webhook the user
 * configures has no such URL in its code; placeholders (`webhooks/your-id/...`) do not match.
 */
const EXFILTRATION_MARKERS: Marker[] = [
  [/discord(?:app)?\.com\/api\/webhooks\/\d{6,}\/[\w-]{20,}/i, 'a Discord webhook with its token'],
  [/api\.telegram\.org\/bot\d{6,}:[\w-]{20,}/i, 'a Telegram bot with its token'],
  [
    /\b(pastebin\.com\/api|hastebin\.com\/documents|api\.paste\.ee|paste\.ee\/api|dpaste\.(com|org)\/api|transfer\.sh\/|webhook\.site\/|[\w-]+\.m\.pipedream\.net|requestbin\.(net|com)|interact\.sh|oast\.(fun|pro|live|site|online|me))/i,
    'a paste or request-capture service',
  ],
].map(([pattern, what]) => ({ pattern: pattern as RegExp, issue: 'exfiltration' as const, what: what as string }));

const ALL_MARKERS = [...CREDENTIAL_MARKERS, ...MINER_MARKERS, ...EXFILTRATION_MARKERS];
const ANY_MARKER = new RegExp(ALL_MARKERS.map((m) => m.pattern.source).join('|'), 'i');

/**
 * Looks for credential-store paths and miner strings in a text file. These are data (paths,
 * URLs, command-line options), so they are matched in the text itself; Python comment lines
 * are skipped so a note such as "# unlike xmrig..." is not a finding. One finding per marker
 * and file keeps reports short.
 */
export function scanMarkers(path: string, text: string, python: boolean, contextAt: ContextAt): ScanFinding[] {
  if (!ANY_MARKER.test(text)) return [];
  const findings: ScanFinding[] = [];
  for (const marker of ALL_MARKERS) {
    const global = new RegExp(marker.pattern.source, `${marker.pattern.flags.replace('g', '')}g`);
    for (const match of text.matchAll(global)) {
      const index = match.index ?? 0;
      const lineStart = text.lastIndexOf('\n', index - 1) + 1;
      if (python && text.slice(lineStart, index).trimStart().startsWith('#')) continue;
      const at = locate(text, index, match[0].length);
      findings.push(
        finding({
          issue_type: marker.issue,
          file_path: path,
          line: at.line,
          column: at.column,
          snippet: at.snippet,
          message: MESSAGES[marker.issue](marker.what),
          scanner: 'text-markers',
          severity: 'high',
          context: contextAt(index),
        }),
      );
      break;
    }
  }
  return findings.sort((a, b) => a.line_number - b.line_number);
}

const MESSAGES: Record<Marker['issue'], (what: string) => string> = {
  crypto_miner: (what) => `references ${what}; cryptocurrency miners are not allowed in node packs`,
  credential_access: (what) => `references ${what}; a node pack has no reason to read other programs' credentials`,
  exfiltration: (what) => `sends data to ${what} written into the code, where stolen data usually goes`,
};
