/* claim_atomic_ok.pml -- the never claim enters an atomic sequence when
 * x is 1.  pan's breadth-first code, which spin-dmc drives, moves the
 * claim one step per step of the system and stops there with "atomic in
 * claim not supported in BFS", an error of pan; dmc reported it as a
 * violation (found by the differential tester, seed 5062).  SPIN 6.5.2
 * pan (depth-first): errors 0.  dmc must refuse the model (exit 2).
 */

byte x;
active proctype P() {
	x = 1;
	x = 2
}

never {
	do
	:: atomic { x == 1 -> x == 1 }
	:: else
	od
}
