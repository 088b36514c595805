/* Inside atomic P offers on c (never taken) and on d (always taken):
 * P never blocks there, so Q never sees x == 1 (pan -DBFS breaks the
 * atomic sequence when the offer on c fails and finds a violation
 * SPIN's DFS does not have). */
chan c = [0] of { byte };
chan d = [0] of { byte };
byte x;
active proctype P() { atomic { x = 1; if :: c!0 :: d!0 fi } }
active proctype R() { atomic { d?0; x = 0 } }
active proctype Q() { end: x == 1 -> assert(false) }
