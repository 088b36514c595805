/* index_oob_bad.pml -- an array index out of bounds: pan reports it as
 * an assertion violation ("invalid array index"), which no target
 * locates; pruning lost it.  SPIN 6.5.2 pan -E: errors 1.
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
	:: x = 1; a[i] = 1
	:: (i == 7) -> assert(false)
	fi
}
