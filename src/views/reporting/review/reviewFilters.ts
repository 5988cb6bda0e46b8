/** The review queue's URL keys on the conversations list (→ `filter[...]`, docs/review-contract.md). */
export const REVIEW_FILTERS = ['evaluation', 'score_min', 'score_max'] as const;

export const EVALUATION_STATES = [
  { value: 'none', label: 'Not evaluated' },
  { value: 'evaluated', label: 'Evaluated' },
  { value: 'mine', label: 'Evaluated by me' },
] as const;
