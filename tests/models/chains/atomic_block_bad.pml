/* A chain that blocks inside atomic (atomicity lost: the other process
 * moves), an offer taken inside atomic, and an invalid end state inside
 * an atomic sequence (tests/e2e/chains.sh). */
chan c = [0] of { byte };
byte x, y;
active proctype P() {
	atomic { x = 1; y == 1 -> x = 2; c!x; x = 3; false }
}
active proctype Q() {
	x == 1 -> y = 1; c?_
}
