import type { ScanFinding } from '../types.js';
import { finding } from './finding.js';

interface Marker {
  pattern: RegExp;
  issue: 'credential_access' | 'crypto_miner';
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

const ALL_MARKERS = [...CREDENTIAL_MARKERS, ...MINER_MARKERS];
const ANY_MARKER = new RegExp(ALL_MARKERS.map((m) => m.pattern.source).join('|'), 'i');

/**
 * Looks for credential-store paths and miner strings in a text file. These are data (paths,
 * URLs, command-line options), so they are matched in the text itself; Python comment lines
 * are skipped so a note such as "# unlike xmrig..." is not a finding. One finding per marker
 * and file keeps reports short.
 */
export function scanMarkers(path: string, text: string, python: boolean): ScanFinding[] {
  if (!ANY_MARKER.test(text)) return [];
  const findings: ScanFinding[] = [];
  const seen = new Set<Marker>();
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (python && line.trimStart().startsWith('#')) return;
    for (const marker of ALL_MARKERS) {
      if (seen.has(marker) || !marker.pattern.test(line)) continue;
      seen.add(marker);
      findings.push(
        finding({
          issue_type: marker.issue,
          file_path: path,
          line: index + 1,
          snippet: line,
          message:
            marker.issue === 'crypto_miner'
              ? `references ${marker.what}; cryptocurrency miners are not allowed in node packs`
              : `references ${marker.what}; a node pack has no reason to read other programs' credentials`,
          scanner: 'text-markers',
          severity: 'high',
        }),
      );
    }
  });
  return findings;
}
