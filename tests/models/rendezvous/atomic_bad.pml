/* P blocks inside atomic on an offer nobody takes: SPIN's DFS lets the
 * other processes move (atomicity is lost), and Q's assertion fails. */
chan c = [0] of { byte };
byte x;
active proctype P() { atomic { x = 1; c!0; x = 0 } }
active proctype Q() { x == 1 -> assert(false) }
