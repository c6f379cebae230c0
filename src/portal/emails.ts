import { escapeHtml, type Mail } from './mailer.js';

// Every portal email, in English and Thai (docs/portal.md), in the developer's language. A link is the
// service's PUBLIC_URL and a page route with the token in the fragment: never in a server's log nor in
// a Referer header.

export type Lang = 'en' | 'th';

interface Text {
  subject: string;
  /**
   * Paragraphs; `{link}` stands for the link, `{name}` for the developer's name, `{reason}` for a
   * reason, `{used}` and `{quota}` for a warning's counts.
   */
  body: string[];
}

const TEXTS: Record<string, Record<Lang, Text>> = {
  confirm: {
    en: {
      subject: 'Confirm your email address',
      body: [
        'Hello {name},',
        'Please confirm your email address for the developer portal by opening this link within 24 hours:',
        '{link}',
        'If you did not sign up, ignore this email.',
      ],
    },
    th: {
      subject: 'ยืนยันอีเมลของคุณ',
      body: [
        'เรียน คุณ{name}',
        'โปรดยืนยันอีเมลของคุณสำหรับพอร์ทัลนักพัฒนา โดยเปิดลิงก์นี้ภายใน 24 ชั่วโมง:',
        '{link}',
        'หากคุณไม่ได้สมัคร โปรดเพิกเฉยต่ออีเมลนี้',
      ],
    },
  },
  known: {
    en: {
      subject: 'Someone tried to sign up with your email address',
      body: [
        'Hello {name},',
        'Someone tried to create a developer portal account with this email address, which already has one. If it was you, sign in, or reset your password here:',
        '{link}',
        'If it was not you, ignore this email; your account is unchanged.',
      ],
    },
    th: {
      subject: 'มีผู้พยายามสมัครด้วยอีเมลของคุณ',
      body: [
        'เรียน คุณ{name}',
        'มีผู้พยายามสร้างบัญชีพอร์ทัลนักพัฒนาด้วยอีเมลนี้ ซึ่งมีบัญชีอยู่แล้ว หากเป็นคุณ โปรดเข้าสู่ระบบ หรือตั้งรหัสผ่านใหม่ที่นี่:',
        '{link}',
        'หากไม่ใช่คุณ โปรดเพิกเฉยต่ออีเมลนี้ บัญชีของคุณไม่มีการเปลี่ยนแปลง',
      ],
    },
  },
  reset: {
    en: {
      subject: 'Reset your password',
      body: [
        'Hello {name},',
        'Open this link within 1 hour to choose a new password. It works once; every signed-in browser is signed out after the change.',
        '{link}',
        'If you did not ask for this, ignore this email; your password is unchanged.',
      ],
    },
    th: {
      subject: 'ตั้งรหัสผ่านใหม่',
      body: [
        'เรียน คุณ{name}',
        'เปิดลิงก์นี้ภายใน 1 ชั่วโมงเพื่อตั้งรหัสผ่านใหม่ ลิงก์ใช้ได้ครั้งเดียว และทุกเบราว์เซอร์ที่เข้าสู่ระบบไว้จะออกจากระบบหลังการเปลี่ยน',
        '{link}',
        'หากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณไม่มีการเปลี่ยนแปลง',
      ],
    },
  },
  email: {
    en: {
      subject: 'Confirm your new email address',
      body: [
        'Hello {name},',
        'Open this link within 24 hours to make this address the one of your developer portal account:',
        '{link}',
        'If you did not ask for this, ignore this email.',
      ],
    },
    th: {
      subject: 'ยืนยันอีเมลใหม่ของคุณ',
      body: [
        'เรียน คุณ{name}',
        'เปิดลิงก์นี้ภายใน 24 ชั่วโมงเพื่อใช้อีเมลนี้กับบัญชีพอร์ทัลนักพัฒนาของคุณ:',
        '{link}',
        'หากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้',
      ],
    },
  },
  invite: {
    en: {
      subject: 'You are invited to the developer portal',
      body: [
        'Hello,',
        'You are invited to create an account on the developer portal. Open this link within 7 days:',
        '{link}',
      ],
    },
    th: {
      subject: 'คำเชิญเข้าร่วมพอร์ทัลนักพัฒนา',
      body: ['สวัสดี', 'คุณได้รับเชิญให้สร้างบัญชีในพอร์ทัลนักพัฒนา โปรดเปิดลิงก์นี้ภายใน 7 วัน:', '{link}'],
    },
  },
  approved: {
    en: {
      subject: 'Your subscription is approved',
      body: ['Hello {name},', 'Your subscription "{subscription}" is approved: its keys work now.', '{link}'],
    },
    th: {
      subject: 'การสมัครใช้งานของคุณได้รับการอนุมัติ',
      body: ['เรียน คุณ{name}', 'การสมัครใช้งาน "{subscription}" ได้รับการอนุมัติแล้ว คีย์ใช้งานได้ทันที', '{link}'],
    },
  },
  rejected: {
    en: {
      subject: 'Your subscription was not approved',
      body: [
        'Hello {name},',
        'Your subscription "{subscription}" was not approved. Reason: {reason}',
        '{link}',
      ],
    },
    th: {
      subject: 'การสมัครใช้งานของคุณไม่ได้รับการอนุมัติ',
      body: ['เรียน คุณ{name}', 'การสมัครใช้งาน "{subscription}" ไม่ได้รับการอนุมัติ เหตุผล: {reason}', '{link}'],
    },
  },
  quota80: {
    en: {
      subject: 'Your subscription used 80 % of its daily quota',
      body: [
        'Hello {name},',
        'Your subscription "{subscription}" has made {used} of its {quota} calls today (Bangkok time). At {quota}, its keys are refused with 403 until midnight in Bangkok.',
        'Your usage, and how to stop these emails:',
        '{link}',
      ],
    },
    th: {
      subject: 'การสมัครใช้งานของคุณใช้โควตารายวันไปแล้ว 80 %',
      body: [
        'เรียน คุณ{name}',
        'การสมัครใช้งาน "{subscription}" เรียกใช้ไปแล้ว {used} จาก {quota} ครั้งของวันนี้ (เวลาไทย) เมื่อครบ {quota} ครั้ง คีย์จะถูกปฏิเสธด้วย 403 จนถึงเที่ยงคืน',
        'ดูการใช้งาน และวิธีหยุดรับอีเมลนี้:',
        '{link}',
      ],
    },
  },
  quota100: {
    en: {
      subject: 'Your subscription reached its daily quota',
      body: [
        'Hello {name},',
        'Your subscription "{subscription}" has made all {quota} calls of its daily quota: its keys are refused with 403 until midnight in Bangkok.',
        'Your usage, and how to stop these emails:',
        '{link}',
      ],
    },
    th: {
      subject: 'การสมัครใช้งานของคุณใช้โควตารายวันครบแล้ว',
      body: [
        'เรียน คุณ{name}',
        'การสมัครใช้งาน "{subscription}" เรียกใช้ครบ {quota} ครั้งของโควตารายวันแล้ว คีย์จะถูกปฏิเสธด้วย 403 จนถึงเที่ยงคืน (เวลาไทย)',
        'ดูการใช้งาน และวิธีหยุดรับอีเมลนี้:',
        '{link}',
      ],
    },
  },
  rateLimited: {
    en: {
      subject: 'Your key is often refused by its rate limit',
      body: [
        'Hello {name},',
        'In the last hour, {used} calls of your subscription "{subscription}" were refused with 429 by its rate limit ({quota}). Space the calls out, or wait for the seconds the Retry-After header gives.',
        'Its request log:',
        '{link}',
      ],
    },
    th: {
      subject: 'คีย์ของคุณถูกปฏิเสธเพราะเกินอัตราการเรียกบ่อยครั้ง',
      body: [
        'เรียน คุณ{name}',
        'ในชั่วโมงที่ผ่านมา การเรียกของการสมัครใช้งาน "{subscription}" ถูกปฏิเสธด้วย 429 ไป {used} ครั้ง เพราะเกินอัตราที่กำหนด ({quota}) โปรดเว้นระยะการเรียก หรือรอตามวินาทีในส่วนหัว Retry-After',
        'บันทึกการเรียกใช้:',
        '{link}',
      ],
    },
  },
};

export type EmailKind = keyof typeof TEXTS;

/** One email of `kind` in `lang`, with its values put in: escaped in the HTML part. */
export function email(
  kind: EmailKind,
  lang: Lang,
  to: string,
  values: {
    link: string;
    name?: string;
    subscription?: string;
    reason?: string;
    used?: string;
    quota?: string;
  },
): Mail {
  const { subject, body } = TEXTS[kind]![lang];
  const fill = (line: string, escape: (s: string) => string) =>
    line.replace(/\{(link|name|subscription|reason|used|quota)\}/g, (_m, key: keyof typeof values) =>
      key === 'link' ? values.link : escape(values[key] ?? ''),
    );
  const text = body.map((line) => fill(line, (s) => s)).join('\n\n');
  const html = body
    .map((line) =>
      line === '{link}'
        ? `<p><a href="${escapeHtml(values.link)}">${escapeHtml(values.link)}</a></p>`
        : `<p>${fill(line, escapeHtml)}</p>`,
    )
    .join('\n');
  return {
    to,
    subject,
    text: `${text}\n`,
    html: `<!doctype html><html lang="${lang}"><body>\n${html}\n</body></html>\n`,
    link: values.link,
  };
}
