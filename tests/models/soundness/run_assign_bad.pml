/* run_assign_bad.pml -- Q is started only by a run inside an assignment
 * (pan's text "p = run Q()"): Q never started in the abstract model.
 * SPIN 6.5.2 pan -E: errors 1.
 */

byte x;
proctype Q() { x = 1 }
active proctype P() {
	byte p;
	p = run Q();
	x == 1;
	assert(false)
}
