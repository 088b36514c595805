/* P's offer fails, so in SPIN's DFS no process can move and timeout
 * becomes true: Q's assertion is reached. */
chan c = [0] of { byte };
active proctype P() { c!0 }
active proctype Q() { timeout -> assert(false) }
