/* buf_overflow_bad.pml -- buffered channel and len().
 * Two producers each put 3 messages into a channel of capacity 4; a slow
 * consumer takes a message only occasionally.  The assertion claims the
 * channel never holds 4 messages (it can: the buffer fills up).
 * Expected verdict: violation (assertion).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (601 states stored, trail 13 steps),
 *   DFS errors: 1 (215 states stored, trail 35 steps).
 */
chan q = [4] of { byte };

active [2] proctype producer()
{
	byte k;
	for (k : 1 .. 3) {
		q ! _pid
	}
}

active proctype consumer()
{
	byte v;
	do
	:: q ? v
	:: assert(len(q) < 4)        /* wrong: four messages fit */
	:: empty(q) -> skip
	od
}
