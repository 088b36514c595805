/* ccode_loop_bad.pml -- x changes only inside embedded C (c_code in a do
 * loop).  pan's table writes the statement "{c_code1}"; read as a
 * condition without effect, hL/hU/hUc proved the initial state a dead end
 * and with -E reported no violation (issue 13 item 1).
 * SPIN 6.5.2 pan -E: errors 1.  spin -t cannot replay the C effects.
 */

// replay: steps
byte x;
active proctype P() {
	do
	:: x < 3 -> c_code { now.x++; }
	:: x >= 3 -> break
	od;
	assert(x < 3)
}
