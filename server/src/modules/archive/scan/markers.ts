import type { ScanFinding } from '../types.js';
import { finding } from './finding.js';

interface Marker {
  pattern: RegExp;
  issue: 'credential_access' | 'crypto_miner';
  what: string;
}

/** Paths and names that only appear in code reading other programs' secrets. */
const CREDENTIAL_MARKERS: Marker[] = [
  [/Google[\\/]+Chrome[\\/]+User Data/i, 'the Chrome profile folder'],
  [
    /(Chromium|BraveSoftware[\\/]+Brave-Browser|Microsoft[\\/]+Edge)[\\/]+User Data|Opera Software[\\/]+Opera Stable/i,
    'a browser profile folder',
  ],
  [/\bLogin Data\b/, "a browser's saved-password database (Login Data)"],
  [/[\\/](Network[\\/]+)?Cookies['"\\/]|Default[\\/]+Cookies\b/, "a browser's cookie database"],
  [/Mozilla[\\/]+Firefox[\\/]+Profiles|\b(key4\.db|logins\.json|cookies\.sqlite)\b/i, 'Firefox profile secrets'],
  [/\bwallet\.dat\b/i, 'a cryptocurrency wallet file (wallet.dat)'],
  [
    /Electrum[\\/]+wallets|Exodus[\\/]+exodus\.wallet|Ethereum[\\/]+keystore|atomic[\\/]+Local Storage/i,
    'a cryptocurrency wallet folder',
  ],
  [
    /nkbihfbeogaeaoehlefnkodbefgpgknn|bfnaelmomeimhlpmgjnjophhpkkoljpa|hnfanknocfeofbddgcijnmhnfnkdnaad|fhbohimaelbohpjbbldcngcnapndodjp/,
    'a crypto-wallet browser extension id (MetaMask, Phantom, Coinbase, Binance)',
  ],
  [/\.ssh[\\/]+(id_(rsa|dsa|ecdsa|ed25519)|authorized_keys)/i, 'SSH private keys'],
  [/discord(canary|ptb)?[\\/]+Local Storage|\[\\w-\]\{24\}\\\.\[\\w-\]\{6\}|mfa\\\.\[\\w-\]\{84\}/i, 'Discord tokens'],
  [/Telegram Desktop[\\/]+tdata/i, 'Telegram session data'],
].map(([pattern, what]) => ({ pattern: pattern as RegExp, issue: 'credential_access', what: what as string }));

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
].map(([pattern, what]) => ({ pattern: pattern as RegExp, issue: 'crypto_miner', what: what as string }));

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
