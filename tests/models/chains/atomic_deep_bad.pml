/* An assertion inside a long atomic sequence (its choices keep SPIN from
 * merging it into one step), and a shorter way to the same assertion
 * outside it: bfs and A* must report SPIN BFS's trail although the
 * chain's states are queued without being stored (tests/e2e/chains.sh). */
byte x, y, k;
active proctype A() {
	atomic {
		if :: x = 1 :: x = 2 fi;
		if :: x = x + 1 :: x = x + 2 fi;
		if :: x = x + 1 :: x = x + 2 fi;
		if :: y = x :: y = 0 fi;
		assert(y != 5)
	}
}
active proctype B() {
	k = 1; k = 2; k = 3; y = 5; assert(y != 5)
}
