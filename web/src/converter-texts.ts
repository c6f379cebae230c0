// The converter's texts for the day and kind of rate it converts at: i18n.ts merges them in.

export const EN_CONVERTER = {
  convertKind: 'Rate',
  kind_transfer: 'Transfer',
  kind_sight: 'Sight bill',
  kind_notes: 'Bank notes',
  convertDay: 'Rates of',
  rateUsedBuying_sight: 'the bank’s buying sight-bill rate of {family}',
  rateUsedBuying_notes: 'the bank’s buying rate for notes of {family}',
  rateUsedSelling_notes: 'its selling rate for notes of {family}',
  convertNearestDay:
    'No rates on {asked}: converted at those of {shown}, the nearest earlier day with rates.',
  cannotConvertKind:
    'The bank quoted no {kind} rates for one of these currencies on {date}: pick another pair or kind of rate.',
};

export const TH_CONVERTER: Record<keyof typeof EN_CONVERTER, string> = {
  convertKind: 'อัตรา',
  kind_transfer: 'โอนเงิน',
  kind_sight: 'ตั๋วเงิน',
  kind_notes: 'ธนบัตร',
  convertDay: 'อัตรา ณ วันที่',
  rateUsedBuying_sight: 'อัตราซื้อตั๋วเงินของธนาคารสำหรับ {family}',
  rateUsedBuying_notes: 'อัตราซื้อธนบัตรของธนาคารสำหรับ {family}',
  rateUsedSelling_notes: 'อัตราขายธนบัตรสำหรับ {family}',
  convertNearestDay: 'ไม่มีอัตราในวันที่ {asked} จึงคำนวณตามอัตราวันที่ {shown} ซึ่งเป็นวันก่อนหน้าที่ใกล้ที่สุด',
  cannotConvertKind: 'ธนาคารไม่มีอัตรา{kind}ของสกุลเงินใดสกุลหนึ่งในวันที่ {date} โปรดเลือกคู่หรือประเภทอัตราอื่น',
};
