import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

// The SEC open API's answers, as far as the connector uses them (docs/connectors.md, SEC; the spec's
// Sources section). Fields the connector does not read are allowed and ignored; the ones it reads are
// checked before anything of an answer is used, so an answer of another shape stops its batch with
// a message naming the field rather than publishing a guess.

/** A number as SEC writes one: a JSON number, or a numeric text; null or absent when there is none. */
const Amount = Type.Optional(Type.Union([Type.Number(), Type.String(), Type.Null()]));
const Text = Type.Optional(Type.Union([Type.String(), Type.Null()]));

/** `GET /FundFactsheet/fund/amc`: the fund houses. */
export const AmcList = Type.Array(
  Type.Object({ unique_id: Type.String({ minLength: 1 }), name_th: Text, name_en: Text }),
);

/** `GET /FundFactsheet/fund/amc/{unique_id}`: a house's funds (projects). */
export const FundList = Type.Array(
  Type.Object({
    proj_id: Type.String({ minLength: 1 }),
    proj_name_th: Text,
    proj_name_en: Text,
    proj_abbr_name: Type.String(),
    fund_status: Type.String(),
    regis_date: Text,
    cancel_date: Text,
    unique_id: Type.String(),
    /** When SEC last updated anything of the fund: its facts are read again when it moves. */
    last_upd_date: Text,
  }),
);

// The per-fund facts (connectors.md, "SEC fund facts"): each an object or a list of them, with its
// own last_upd_date; free text in base64 where SEC says so.
const OneOrMany = <T extends TSchema>(row: T) => Type.Union([row, Type.Array(row)]);
export const FundRisk = OneOrMany(
  Type.Object({ risk_spectrum: Text, risk_spectrum_desc: Text, last_upd_date: Text }),
);
export const FundFees = Type.Array(
  Type.Object({
    class_abbr_name: Text,
    fee_type_desc: Text,
    rate: Amount,
    actual_value: Amount,
    last_upd_date: Text,
  }),
);
export const FundBenchmark = OneOrMany(Type.Object({ benchmark: Text, last_upd_date: Text }));
export const FundDividendFacts = OneOrMany(
  Type.Object({
    class_abbr_name: Text,
    dividend_policy: Text,
    dividend_policy_remark: Text,
    dividend_details: Type.Optional(
      Type.Union([
        Type.Array(Type.Object({ book_closing_date: Text, payment_date: Text, dividend_per_share: Amount })),
        Type.Null(),
      ]),
    ),
    last_upd_date: Text,
  }),
);
export const FundUrls = OneOrMany(
  Type.Object({ url_factsheet: Text, url_prospectus: Text, last_upd_date: Text }),
);
export const FundIpo = OneOrMany(Type.Object({ inception_date: Text, last_upd_date: Text }));
export const FundPolicyText = OneOrMany(
  Type.Object({ policy_desc: Text, investment_policy_desc: Text, last_upd_date: Text }),
);

/** `GET /FundFactsheet/fund/{proj_id}/policy`: the fund's policy type, for its category. */
export const FundPolicy = Type.Union([
  Type.Object({ policy_desc: Text }),
  Type.Array(Type.Object({ policy_desc: Text })),
]);

/** `GET /FundDailyInfo/{proj_id}/dailynav/{date}`, the older shape: one object, classes in remarks. */
export const NavObject = Type.Object({
  nav_date: Type.String(),
  net_asset: Amount,
  last_val: Amount,
  amc_info: Type.Optional(
    Type.Union([
      Type.Array(
        Type.Object({
          sell_price: Amount,
          buy_price: Amount,
          remark_en: Text,
          remark_th: Text,
        }),
      ),
      Type.Null(),
    ]),
  ),
});

/** The same, the newer shape: one row per class (`class_abbr_name` "-" for a fund without classes). */
export const NavRows = Type.Array(
  Type.Object({
    nav_date: Type.Optional(Type.String()),
    class_abbr_name: Text,
    last_val: Amount,
    sell_price: Amount,
    buy_price: Amount,
    net_asset: Amount,
  }),
);

export const DailyNav = Type.Union([NavObject, NavRows]);

export type AmcList = Static<typeof AmcList>;
export type FundList = Static<typeof FundList>;
export type SecFund = FundList[number];
export type FundPolicy = Static<typeof FundPolicy>;
export type DailyNav = Static<typeof DailyNav>;

const compiled = new WeakMap<TSchema, ReturnType<typeof TypeCompiler.Compile>>();

/** Where `answer` is not of `schema`'s shape (the first place, said briefly), or null when it is. */
export function shapeProblem(schema: TSchema, answer: unknown): string | null {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  if (check.Check(answer)) return null;
  const first = check.Errors(answer).First();
  return first ? `at ${first.path || '/'}: ${first.message}` : 'not of the documented shape';
}
