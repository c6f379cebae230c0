// The texts of the "as of" choice (as-of.ts); i18n.ts merges them in.

export const EN_AS_OF = {
  asOfRegion: 'Data as of',
  asOfPick: 'See the data as published at a past time (Bangkok time)',
  asOfChange: 'Another time',
  asOfDate: 'Date',
  asOfTime: 'Time (Bangkok)',
  asOfTimeFormat: 'hours:minutes, 24-hour, Bangkok time, e.g. 18:30',
  asOfShow: 'Show',
  asOfShown: 'Data as published at {time} on {date}, Bangkok time.',
  asOfShownMore: 'Later corrections and later data are not shown.',
  asOfLatest: 'Back to the latest data',
  asOfBadDate: 'Enter the date, e.g. {example}.',
  asOfBadTime: 'Enter the time as hours and minutes, e.g. 18:30.',
  asOfTooEarly: 'Nothing was published yet at that time: pick a later one.',
  // Where a view says "latest" or "today", as of a past instant it names that instant's day.
  asOfRates: 'Rates on {day}: those of {date}',
  asOfLastYear: '12 months to {day}',
  asOfConverterHint:
    "At the bank's rates of the day you pick (those of {day} unless you pick one) and of the kind you pick: the bank buys a currency at its buying rate, and sells it at its selling rate.",
  asOfCannotConvert:
    'These two currencies cannot be converted at the bank’s rates of {day}: pick another pair.',
  asOfWatchSince:
    'Saved in this browser. As of {day}: FX, the rate of {date} and its change since the day before; funds, the NAV and its change.',
};

export const TH_AS_OF: Record<keyof typeof EN_AS_OF, string> = {
  asOfRegion: 'ข้อมูล ณ เวลา',
  asOfPick: 'ดูข้อมูลตามที่เผยแพร่ ณ เวลาในอดีต (เวลากรุงเทพฯ)',
  asOfChange: 'เลือกเวลาอื่น',
  asOfDate: 'วันที่',
  asOfTime: 'เวลา (กรุงเทพฯ)',
  asOfTimeFormat: 'ชั่วโมง:นาที แบบ 24 ชั่วโมง เวลากรุงเทพฯ เช่น 18:30',
  asOfShow: 'แสดง',
  asOfShown: 'ข้อมูลตามที่เผยแพร่ ณ {time} น. วันที่ {date} เวลากรุงเทพฯ',
  asOfShownMore: 'ไม่รวมการแก้ไขและข้อมูลที่เผยแพร่หลังจากนั้น',
  asOfLatest: 'กลับไปข้อมูลล่าสุด',
  asOfBadDate: 'กรอกวันที่เป็น วัน/เดือน/ปี พ.ศ. เช่น {example}',
  asOfBadTime: 'กรอกเวลาเป็นชั่วโมงและนาที เช่น 18:30',
  asOfTooEarly: 'ยังไม่มีข้อมูลเผยแพร่ ณ เวลานั้น โปรดเลือกเวลาที่หลังกว่านี้',
  asOfRates: 'อัตรา ณ {day}: อัตราของ {date}',
  asOfLastYear: '12 เดือนถึง {day}',
  asOfConverterHint:
    'ตามอัตราของธนาคาร ณ วันที่และประเภทที่เลือก (อัตรา ณ {day} หากไม่เลือกวัน): ธนาคารรับซื้อสกุลเงินตามอัตราซื้อ และขายตามอัตราขาย',
  asOfCannotConvert: 'คำนวณระหว่างสองสกุลเงินนี้ตามอัตราของธนาคาร ณ {day} ไม่ได้ โปรดเลือกคู่อื่น',
  asOfWatchSince:
    'บันทึกในเบราว์เซอร์นี้ ณ {day} อัตราแลกเปลี่ยน: อัตรา ({date}) และการเปลี่ยนแปลงจากวันก่อน กองทุน: NAV และการเปลี่ยนแปลง',
};
