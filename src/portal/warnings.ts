import { bangkokToday } from '../domain/dates.js';
import type { DeveloperRepository } from '../store/developer-repo.js';
import type { WarningCandidate, WarningsRepository } from '../store/warnings-repo.js';
import type { Accounts } from './accounts.js';
import type { EmailKind } from './emails.js';

/**
 * Quota and limit warnings by email (docs/portal.md): at 80 % and at 100 % of a subscription's daily
 * quota, each once a (Bangkok) day, and when its key was refused by the rate limit more than
 * RATE_LIMIT_WARNING times in the last hour, once a day; a subscription may opt out of them. Checked
 * off every call's path, each after the write of what it reads: the quota's after each usage write
 * (gateway/usage-recorder.ts), the rate limit's after each request log write (gateway/request-log.ts),
 * which a server's timer makes after the usage write of the same calls. With several nodes, the first
 * to record a warning sends it.
 */
export class Warnings {
  constructor(
    private readonly o: {
      repo: WarningsRepository;
      developers: DeveloperRepository;
      accounts: Accounts;
      now: () => Date;
      /** Refusals by the rate limit in an hour past which a warning goes. */
      rateLimitWarning: number;
    },
  ) {}

  /** After a usage write: the 80 % and 100 % warnings. */
  async checkQuota(): Promise<void> {
    const now = this.o.now();
    const day = bangkokToday(now);
    for (const near of await this.o.repo.nearQuota(day, 0.8)) {
      const full = near.count >= near.calls;
      // Reaching 100 % first sends only that one: the 80 % mark is passed with it.
      if (full && (await this.o.repo.claim(near.subscriptionId, day, 'quota100', now))) {
        await this.o.repo.claim(near.subscriptionId, day, 'quota80', now);
        await this.send('quota100', near, 'usage');
      } else if (!full && (await this.o.repo.claim(near.subscriptionId, day, 'quota80', now)))
        await this.send('quota80', near, 'usage');
    }
  }

  /** After a request log write: the warning of a key often refused by its rate limit. */
  async checkRateLimit(): Promise<void> {
    const now = this.o.now();
    const day = bangkokToday(now);
    const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
    for (const limited of await this.o.repo.oftenLimited(hourAgo, this.o.rateLimitWarning))
      if (await this.o.repo.claim(limited.subscriptionId, day, 'rate', now))
        await this.send('rateLimited', limited, 'requests');
  }

  private async send(kind: EmailKind, warning: WarningCandidate, page: string): Promise<void> {
    const developer = await this.o.developers.get(warning.developerId);
    if (!developer || developer.closed_at !== null) return;
    const numbers = new Intl.NumberFormat(developer.lang === 'th' ? 'th-TH' : 'en-GB');
    const limit =
      warning.seconds === null
        ? numbers.format(warning.calls)
        : `${numbers.format(warning.calls)} / ${numbers.format(warning.seconds)} s`;
    await this.o.accounts.mail(
      kind,
      developer,
      developer.email,
      this.o.accounts.page(`${page}/${warning.subscriptionId}`),
      { subscription: warning.name, used: numbers.format(warning.count), quota: limit },
    );
  }
}
