// only: -E
/* chan_passing_bad.pml -- a channel passed in a message: S's chan
 * variable c names a buffered channel when the search starts, then the
 * rendezvous channel r received from q.
 * SPIN 6.5.2 pan -E: errors 1.
 */

chan q = [1] of { chan };
chan b1 = [1] of { byte };
chan r = [0] of { byte };
byte got;
active proctype S() {
	chan c = b1;
	q?c;
	c!5
}
active proctype R() {
	r?got;
	assert(got != 5)
}
init { q!r }
