/* run_plus_bad.pml -- two runs in one expression, "p = (run Q(5)+run Q(5))".
 * SPIN 6.5.2 pan -E: errors 1.
 */

byte x;
proctype Q(byte k) { x = x + 1 }
active proctype P() {
	byte p;
	p = run Q(5) + run Q(5);
	x == 2;
	assert(false)
}
