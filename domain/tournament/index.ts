// Swiss (FIDE Dutch), TRF and the pairing command line.
export * from './model';
export { parseTrf, makeTrf, TRF_ERROR_CODES, type Trf, type TrfError, type TrfErrorCode, type TrfHeader } from './trf';
export { pairDutchRound, type DutchOptions } from './dutch/pair';
export { maxWeightMatching, type WeightedEdge } from './blossom';
export { roundCases, type RoundCase } from './vectors';
export { parsePairArgs, runPair, formatPairing, type PairArgs, type CliResult } from './cli';
// End of the Swiss block.

// Round robin, elimination brackets, standings with tie-breaks, and ratings.
export * from './index-b';
