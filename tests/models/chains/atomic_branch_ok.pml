/* Atomic sequences that branch, merge and loop: the chain states of a
 * cycle inside atomic are cut by the chain bound (runtime/chains.h), the
 * search ends (tests/e2e/chains.sh). */
byte x, n, done;
active [2] proctype P() {
	byte i;
	do
	:: n < 3 ->
		atomic {
			if :: x = 1 :: x = 2 :: x = 1 fi;
			i = 0;
			do :: i < 4 -> i++ :: i >= 2 -> break od;
			n++
		}
	:: n >= 3 -> break
	od;
	atomic { done++; assert(done <= 2) }
}
active proctype Spin() {
	/* a cycle inside atomic: x goes round until Spin leaves it */
	atomic { x > 0 -> do :: x = (x % 3) + 1 :: x == 3 -> break od }
}
