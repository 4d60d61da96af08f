import type { Currency } from '@krapao/contract';
import type { ReactNode } from 'react';
import { useLocale, useTranslation } from '../../../i18n/react';
import { formatMoneyShort } from '../../../lib/format';

// DEP-3: "BCEL shows an instruction image". The picture is drawn here rather than shipped as a bitmap:
// its steps are read in the member's language (the captions are text, translated like every other
// string), and the phone screens show this very account number and an amount in the account's currency.

const BCEL_RED = '#d71f26';
const INK = '#1b1f24';
const FIELD = '#f1f3f5';
const LINE = '#ced4da';
const DONE = '#0ca678';

/** A phone whose screen is `children`, drawn in a 64 x 104 box; the screen is x 5..59, y 9..95. */
function Phone({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 64 104" className="bcel-steps__phone" aria-hidden focusable="false">
      <rect x="1" y="1" width="62" height="102" rx="10" fill={INK} />
      <rect x="5" y="9" width="54" height="86" rx="4" fill="#fff" />
      <rect x="24" y="4" width="16" height="2" rx="1" fill="#495057" />
      {children}
    </svg>
  );
}

/** Two arrows, one each way: the app's "transfer" tile. */
const transferArrows = (x: number, y: number) => (
  <g stroke="#fff" strokeWidth="1.4" fill="none" strokeLinecap="round" strokeLinejoin="round">
    <path d={`M${x + 3} ${y + 4.5}h6l-2-2`} />
    <path d={`M${x + 9} ${y + 7.5}h-6l2 2`} />
  </g>
);

/** Step 1: the BCEL One home screen, the transfer tile tapped. */
function OpenAppScreen() {
  const tiles = [
    [10, 34],
    [26, 34],
    [42, 34],
    [10, 51],
    [26, 51],
    [42, 51],
  ] as const;
  return (
    <Phone>
      <path d="M5 13a4 4 0 0 1 4-4h46a4 4 0 0 1 4 4v13H5z" fill={BCEL_RED} />
      <circle cx="13" cy="17.5" r="4" fill="#fff" />
      <rect x="20" y="15" width="20" height="2.2" rx="1.1" fill="#fff" opacity="0.9" />
      <rect x="20" y="19.5" width="12" height="2" rx="1" fill="#fff" opacity="0.6" />
      {tiles.map(([x, y], i) => (
        <rect key={i} x={x} y={y} width="12" height="12" rx="3" fill={i === 0 ? BCEL_RED : FIELD} />
      ))}
      {transferArrows(10, 34)}
      {/* The tap. */}
      <circle cx="16" cy="40" r="9" fill="none" stroke={DONE} strokeWidth="1.2" opacity="0.9" />
      <circle cx="16" cy="40" r="12.5" fill="none" stroke={DONE} strokeWidth="0.8" opacity="0.45" />
      <rect x="10" y="71" width="44" height="5" rx="2.5" fill={FIELD} />
      <rect x="10" y="80" width="34" height="5" rx="2.5" fill={FIELD} />
    </Phone>
  );
}

/** Step 2: the transfer form, filled with this account's number and an amount in its currency. */
function FillFormScreen({ accountNo, amount }: { accountNo: string; amount: string }) {
  return (
    <Phone>
      <path d="M5 13a4 4 0 0 1 4-4h46a4 4 0 0 1 4 4v7H5z" fill={BCEL_RED} />
      <path d="M12 12.5l-2.5 2 2.5 2" stroke="#fff" strokeWidth="1.2" fill="none" strokeLinecap="round" />
      <rect x="9" y="26" width="18" height="2" rx="1" fill={LINE} />
      <rect x="9" y="30" width="46" height="12" rx="2.5" fill="#fff" stroke={BCEL_RED} strokeWidth="1" />
      <text x="12" y="38.2" fontSize="5.4" fontWeight="700" fill={INK} className="tabular">
        {accountNo}
      </text>
      <rect x="9" y="48" width="14" height="2" rx="1" fill={LINE} />
      <rect x="9" y="52" width="46" height="12" rx="2.5" fill="#fff" stroke={BCEL_RED} strokeWidth="1" />
      <text x="12" y="60.4" fontSize="6" fontWeight="800" fill={INK} className="tabular">
        {amount}
      </text>
      <rect x="9" y="79" width="46" height="10" rx="5" fill={BCEL_RED} />
      <path
        d="M29 84l2.2 2.2 4.3-4.4"
        stroke="#fff"
        strokeWidth="1.4"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Phone>
  );
}

/** The three finder squares and a few modules: a QR as a glyph, not a code. */
function QrGlyph({ x, y, size }: { x: number; y: number; size: number }) {
  const m = size / 7;
  const finder = (fx: number, fy: number) => (
    <g key={`${fx}-${fy}`}>
      <rect x={fx} y={fy} width={m * 2.2} height={m * 2.2} fill="none" stroke={INK} strokeWidth={m * 0.55} />
      <rect x={fx + m * 0.75} y={fy + m * 0.75} width={m * 0.7} height={m * 0.7} fill={INK} />
    </g>
  );
  const dots = [
    [3.3, 0.4],
    [3.3, 1.6],
    [4.5, 3.3],
    [3.3, 3.3],
    [0.4, 3.3],
    [1.6, 4.5],
    [5.6, 4.5],
    [4.5, 5.6],
    [3.3, 5.6],
    [5.6, 3.3],
  ] as const;
  return (
    <g>
      <rect x={x - m * 0.4} y={y - m * 0.4} width={size + m * 0.8} height={size + m * 0.8} fill="#fff" />
      {finder(x, y)}
      {finder(x + m * 4.5, y)}
      {finder(x, y + m * 4.5)}
      {dots.map(([dx, dy]) => (
        <rect key={`${dx}-${dy}`} x={x + dx * m} y={y + dy * m} width={m} height={m} fill={INK} />
      ))}
    </g>
  );
}

/** Step 3: the receipt, done, with its QR (BCEL's OneProof, which Krapao reads from a slip). */
function ReceiptScreen() {
  return (
    <Phone>
      <circle cx="32" cy="22" r="7" fill={DONE} />
      <path
        d="M28.8 22.2l2.2 2.2 4.3-4.4"
        stroke="#fff"
        strokeWidth="1.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="16" y="33" width="32" height="2.4" rx="1.2" fill={LINE} />
      <rect x="21" y="38" width="22" height="2.4" rx="1.2" fill={LINE} />
      <rect x="14" y="45" width="36" height="40" rx="3" fill={FIELD} />
      <QrGlyph x={21} y={50} size={22} />
      <path
        d="M32 76v5m-2.5-2.5L32 81l2.5-2.5"
        stroke={BCEL_RED}
        strokeWidth="1.3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Phone>
  );
}

/** The example amount the picture types, in the account's currency: an everyday deposit. */
const EXAMPLE_AMOUNT_MINOR: Record<Currency, number> = { LAK: 100_000_00, BAHT: 500_00 };

/**
 * DEP-3: BCEL's instruction image: three phone screens (open BCEL One and tap Transfer; paste this
 * account number and the amount in the account's currency; keep the receipt with its QR), each with
 * its caption in the member's language.
 */
export function BcelInstruction({ accountNo, currency }: { accountNo: string; currency: Currency }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const unit = t(`currency.unit.${currency}`);
  const steps = [
    { screen: <OpenAppScreen />, caption: t('deposit.bcelSteps.open') },
    {
      screen: (
        <FillFormScreen
          accountNo={accountNo}
          amount={formatMoneyShort(EXAMPLE_AMOUNT_MINOR[currency], locale, currency)}
        />
      ),
      caption: t('deposit.bcelSteps.fill', { currency: unit }),
    },
    { screen: <ReceiptScreen />, caption: t('deposit.bcelSteps.receipt') },
  ];
  return (
    <figure className="bcel-steps" aria-label={t('deposit.bcelSteps.title')} data-testid="bcel-steps">
      <ol>
        {steps.map(({ screen, caption }, i) => (
          <li key={i}>
            {screen}
            <span className="bcel-steps__caption">
              <span className="bcel-steps__no" aria-hidden>
                {i + 1}
              </span>
              {caption}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
