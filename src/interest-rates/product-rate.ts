/** A deposit or loan product's rate in force on a day, as the store keeps it (the repositories' answer). */
export interface ProductRate {
  name_en: string;
  name_th: string;
  /** Percent per annum as a decimal string, kept exactly as published. */
  rate: string;
  /** YYYY-MM-DD */
  effective_date: string;
  /** 'YYYY-MM-DD HH:mm:ss', Bangkok */
  submitted_at: string;
}
