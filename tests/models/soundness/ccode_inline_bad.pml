/* ccode_inline_bad.pml -- c_code inside an inline.
 * SPIN 6.5.2 pan -E: errors 1.
 */

// replay: steps
byte x;
inline bump() { c_code { now.x++; } }
active proctype P() {
	bump();
	bump();
	x == 2;
	assert(false)
}
