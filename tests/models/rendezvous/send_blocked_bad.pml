/* A rendezvous send nobody receives: SPIN's DFS reports an invalid end
 * state in the initial state (pan -DBFS counts the offer as a move). */
chan c = [0] of { byte };
active proctype P() { c!0 }
