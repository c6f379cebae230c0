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
};
