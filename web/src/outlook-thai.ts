// The market summary's outlooks in Thai. GetMarketsum gives each outlook one text (mktvalue), in the
// language the operator wrote it, and its answer and import type are the bank's, field for field: a
// Thai text beside it would be a fifth import column and a fourth field in each of the answer's rows,
// which the bank's own site does not send. So the explorer puts into Thai the outlooks it knows the
// phrasing of (the demo's, src/data-types/demo/market-summary.ts), carrying their figures over; any
// other text is shown as written, marked as English for screen readers.

const NUMBER = String.raw`(-?[\d,]+(?:\.\d+)?)`;

/** Each known phrasing, as the whole text, and its Thai with the figures (and word) put back in. */
const PHRASINGS: [RegExp, (...parts: string[]) => string][] = [
  [
    new RegExp(
      String.raw`^<p>The baht is seen at <strong>${NUMBER}&ndash;${NUMBER}</strong> per dollar today, (weaker|firmer|little changed) after yesterday's close\.</p>$`,
    ),
    (low, high, move) =>
      `<p>คาดว่าเงินบาทจะเคลื่อนไหวในกรอบ <strong>${low}&ndash;${high}</strong> บาทต่อดอลลาร์ในวันนี้ ${MOVES[move!]}จากระดับปิดเมื่อวาน</p>`,
  ],
  [
    new RegExp(String.raw`^<ul><li>Support: ${NUMBER}</li><li>Resistance: ${NUMBER}</li></ul>$`),
    (support, resistance) => `<ul><li>แนวรับ: ${support}</li><li>แนวต้าน: ${resistance}</li></ul>`,
  ],
  [
    new RegExp(
      String.raw`^<p>Thai government bond yields are expected to <em>(edge up|ease|hold steady)</em>, with the policy rate at ${NUMBER}%\.</p>$`,
    ),
    (move, policy) =>
      `<p>คาดว่าอัตราผลตอบแทนพันธบัตรรัฐบาลไทยจะ<em>${MOVES[move!]}</em> โดยอัตราดอกเบี้ยนโยบายอยู่ที่ ${policy}%</p>`,
  ],
  [
    new RegExp(
      String.raw`^<p>10-year: <strong>${NUMBER}%</strong><br>30-year: <strong>${NUMBER}%</strong></p>$`,
    ),
    (ten, thirty) => `<p>อายุ 10 ปี: <strong>${ten}%</strong><br>อายุ 30 ปี: <strong>${thirty}%</strong></p>`,
  ],
];

/** The words of a move, in Thai. */
const MOVES: Record<string, string> = {
  weaker: 'อ่อนค่าลง',
  firmer: 'แข็งค่าขึ้น',
  'little changed': 'ทรงตัว',
  'edge up': 'ปรับตัวสูงขึ้นเล็กน้อย',
  ease: 'ปรับตัวลดลง',
  'hold steady': 'ทรงตัว',
};

/** An outlook's text in Thai, or undefined when its phrasing is not one the explorer knows. */
export function outlookInThai(html: string): string | undefined {
  for (const [phrasing, thai] of PHRASINGS) {
    const match = phrasing.exec(html.trim());
    if (match) return thai(...match.slice(1));
  }
  return undefined;
}
