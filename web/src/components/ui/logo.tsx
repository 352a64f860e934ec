/** The registry mark, 36×36 by default; decorative (the link or heading beside it names it). */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="shrink-0">
      <rect width="64" height="64" rx="14" fill="#1f3a8a" />
      <path d="M20 20h24v7H28v10h14v7H20z" fill="#fbbf24" />
      <circle cx="46" cy="41" r="5" fill="#fbbf24" />
    </svg>
  );
}
