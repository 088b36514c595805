/* blocked_noend_E.pml -- pan options given by the model (-E).
 * A consumer reads from a channel that the producer stops filling, so the
 * consumer ends up blocked outside an end label: an invalid end state.
 * With pan's -E (do not report invalid end states) the model is correct;
 * the test harness passes the option on the pan-options line to SPIN's
 * reference pan and to dmc alike.  An assertion that holds is checked too.
 * Expected verdict (with -E): no violation.
 * SPIN 6.5.2 observed (with -E) (-DNOREDUCE): BFS errors: 0 (36 states stored),
 *   DFS errors: 0 (36 states stored).
 * (without -E: errors: 1, invalid end state).
 */
// pan-options: -E
chan c = [1] of { byte };

active proctype producer()
{
	byte i;
	for (i : 1 .. 3) {
		c ! i
	}
}

active proctype consumer()
{
	byte v, last = 0;
	do
	:: c ? v -> assert(v == last + 1); last = v    /* blocks after 3 */
	od
}
