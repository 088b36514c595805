/* ccode_ok.pml -- embedded C that keeps the assertion true: no false
 * violation either.  SPIN 6.5.2 pan -E: errors 0.
 */

byte x;
active proctype P() {
	do
	:: x < 3 -> c_code { now.x++; }
	:: x >= 3 -> break
	od;
	assert(x == 3)
}
