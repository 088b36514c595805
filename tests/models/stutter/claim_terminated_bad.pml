/* Every process has ended: the claim still moves alone to its end. */
byte x;
active proctype P() { x = 1 }
active proctype Q() { x == 1 }
never { x == 0; x == 1; x == 1; x == 1 }
