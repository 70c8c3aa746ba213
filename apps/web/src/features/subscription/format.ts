// The formatters live in the contract so the overview's subscription summary formats alike.
export {
  formatCredits,
  formatDate,
  formatMoney,
  periodAdjective,
  periodNoun,
  planLabel,
} from '@enq/contract';
