/** One small decorative illustration per tutorial step (inline SVG, brand teal and coral). */
const teal = '#0f766e';
const coral = '#f26b4f';
const light = '#ffffff';

function Welcome() {
  return (
    <>
      <path d="M20 64 60 30l40 34v40H20z" fill={light} stroke={teal} strokeWidth="4" strokeLinejoin="round" />
      <path d="M50 104V80h20v24" fill="#e6f4f1" stroke={teal} strokeWidth="4" />
      <path d="M12 66 60 24l48 42" fill="none" stroke={coral} strokeWidth="6" strokeLinecap="round" />
      <circle cx="98" cy="28" r="6" fill={coral} />
    </>
  );
}

function Offer() {
  return (
    <>
      <path
        d="M24 40h48l28 28-32 32-44-44z"
        fill={light}
        stroke={teal}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <circle cx="40" cy="54" r="6" fill={coral} />
      <path
        d="M72 66a10 10 0 1 0 0 14M62 70h12M62 76h12"
        fill="none"
        stroke={teal}
        strokeWidth="3.5"
        strokeLinecap="round"
      />
    </>
  );
}

function StandOut() {
  return (
    <>
      <rect x="22" y="22" width="60" height="78" rx="8" fill={light} stroke={teal} strokeWidth="4" />
      <circle cx="52" cy="48" r="11" fill="#e6f4f1" stroke={teal} strokeWidth="4" />
      <path
        d="M36 80c4-9 10-13 16-13s12 4 16 13"
        fill="none"
        stroke={teal}
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="m92 52 5 10 11 2-8 8 2 11-10-5-10 5 2-11-8-8 11-2z" fill={coral} />
    </>
  );
}

function RealTime() {
  return (
    <>
      <rect x="16" y="26" width="88" height="68" rx="10" fill={light} stroke={teal} strokeWidth="4" />
      <path
        d="M30 76l18-18 14 12 26-28"
        fill="none"
        stroke={coral}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="88" cy="42" r="5" fill={teal} />
      <path d="M30 40h22" stroke={teal} strokeWidth="4" strokeLinecap="round" />
    </>
  );
}

function Trust() {
  return (
    <>
      <path
        d="M60 100S20 76 20 48a20 20 0 0 1 40-6 20 20 0 0 1 40 6c0 28-40 52-40 52z"
        fill={light}
        stroke={teal}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="m44 56 12 12 22-22"
        fill="none"
        stroke={coral}
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  );
}

const scenes = [Welcome, Offer, StandOut, RealTime, Trust] as const;

export function TutorialArt({ step }: { step: number }) {
  const Scene = scenes[step] ?? Welcome;
  return (
    <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <Scene />
    </svg>
  );
}
