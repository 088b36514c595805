/* dstep_assert_bad.pml -- the assert that fails is inside a d_step, which
 * pan's tables show only as "D_STEP..": the targets cannot locate it, so
 * pruning the states that cannot reach the other assert lost it.
 * SPIN 6.5.2 pan -E: errors 1.
 */

byte x;
active proctype P() {
	if
	:: x = 1; d_step { x = 2; assert(x == 1) }
	:: (x == 5) -> assert(false)
	fi
}
