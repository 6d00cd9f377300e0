// The endpoint fuzzer, part 1 of the routes (api-fuzz-suite.ts says what it sends and why).
import { fuzzPart } from './api-fuzz-suite.ts';

fuzzPart(1);
