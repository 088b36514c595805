/* pan-options: -E
 * -E turns off the end-state check, not timeout: Q's assertion is
 * reached once P's offer fails. */
chan c = [0] of { byte };
active proctype P() { c!0 }
active proctype Q() { timeout -> assert(false) }
