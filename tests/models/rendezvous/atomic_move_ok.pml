/* Inside atomic P has an offer nobody takes and an executable guard:
 * P does not block, atomicity holds, Q never sees x == 1. */
chan c = [0] of { byte };
byte x, y = 1;
active proctype P() { atomic { x = 1; if :: c!0 :: y > 0 -> skip fi; x = 0 } }
active proctype Q() { end: x == 1 -> assert(false) }
