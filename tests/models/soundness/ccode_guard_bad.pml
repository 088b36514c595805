/* ccode_guard_bad.pml -- c_code [guard] { ... }: the guard and the effect
 * are C; x changes nowhere else.  SPIN 6.5.2 pan -E: errors 1.
 */

// replay: steps
byte x;
active proctype P() {
	do
	:: c_code [now.x < 5] { now.x = now.x + 2; }
	:: x == 4 -> break
	od;
	assert(false)
}
