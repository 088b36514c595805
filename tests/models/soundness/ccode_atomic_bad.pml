/* ccode_atomic_bad.pml -- c_code inside atomic, in a second process.
 * SPIN 6.5.2 pan -E: errors 1.
 */

// replay: steps
byte x;
active proctype W() {
	atomic { x == 0; c_code { now.x = 7; } }
}
active proctype P() {
	x == 7;
	assert(false)
}
