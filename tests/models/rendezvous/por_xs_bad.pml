/* P's offer is on a channel declared xs, so partial-order reduction may
 * expand P alone; its offer fails and Q's assertion must still be found
 * (SPIN's DFS reports the xs declaration on a rendezvous channel as an
 * error). */
chan c = [0] of { byte };
byte x;
active proctype P() { xs c; c!0 }
active proctype Q() { x = 1; assert(x == 0) }
