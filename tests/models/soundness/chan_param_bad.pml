// only: -E
/* chan_param_bad.pml -- a process run starts receives on a rendezvous
 * channel it gets as a parameter: its channel is not known when the
 * abstract model is built, so it was read as a buffered channel and never
 * met the sender (a false dead end with hL/hU/hUc).
 * SPIN 6.5.2 pan -E: errors 1.
 */

chan r = [0] of { byte };
byte got;
proctype W(chan in) {
	byte v;
	in?v;
	got = v
}
init {
	run W(r);
	r!5;
	got == 5;
	assert(false)
}
