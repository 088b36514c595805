/* pan-options: -E
 * Blocked on an offer, but -E: no end-state check. */
chan c = [0] of { byte };
byte x;
active proctype P() { x = 1; c!0 }
active proctype Q() { assert(x <= 1) }
