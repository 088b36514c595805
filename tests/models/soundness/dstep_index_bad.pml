/* dstep_index_bad.pml -- an index out of bounds inside a d_step: pan
 * reports it as an assertion violation, at a step whose code the tables
 * do not show.  SPIN 6.5.2 pan -E: errors 1.
 */
// replay: steps
byte a[2];
byte i, x;
active proctype P() {
	do
	:: i < 3 -> i++
	:: break
	od;
	if
	:: x = 1; d_step { x = 2; a[i] = 1 }
	:: (i == 7) -> assert(false)
	fi
}
