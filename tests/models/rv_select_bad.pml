/* rv_select_bad.pml -- rendezvous channels with several senders.
 * Three senders offer their _pid on one rendezvous channel; a receiver
 * takes two messages and asserts that they came in increasing pid order.
 * Nothing forces that order, so the assertion can fail.
 * Expected verdict: violation (assertion).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (19 states stored, trail 5 steps),
 *   DFS errors: 1 (3 states stored, trail 5 steps).
 */
chan c = [0] of { byte };

active [3] proctype sender()
{
	c ! _pid
}

active proctype receiver()
{
	byte a, b;
	c ? a;
	c ? b;
	assert(a < b)                /* wrong: any two senders may go first */
}
