/*
 * live_por_np_bad.pml -- a non-progress cycle only through an
 * interleaving (partial-order reduction; tests/e2e/liveness.sh, -l).  P
 * passes a progress label in its loop; N loops forever on a local
 * variable (safe steps, the highest pid: expanded alone first).  The
 * cycle where N loops while P waits between its two steps (away from the
 * progress label) is a non-progress cycle; with P at the label it is not.
 */
byte y;
active proctype P() {
	byte k;
	do
	:: k = 1 - k;
progress:	y = k
	od
}
active proctype N() { byte c; do :: c = (c + 1) % 3 od }
