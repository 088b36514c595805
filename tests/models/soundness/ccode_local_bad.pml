/* ccode_local_bad.pml -- c_code writes a local of the process.
 * SPIN 6.5.2 pan -E: errors 1.
 */

// replay: steps
active proctype P() {
	byte n;
	c_code { ((P0 *) _this)->n = 9; };
	n == 9;
	assert(false)
}
